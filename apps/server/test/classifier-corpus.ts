import corpus from './fixtures/classifier-corpus.json' with { type: 'json' };

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

/** Classifies every labelled release and scores commodities, countries and states against the labels. */
export function scoreCorpus(
  classify: (title: string, body: string) => Tags,
  releases: readonly LabelledRelease[] = CLASSIFIER_CORPUS,
): CorpusScore {
  const kinds = ['commodities', 'countries', 'states'] as const;
  const counts = Object.fromEntries(kinds.map((kind) => [kind, { tp: 0, fp: 0, fn: 0 }])) as Record<
    (typeof kinds)[number],
    { tp: number; fp: number; fn: number }
  >;
  const errors: string[] = [];
  for (const release of releases) {
    const tags = classify(release.title, release.body);
    const wrong: string[] = [];
    for (const kind of kinds) {
      const expected = new Set(release[kind]);
      const found = new Set(tags[kind]);
      const extra = [...found].filter((tag) => !expected.has(tag));
      const missed = [...expected].filter((tag) => !found.has(tag));
      counts[kind].tp += found.size - extra.length;
      counts[kind].fp += extra.length;
      counts[kind].fn += missed.length;
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
  return {
    commodity: score(counts.commodities),
    country: score(counts.countries),
    state: score(counts.states),
    errors,
  };
}
