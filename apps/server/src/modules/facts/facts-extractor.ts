import type { InterceptFact, MiningFacts } from '@mining-hub/contract/facts';
import { tablesOf } from './fact-tables.ts';
import { aboutSectionStart, defaultCurrency, drillTypeOf, foldText, unitsOf } from './fact-text.ts';
import { financingsOf } from './financings.ts';
import { interceptsOf } from './intercepts.ts';
import { issuersOf } from './issuers.ts';
import { programmesOf } from './programmes.ts';
import { projectsOf } from './projects.ts';
import { cutoffOf, resourcesOf, standardOf } from './resources.ts';
import { studiesOf } from './studies.ts';

/**
 * The facts extractor: a mining release's text in, its facts out (docs/ARCHITECTURE.md, "Mining facts").
 * Pure and deterministic: no I/O, no clock, nothing of prompts or analysers. `text` is the article's text
 * as the product keeps it (articleToText of an expanded page, a PDF's text layer, or plain text); every
 * fact's `start`/`end` are offsets into it and `quote` is `text.slice(start, end)`. The title helps find
 * the issuer and a study's stage when the body does not name them.
 */
export function extractFacts(text: string, options: { title?: string } = {}): MiningFacts {
  const title = options.title ?? '';
  const folded = foldText(text);
  const units = unitsOf(folded);
  const tables = tablesOf(units);
  const issuers = issuersOf(text, folded, title);
  const currency = defaultCurrency(folded) ?? homeCurrency(issuers[0]?.tickers ?? []);
  const drillTypes = new Set(
    [...folded.matchAll(/\b(?:RC|reverse circulation|diamond|aircore|air-core|sonic|RAB)\b/gi)].map((m) =>
      drillTypeOf(m[0]),
    ),
  );
  const releaseDrillType: InterceptFact['drill_type'] = drillTypes.size === 1 ? ([...drillTypes][0] ?? null) : null;
  // The company's own description restates its resources, studies and past raisings: not this release's.
  const aboutAt = aboutSectionStart(folded);
  const news = <T extends { start: number }>(facts: T[]) => facts.filter((fact) => fact.start < aboutAt);
  return {
    issuers,
    projects: projectsOf(units, text),
    intercepts: interceptsOf(units, tables, text, releaseDrillType),
    programmes: programmesOf(units, text),
    resources: news(resourcesOf(units, tables, text, { standard: standardOf(folded), cutoff: cutoffOf(folded) })),
    studies: news(studiesOf(units, text, currency, title)),
    financings: news(financingsOf(units, text, currency, title)),
  };
}

/**
 * A bare '$' where the release does not say which dollar: its issuer's home market's ('ASX:AVL' gives A$,
 * 'TSXV:ABC' C$), none for a company listed in New York too. A release in another dollar says so ('All figures in
 * US$'), which wins.
 */
function homeCurrency(tickers: readonly string[]): 'CAD' | 'AUD' | null {
  const exchanges = tickers.map((ticker) => ticker.split(':')[0]);
  // A company listed in New York as well may count in either dollar ('TSX: SLR; NYSE Amex: XPL').
  if (exchanges.some((exchange) => exchange === 'NYSE' || exchange === 'NYSE American' || exchange === 'NASDAQ'))
    return null;
  if (exchanges[0] === 'ASX') return 'AUD';
  if (exchanges[0] === 'TSX' || exchanges[0] === 'TSXV' || exchanges[0] === 'CSE') return 'CAD';
  return null;
}
