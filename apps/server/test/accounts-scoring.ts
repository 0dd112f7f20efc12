import { EntityIndex, tickersIn, type Resolution } from '../src/modules/accounts/entity-resolution.ts';
import labelled from './fixtures/accounts/mentions.json' with { type: 'json' };

/**
 * The labelled company mentions of test/fixtures/accounts/mentions.json (each with the page it was read
 * from) and how entity resolution is scored on them: the known companies are indexed (names, former names,
 * listings), each mention is resolved with the listings written beside it, and a match counts as correct
 * when it names the labelled company. Precision: correct matches over all matches (a review or a "new" is
 * no match); recall: correct matches over mentions labelled with a known company.
 */

export interface LabelledCompany {
  key: string;
  name: string;
  tickers: string[];
  former_names: string[];
}

export interface LabelledMention {
  expect: string | null;
  name: string | null;
  listing: string | null;
  source: string;
}

export const ACCOUNT_COMPANIES = labelled.companies as LabelledCompany[];
export const ACCOUNT_MENTIONS = labelled.mentions as LabelledMention[];

export interface ResolutionScore {
  mentions: number;
  labelled: number;
  matched: number;
  correct: number;
  reviews: number;
  precision: number;
  recall: number;
  wrong: { mention: LabelledMention; got: string }[];
  missed: { mention: LabelledMention; resolution: Resolution }[];
}

export function indexOfCompanies(companies: LabelledCompany[]): EntityIndex {
  return new EntityIndex(
    companies.map((company, id) => ({
      id,
      names: [company.name, ...company.former_names],
      tickers: company.tickers,
    })),
  );
}

export function scoreResolution(companies = ACCOUNT_COMPANIES, mentions = ACCOUNT_MENTIONS): ResolutionScore {
  const index = indexOfCompanies(companies);
  const score: ResolutionScore = {
    mentions: mentions.length,
    labelled: mentions.filter((mention) => mention.expect !== null).length,
    matched: 0,
    correct: 0,
    reviews: 0,
    precision: 1,
    recall: 1,
    wrong: [],
    missed: [],
  };
  for (const mention of mentions) {
    const resolution = index.resolve({
      name: mention.name,
      tickers: mention.listing ? tickersIn(mention.listing) : [],
    });
    if (resolution.kind === 'review') score.reviews++;
    if (resolution.kind === 'match') {
      score.matched++;
      const got = companies[resolution.id]?.key ?? '?';
      if (got === mention.expect) score.correct++;
      else score.wrong.push({ mention, got });
    } else if (mention.expect !== null) score.missed.push({ mention, resolution });
  }
  score.precision = score.matched === 0 ? 1 : score.correct / score.matched;
  score.recall = score.labelled === 0 ? 1 : score.correct / score.labelled;
  return score;
}
