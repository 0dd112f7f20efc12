import corpus from './fixtures/classifier-corpus.json' with { type: 'json' };
import geography from './fixtures/geography-releases.json' with { type: 'json' };
import geographyHoldout from './fixtures/geography-holdout.json' with { type: 'json' };
import geographyFresh2 from './fixtures/geography-fresh-2.json' with { type: 'json' };
import {
  FACTS_FRESH_2,
  FACTS_FRESH_3,
  FACTS_FRESH_4,
  FACTS_FRESH_5,
  FACTS_FRESH_6,
  FACTS_FRESH_7,
  FACTS_FRESH_8,
  FACTS_FRESH_9,
  FACTS_FRESH_10,
  FACTS_FRESH_11,
  FACTS_FRESH_12,
  FACTS_FRESH_13,
  FACTS_FRESH_14,
  FACTS_FRESH_15,
  FACTS_FRESH_16,
  FACTS_FRESH_17,
  FACTS_FRESH_18,
} from './facts-scoring.ts';

/**
 * The labelled releases the article classifier is measured on (test and bench), and the scoring.
 *
 * Labels say what a geologist reading the release would file it under: the commodities the news is about
 * (explored, drilled, produced, financed, by-products with grades included) and where its project or
 * operation is (country, and the state, province or region for the US, Canada, Australia, Mexico, Peru, Chile,
 * Argentina and Brazil: the states of the reference data). Not: a company's name, a drilling method, a gangue or
 * alteration mineral, the dateline city, the listing venue, the company's domicile, or a buyer's, funder's or
 * shareholder's home. Labels come from the text alone, not from knowing where a named mine is.
 */
export interface LabelledRelease {
  /** Why the release is in the corpus: the trap it sets. */
  note: string;
  title: string;
  body: string;
  commodities: string[];
  countries: string[];
  states: string[];
}

export const CLASSIFIER_CORPUS: readonly LabelledRelease[] = corpus;

/**
 * Releases labelled for geography only (issue 32), each written in our own words after a real release whose
 * address is its source: its places, wire dateline, company names and layout, with the traps real releases set
 * (a country in a company's name, a dateline, a buyer's or funder's home, a listing venue). Same labelling rules.
 */
export interface GeographyRelease extends Omit<LabelledRelease, 'commodities'> {
  /** The public page the release is modelled on. */
  source: string;
}

export const GEOGRAPHY_RELEASES: readonly GeographyRelease[] = geography;

export interface Tags {
  commodities: readonly string[];
  countries: readonly string[];
  states: readonly string[];
}

/** Micro-averaged precision and recall of one tag kind over the corpus, with the counts behind them. */
export interface Score {
  precision: number;
  recall: number;
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
}

export interface CorpusScore {
  commodity: Score;
  country: Score;
  state: Score;
  /** One line per release the classifier got wrong: what it added (+) and missed (-). */
  errors: string[];
}

type TagKind = keyof Tags;

/** Classifies every release and scores the given tag kinds against its labels, one error line per wrong release. */
function scoreKinds<K extends TagKind>(
  classify: (title: string, body: string) => Tags,
  releases: readonly (Pick<LabelledRelease, 'note' | 'title' | 'body'> & Record<K, readonly string[]>)[],
  kinds: readonly K[],
): { scores: Record<K, Score>; errors: string[] } {
  const counts = new Map(kinds.map((kind) => [kind, { tp: 0, fp: 0, fn: 0 }]));
  const errors: string[] = [];
  for (const release of releases) {
    const tags = classify(release.title, release.body);
    const wrong: string[] = [];
    for (const [kind, count] of counts) {
      const expected = new Set(release[kind]);
      const found = new Set(tags[kind]);
      const extra = [...found].filter((tag) => !expected.has(tag));
      const missed = [...expected].filter((tag) => !found.has(tag));
      count.tp += found.size - extra.length;
      count.fp += extra.length;
      count.fn += missed.length;
      wrong.push(...extra.map((tag) => `+${tag}`), ...missed.map((tag) => `-${tag}`));
    }
    if (wrong.length > 0) errors.push(`${release.title}: ${wrong.join(' ')} (${release.note})`);
  }
  const score = ({ tp, fp, fn }: { tp: number; fp: number; fn: number }): Score => ({
    precision: tp + fp === 0 ? 1 : tp / (tp + fp),
    recall: tp + fn === 0 ? 1 : tp / (tp + fn),
    truePositives: tp,
    falsePositives: fp,
    falseNegatives: fn,
  });
  const scores = Object.fromEntries([...counts].map(([kind, count]) => [kind, score(count)])) as Record<K, Score>;
  return { scores, errors };
}

/** Classifies every labelled release and scores commodities, countries and states against the labels. */
export function scoreCorpus(
  classify: (title: string, body: string) => Tags,
  releases: readonly LabelledRelease[] = CLASSIFIER_CORPUS,
): CorpusScore {
  const { scores, errors } = scoreKinds(classify, releases, ['commodities', 'countries', 'states']);
  return { commodity: scores.commodities, country: scores.countries, state: scores.states, errors };
}

/**
 * The geography releases held out from tuning: every fifth one. The rules were written reading only the others'
 * errors, so this part says whether they hold on releases they were not fitted to.
 */
export const isHeldOut = (index: number) => index % 5 === 4;
export const GEOGRAPHY_TUNING = GEOGRAPHY_RELEASES.filter((_, index) => !isHeldOut(index));
export const GEOGRAPHY_HOLDOUT = GEOGRAPHY_RELEASES.filter((_, index) => isHeldOut(index));

/**
 * Thirty releases written and labelled after the rules were, from sources not in the set above, and not read
 * while tuning: the classifier's figure on releases it has never been fitted to.
 */
export const GEOGRAPHY_FRESH: readonly GeographyRelease[] = geographyHoldout;

/**
 * Twenty-five more, written and labelled on 2026-11-29 from sources in neither set, scored untouched first
 * (countries P 0.90 R 0.96, states P 0.85 R 1.00), then read for the two rules their errors pointed to.
 */
export const GEOGRAPHY_FRESH_2: readonly GeographyRelease[] = geographyFresh2;

/**
 * The second fresh facts releases (test/fixtures/facts-fresh-2.json) carry their project's places too: 29 of
 * the 30 name one (a cleansing notice names none). Untouched: countries P 0.91 R 1.00, states P 0.91 R 0.91.
 */
export const GEOGRAPHY_FRESH_3: readonly GeographyRelease[] = placesOf(FACTS_FRESH_2);

/** The places of the third fresh facts releases (all 30 name one), not read for patterns yet. */
export const GEOGRAPHY_FRESH_4: readonly GeographyRelease[] = placesOf(FACTS_FRESH_3);

/** The places of the fourth fresh facts releases, not read either. */
export const GEOGRAPHY_FRESH_5: readonly GeographyRelease[] = placesOf(FACTS_FRESH_4);

/** The places of the fifth fresh facts releases. */
export const GEOGRAPHY_FRESH_6: readonly GeographyRelease[] = placesOf(FACTS_FRESH_5);

/** The places of the sixth fresh facts releases. */
export const GEOGRAPHY_FRESH_7: readonly GeographyRelease[] = placesOf(FACTS_FRESH_6);

/** The places of the seventh fresh facts releases. */
export const GEOGRAPHY_FRESH_8: readonly GeographyRelease[] = placesOf(FACTS_FRESH_7);

/** The places of the eighth fresh facts releases. */
export const GEOGRAPHY_FRESH_9: readonly GeographyRelease[] = placesOf(FACTS_FRESH_8);

/** The places of the ninth fresh facts releases, not read. */
export const GEOGRAPHY_FRESH_10: readonly GeographyRelease[] = placesOf(FACTS_FRESH_9);

/** The places of the tenth fresh facts releases (a news feed's week). */
export const GEOGRAPHY_FRESH_11: readonly GeographyRelease[] = placesOf(FACTS_FRESH_10);

/** The places of the eleventh fresh facts releases (a second news week). */
export const GEOGRAPHY_FRESH_12: readonly GeographyRelease[] = placesOf(FACTS_FRESH_11);

/** The places of the twelfth fresh facts releases (a third news week). */
export const GEOGRAPHY_FRESH_13: readonly GeographyRelease[] = placesOf(FACTS_FRESH_12);

/** The places of the thirteenth fresh facts releases (a fourth news week). */
export const GEOGRAPHY_FRESH_14: readonly GeographyRelease[] = placesOf(FACTS_FRESH_13);

/** The places of the fourteenth fresh facts releases (a fifth news week). */
export const GEOGRAPHY_FRESH_15: readonly GeographyRelease[] = placesOf(FACTS_FRESH_14);

/** The places of the fifteenth fresh facts releases (a sixth news week). */
export const GEOGRAPHY_FRESH_16: readonly GeographyRelease[] = placesOf(FACTS_FRESH_15);

/** The places of the sixteenth fresh facts releases (a seventh news week, trade press). */
export const GEOGRAPHY_FRESH_17: readonly GeographyRelease[] = placesOf(FACTS_FRESH_16);

/** The places of the seventeenth fresh facts releases (an eighth news week), not read. */
export const GEOGRAPHY_FRESH_18: readonly GeographyRelease[] = placesOf(FACTS_FRESH_17);

/** The places of the eighteenth fresh facts releases (a ninth news week, by commodity), not read. */
export const GEOGRAPHY_FRESH_19: readonly GeographyRelease[] = placesOf(FACTS_FRESH_18);

/** Every fresh geography set, in the order they were written. */
export const GEOGRAPHY_FRESH_SETS = [
  GEOGRAPHY_FRESH,
  GEOGRAPHY_FRESH_2,
  GEOGRAPHY_FRESH_3,
  GEOGRAPHY_FRESH_4,
  GEOGRAPHY_FRESH_5,
  GEOGRAPHY_FRESH_6,
  GEOGRAPHY_FRESH_7,
  GEOGRAPHY_FRESH_8,
  GEOGRAPHY_FRESH_9,
  GEOGRAPHY_FRESH_10,
  GEOGRAPHY_FRESH_11,
  GEOGRAPHY_FRESH_12,
  GEOGRAPHY_FRESH_13,
  GEOGRAPHY_FRESH_14,
  GEOGRAPHY_FRESH_15,
  GEOGRAPHY_FRESH_16,
  GEOGRAPHY_FRESH_17,
  GEOGRAPHY_FRESH_18,
  GEOGRAPHY_FRESH_19,
] as const;

function placesOf(releases: readonly (GeographyRelease & { labels: unknown })[]): GeographyRelease[] {
  return releases
    .filter((release) => release.countries.length > 0)
    .map(({ source, note, title, body, countries, states }) => ({ source, note, title, body, countries, states }));
}

/** Classifies every geography release and scores countries and states (of every country the set labels) against the labels. */
export function scoreGeography(
  classify: (title: string, body: string) => Tags,
  releases: readonly GeographyRelease[] = GEOGRAPHY_RELEASES,
): Omit<CorpusScore, 'commodity'> {
  const { scores, errors } = scoreKinds(classify, releases, ['countries', 'states']);
  return { country: scores.countries, state: scores.states, errors };
}
