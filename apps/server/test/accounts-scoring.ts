import { EntityIndex, nameKey, tickersIn, type Resolution } from '../src/modules/accounts/entity-resolution.ts';
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

export interface DiscoveryScore {
  companies: number;
  pairPrecision: number;
  pairRecall: number;
  /** Mentions of different companies that ended up as one: what a wrong merge looks like to a rep. */
  wrongMerges: { a: string; b: string }[];
}

/**
 * Resolution as the product meets it: no company known at first, each mention resolved in turn, a new or
 * ambiguous one making a company of its own (as a scraper or CRM mention does) and a match adding its name
 * and listings to the company it joined (as `resolveOrCreate` does), so an early wrong join is repeated by
 * every later mention. Scored on pairs of mentions: precision, the pairs put in one company that name one
 * company; recall, the pairs naming one company that were put in one. A mention labelled with no known
 * company counts as its own company per name.
 */
export function scoreDiscovery(mentions = ACCOUNT_MENTIONS): DiscoveryScore {
  const index = new EntityIndex();
  const companyOf: number[] = [];
  let companies = 0;
  for (const mention of mentions) {
    const tickers = mention.listing ? tickersIn(mention.listing) : [];
    const name = mention.name ?? '';
    const resolution = index.resolve({ name: mention.name, tickers });
    if (resolution.kind === 'match') {
      if (name) index.addName(resolution.id, name);
      for (const ticker of tickers) index.addTicker(resolution.id, ticker);
      companyOf.push(resolution.id);
    } else {
      const id = companies++;
      index.add({ id, names: name ? [name] : [], tickers });
      companyOf.push(id);
    }
  }
  const label = (mention: LabelledMention) => mention.expect ?? `unlisted:${nameKey(mention.name ?? '')}`;
  let together = 0;
  let togetherRight = 0;
  let same = 0;
  const wrongMerges: DiscoveryScore['wrongMerges'] = [];
  for (let i = 0; i < mentions.length; i++)
    for (let j = i + 1; j < mentions.length; j++) {
      const a = mentions[i] as LabelledMention;
      const b = mentions[j] as LabelledMention;
      const sameLabel = label(a) === label(b);
      const sameCompany = companyOf[i] === companyOf[j];
      if (sameLabel) same++;
      if (!sameCompany) continue;
      together++;
      if (sameLabel) togetherRight++;
      else
        wrongMerges.push({
          a: `${a.name ?? ''} ${a.listing ?? ''}`.trim(),
          b: `${b.name ?? ''} ${b.listing ?? ''}`.trim(),
        });
    }
  return {
    companies,
    pairPrecision: together === 0 ? 1 : togetherRight / together,
    pairRecall: same === 0 ? 1 : togetherRight / same,
    wrongMerges,
  };
}
