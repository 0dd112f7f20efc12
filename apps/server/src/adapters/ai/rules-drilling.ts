import type { MiningFacts } from '@mining-hub/contract/facts';
import { MONTH } from '../../lib/text.ts';
import { type DrillingFact } from './rules-facts.ts';
/** Planned drilling in a release, for the rules analyser: metres, timing, method, holes and contractor. */

// 'drill targets', 'drill-ready', 'never been drill tested' speak of drilling without planning any.
const NOT_DRILLING =
  /\bdrill[- ](?:targets?|ready|tested|test(?:ing)? targets? (?:identified|defined))\b|\bdrill core\b/gi;
const DRILLING_WORD =
  /\b(?:drill(?:ing|ed|s)?|rigs?|boreholes?|holes)\b|\b(?:RC|diamond|core|aircore|air-core|reverse circulation|sonic|rotary)\s+(?:\w+\s+)?(?:program(?:me)?|campaign)s?\b|\d\s?(?:-\s?)?(?:m|metres?|meters?)\s+(?:[\w()-]+\s+){0,2}(?:program(?:me)?|campaign)\b/i;
const FUTURE = new RegExp(
  [
    '\\bplann(?:ed|ing)\\b',
    '\\bplans?\\b',
    '\\bwill\\s+(?:\\w+\\s+){0,3}?(?:follow|comprise|include|test|commence|begin|start|drill|target|consist|total|run|continue|be (?:drilled|completed|conducted|carried out|undertaken|focused))',
    '\\bintends?\\b',
    '\\bexpects? to drill\\b',
    '\\b(?:expected|scheduled|due|set|designed) to (?:begin|start|commence|be completed|test|run)\\b',
    '\\bto (?:commence|begin|start|mobili[sz]e|drill)\\b',
    '\\b(?:starting|beginning|commencing) (?:in|on|during|from|early|mid|late)\\b',
    '\\bupcoming\\b',
    '\\bforthcoming\\b',
    '\\bproposed\\b',
    '\\b(?:a )?further \\d',
    '\\bcommit(?:s|ted|ment)\\b',
    '\\bfully[- ]funded\\b',
    '\\bto fund\\b',
    '\\bto support drilling\\b',
    '\\bnext phase\\b',
    '\\bannounces? (?:a|an)\\b',
    '\\bmobili[sz](?:e|es|ed|ing|ation)\\b',
  ].join('|'),
  'i',
);
const UNDERWAY =
  /\b(?:has|have) (?:commenced|begun|started)\b|\b(?:commenced|commences|begins|began|started|starts)\b|\bunder ?way\b|\bcontinu(?:es|ing)\b|\bongoing\b|\bin progress\b|\bturning\b/i;
const RESULTS_ONLY =
  /\b(?:assays?|results?)\b[^.]*\b(?:pending|awaited|will be (?:released|reported)|to be (?:released|reported))\b/i;
const PAST = /\b(?:completed|completes|has completed|totall?ing|drilled|historical|wraps up|were|was)\b/i;

const NUMBER = String.raw`(\d{1,3}(?:[,\u00a0\u202f ]\d{3})+|\d+(?:\.\d+)?)`;
const METRES_UNIT = String.raw`\s?(?:-\s?)?(?:metres?|meters?|m)\b`;
const METRE_PATTERNS = [
  // '15,000-metre diamond drilling program', '15,000 m drill programme', '5,000 metres of RC drilling'.
  new RegExp(
    `${NUMBER}${METRES_UNIT}(?:\\s+(?:of\\s+)?[\\p{L}()'’-]+){0,4}?\\s+(?:drill|drilling|drill-hole|program|programme|campaign)\\b`,
    'giu',
  ),
  // 'expects to drill 2,000 metres', 'drilling of approximately 10,000 m'.
  new RegExp(
    `\\bdrill(?:ing)?\\s+(?:of\\s+)?(?:approximately|about|up to|some|around|roughly|~)?\\s*${NUMBER}${METRES_UNIT}`,
    'gi',
  ),
  // 'a further 8,000 metres', 'comprise approximately 8,000 metres', 'at least 15,000 metres'.
  new RegExp(
    `\\b(?:further|additional|another|comprise|comprising|totalling|totaling|at least|minimum of|up to)\\s+(?:approximately\\s+|about\\s+)?${NUMBER}${METRES_UNIT}`,
    'gi',
  ),
  // '8,000 metres in 20 holes'.
  new RegExp(`${NUMBER}${METRES_UNIT}\\s+in\\s+(?:approximately\\s+|about\\s+)?\\d+\\s+(?:drill\\s+)?holes\\b`, 'gi'),
];

function parseNumber(text: string): number {
  return Number(text.replace(/[,\u00a0\u202f ]/g, ''));
}

/** Largest program-metres figure a sentence states, or null. */
function programMetres(sentence: string): number | null {
  let best: number | null = null;
  for (const pattern of METRE_PATTERNS) {
    pattern.lastIndex = 0;
    for (const match of sentence.matchAll(pattern)) {
      const value = parseNumber(match[1] ?? '');
      // Intercepts and hole depths are small; a program is at least a few hundred metres.
      if (Number.isFinite(value) && value >= 200 && value <= 1_000_000 && (best === null || value > best)) best = value;
    }
  }
  return best;
}

const WHEN = String.raw`(?:Q[1-4]\s*(?:CY|FY)?\s*\d{4}|(?:the\s+)?(?:first|second|1st|2nd)\s+half\s+of\s+(?:calendar\s+|fiscal\s+)?\d{4}|H[12]\s*(?:CY|FY)?\s*\d{4}|(?:early|mid|late)[- ](?:${MONTH}\s+)?\d{4}|(?:early|mid|late)[- ]${MONTH}|${MONTH}(?:\s+\d{1,2},)?(?:\s+\d{4})?|(?:the\s+)?(?:first|next|coming|following)\s+(?:\w+\s+)?(?:weeks|months|quarter|year)|\d+\s+(?:weeks|months)|(?:the\s+)?(?:spring|summer|fall|autumn|winter|northern summer|southern summer)(?:\s+(?:of\s+)?\d{4})?|(?:the\s+)?(?:coming|upcoming|next)\s+(?:field\s+|drilling\s+)?season|(?:the\s+end\s+of\s+)?20\d{2})`;
const TIMELINE = new RegExp(
  String.raw`\b(?:(?:starting|beginning|commencing|scheduled\s+to\s+(?:start|begin|commence)|expected\s+to\s+(?:begin|start|commence|be\s+completed)|due\s+to\s+(?:start|begin)|set\s+to\s+(?:start|begin)|with\s+crews\s+to\s+mobili[sz]e|to\s+mobili[sz]e|planned)\s+(?:in|on|during|from|by|for)?\s*|(?:through(?:\s+the\s+end\s+of)?|until|by\s+the\s+end\s+of|by|during|within|over|in|from|before\s+the\s+end\s+of)\s+)${WHEN}`,
  'g',
);

function timelineOf(sentence: string): string {
  TIMELINE.lastIndex = 0;
  const matches = [...sentence.matchAll(TIMELINE)].map((m) => m[0].trim());
  // The phrase that says when drilling starts beats a bare 'in 2026'.
  return (
    matches.find((m) =>
      /^(?:starting|beginning|commencing|scheduled|expected|due|set|with crews|to mobili)/i.test(m),
    ) ??
    matches[0] ??
    ''
  );
}

const METHOD_WORD = String.raw`(?:diamond(?: core)?|reverse circulation(?: \(RC\))?|RC|air[- ]?core|aircore|rotary(?: air blast)?|sonic|auger|percussion|mud rotary|core)`;
const METHOD = new RegExp(String.raw`\b(${METHOD_WORD}(?:\s+and\s+${METHOD_WORD})?)\s+(?:drill|drilling|holes)\b`, 'i');
const CONTRACTOR =
  /\b((?:[\p{Lu}][\p{L}'’&-]*\s+){0,3}(?:Drilling|Coring|Forage|Sondajes|Perforaciones|Drillers)(?:\s+(?:[\p{Lu}][\p{L}.&'’-]*|\(Pty\)|S\.A\.C?\.?|Ltda\.?|Pty|Ltd\.?|Inc\.?|LLC|Co\.|SARL|AB))*)/u;
const CONTRACTOR_CUE = /\b(?:contracted|contractor|awarded|engaged|operating|secured|signed|appointed|from)\b/i;

export function drillingOf(sentences: readonly string[], title: string): DrillingFact {
  const planned: string[] = [];
  const ongoing: string[] = [];
  for (const sentence of sentences) {
    const words = sentence.replace(NOT_DRILLING, ' ');
    if (!DRILLING_WORD.test(words) || RESULTS_ONLY.test(words)) continue;
    if (FUTURE.test(words)) planned.push(sentence);
    else if (UNDERWAY.test(words) && !PAST.test(words.replace(/\b(?:has|have) (?:commenced|begun|started)\b/gi, '')))
      ongoing.push(sentence);
  }
  const titleWords = title.replace(NOT_DRILLING, ' ');
  const titlePlanned =
    DRILLING_WORD.test(titleWords) &&
    (FUTURE.test(titleWords) || /\b(?:to|begins|commences|launches|starts)\b/i.test(titleWords)) &&
    !PAST.test(titleWords);
  const relevant = [...planned, ...ongoing];
  const isPlanned = relevant.length > 0 || titlePlanned;
  if (!isPlanned) {
    return {
      planned: false,
      underway: false,
      metres: null,
      timeline: '',
      details: '',
      method: '',
      holes: null,
      contractor: '',
    };
  }
  let metres: number | null = null;
  let metresSentence = '';
  for (const sentence of [...relevant, ...(titlePlanned ? [title] : [])]) {
    metres = programMetres(sentence);
    if (metres !== null) {
      metresSentence = sentence;
      break;
    }
  }
  const timeline =
    (metresSentence ? timelineOf(metresSentence) : '') || relevant.map(timelineOf).find((t) => t !== '') || '';
  const all = [...relevant, title];
  const method = all.map((s) => METHOD.exec(s)?.[1]).find((m) => m !== undefined) ?? '';
  const holesText = all.map((s) => /\b(\d{1,4})\s+(?:drill\s+)?holes\b/.exec(s)?.[1]).find((h) => h !== undefined);
  const contractor =
    sentences
      .filter((s) => CONTRACTOR_CUE.test(s))
      .map((s) => CONTRACTOR.exec(s)?.[1]?.trim())
      .find((c) => c !== undefined && c.split(' ').length >= 2) ?? '';
  const byQuality = [...relevant].sort((x, y) => Number(/^[a-z]/.test(x)) - Number(/^[a-z]/.test(y)));
  const withMetres = byQuality.find((s) => programMetres(s) !== null) ?? '';
  const quoted = (s: string) => /[“”"]/.test(s) && programMetres(s) === null;
  const detailSentences = unique(
    [withMetres, ...byQuality, ...sentences.filter((s) => contractor && s.includes(contractor))].filter(
      (s) => s && !quoted(s),
    ),
  )
    .slice(0, 3)
    .map((s) => s.charAt(0).toUpperCase() + s.slice(1))
    .map((s) => (/[.!?…]["”’)]?$/.test(s) ? s : `${s}.`));
  return {
    planned: true,
    underway: ongoing.length > 0 || relevant.some((s) => UNDERWAY.test(s)),
    metres,
    timeline,
    details: detailSentences.join(' '),
    method: method.toLowerCase() === 'rc' ? 'RC' : method.replace(/^Reverse/, 'reverse').replace(/^Diamond/, 'diamond'),
    holes: holesText ? Number(holesText) : null,
    contractor,
  };
}

const unique = <T>(items: readonly T[]): T[] => [...new Set(items)];

/**
 * The default prompt's drilling fields from the facts extractor's programmes: the first planned or running
 * programme gives the metres, holes, method and timing (the sentence reading stays for what the facts do not
 * say: the details, the contractor, a timeline worded as a start).
 */
export function drillingFromFacts(read: DrillingFact, facts: MiningFacts): DrillingFact {
  const live = facts.programmes.filter(
    (p) => (p.status === 'planned' || p.status === 'underway') && (p.metres !== null || p.timing !== null),
  );
  const programme = live.find((p) => p.metres !== null) ?? live[0];
  // A programme the sentence reading missed counts only with its metres and its timing or rigs turning.
  if (
    !programme ||
    (!read.planned && (programme.metres === null || (programme.timing === null && programme.status !== 'underway')))
  )
    return read;
  const method = programme.drill_type === 'RC' ? 'RC' : (programme.drill_type ?? '');
  return {
    ...read,
    planned: true,
    underway: read.underway || programme.status === 'underway',
    metres: programme.metres ?? read.metres,
    timeline: read.timeline || (programme.timing ? `in ${programme.timing}` : ''),
    details: read.details || programme.quote,
    method: read.method || method,
    holes: programme.holes ?? read.holes,
  };
}
