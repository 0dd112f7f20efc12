import type { MiningFacts } from '@mining-hub/contract/facts';
import { strongestFact } from '@mining-hub/contract/fact-lines';
import type { SignalFactFilter } from '@mining-hub/contract/signals';
import { articleToText, LOOKS_LIKE_HTML } from '../../adapters/ai/article-text.ts';
import { extractFacts } from './facts-extractor.ts';

/**
 * What the product stores of an article's facts (migration 018): the facts, the extractor version they were
 * read with, the strongest fact's line for Signals rows, and the tags the Signals `fact`/`stage` filters match.
 *
 * FACTS_VERSION: bump it whenever the extractor reads differently; a worker's start then reads every expanded
 * article again (facts.service.ts `backfill`), and a detail read refreshes the one it shows.
 */
export const FACTS_VERSION = 3;

export interface StoredFacts {
  facts: MiningFacts;
  version: number;
  headline: string | null;
  tags: string[];
}

/**
 * The text the facts' start/end offsets index: an expanded page's HTML as articleToText reads it (paragraphs
 * a blank line apart, table cells split by ' | '), other text (a PDF's text layer, plain text) as stored with
 * its line ends made '\n' (its runs of spaces split a PDF table's cells, so they stay).
 */
export function factsText(body: string): string {
  return LOOKS_LIKE_HTML.test(body) ? articleToText(body) : body.replace(/\r\n?/g, '\n');
}

/** Signals filter tags: the `fact` filter's values the facts satisfy, and `stage:<stage>` per study. */
export function factTags(facts: MiningFacts): string[] {
  const tags = new Set<SignalFactFilter | `stage:${string}`>();
  if (facts.financings.some((fact) => fact.status === 'closed')) tags.add('financing-closed');
  if (facts.programmes.some((fact) => fact.status === 'planned')) tags.add('programme-planned');
  if (facts.intercepts.length > 0) tags.add('intercepts');
  if (facts.resources.length > 0) tags.add('resource');
  if (facts.studies.length > 0) tags.add('study');
  for (const study of facts.studies) tags.add(`stage:${study.stage}`);
  return [...tags];
}

/** The facts of an expanded article (its full content), ready to store. */
export function readArticleFacts(article: { title: string; full_content: string }): StoredFacts {
  const facts = extractFacts(factsText(article.full_content), { title: article.title });
  return { facts, version: FACTS_VERSION, headline: strongestFact(facts), tags: factTags(facts) };
}

/** The columns of `articles` that hold StoredFacts. */
export function factColumns(stored: StoredFacts) {
  return {
    facts: JSON.stringify(stored.facts),
    facts_version: stored.version,
    fact_headline: stored.headline,
    fact_tags: stored.tags,
  };
}
