import { COMMODITIES, COUNTRIES } from '@mining-hub/contract/reference-data';
import type { AnalysisArticle } from './ai-analyser.ts';
import { articleToText, paragraphsOf, sentencesOf } from './article-text.ts';

/*
 * Reads the facts a sales team cares about out of a mining press release with patterns: who, which
 * project, planned drilling (metres, timing, rigs), further buying signals and the people to contact.
 * Written against the wording of real releases (and the demo corpus that imitates them); no network.
 */

export interface ContactFact {
  first_name: string;
  last_name: string;
  email: string;
  job_title: string;
  phone_number: string;
}

export interface DrillingFact {
  /** Drilling announced, planned, committed or continuing (not results of finished drilling alone). */
  planned: boolean;
  /** Rigs are already turning. */
  underway: boolean;
  /** Metres of the planned or continuing program. */
  metres: number | null;
  /** The timing phrase as worded: 'starting in Q2 2026'. */
  timeline: string;
  /** The sentences describing the program. */
  details: string;
  /** 'diamond', 'reverse circulation (RC)'… */
  method: string;
  holes: number | null;
  contractor: string;
}

export type SignalKind =
  | 'financing'
  | 'debt'
  | 'royalty'
  | 'grant'
  | 'acquisition'
  | 'option'
  | 'joint-venture'
  | 'earn-in'
  | 'merger'
  | 'takeover'
  | 'divestiture'
  | 'resource'
  | 'study'
  | 'permit'
  | 'construction'
  | 'contract'
  | 'targets'
  | 'results'
  | 'production'
  | 'management';

export interface SalesSignal {
  kind: SignalKind;
  /** One line for a person: 'Financing: bought deal of C$45 million'. */
  text: string;
  /** Money named with it, as written: 'C$45 million'. */
  amount?: string;
}

export interface ArticleFacts {
  title: string;
  source: string;
  url: string | null;
  publishedAt: Date | null;
  /** Legal name as the release gives it: 'Lenga Silver Corp.'; '' when not found. */
  company: string;
  /** How the release calls the company for short: 'Lenga'. */
  companyShort: string;
  ticker: string;
  /** 'La Maciega Silver-Gold Project'. */
  project: string;
  /** 'the Deseado Massif, Santa Cruz Province, Argentina'. */
  location: string;
  country: string;
  /** Commodity names, main one first: ['Silver', 'Gold']. */
  commodities: string[];
  /** Cleaned sentences of the opening paragraph (dateline, tickers and defined terms removed). */
  lead: string[];
  /** Cleaned sentences of the body after the opening paragraph, without boilerplate. */
  body: string[];
  highlights: string[];
  drilling: DrillingFact;
  signals: SalesSignal[];
  contacts: ContactFact[];
  /** People quoted in the release, who are not in the contact block. */
  speakers: ContactFact[];
  fullyFunded: boolean;
}

// ---------------------------------------------------------------------------------------------------
// Document structure
// ---------------------------------------------------------------------------------------------------

const CONTACT_HEADING =
  /^(?:for (?:further|more|additional) information|further information(?!\s+(?:is|can be)\b)|(?:investor|media|company) (?:relations )?contacts?\b|contacts?(?: information)?\s*:|contact:)/i;
const ABOUT_HEADING = /^about\s+\S/i;
const CAUTION_HEADING =
  /^(?:cautionary|forward[- ]looking|forward looking|caution regarding|disclaimer|competent person|qualified person|quality assurance|qa\/qc|qaqc)/i;
const BOILERPLATE = new RegExp(
  [
    'forward[- ]looking',
    'neither (?:the )?tsx',
    'has not reviewed, approved or disapproved',
    'inside information for the purposes',
    'authori[sz]ed for release by',
    'reviewed and approved by',
    'competent person',
    'qualified person',
    '^on behalf of the board',
    '^asx announcement',
    'further information is available',
    'not for (?:distribution|dissemination)',
    'accepts? (?:no )?responsibility for the adequacy',
    '^(?:table|figure) \\d',
    'certified reference materials',
  ].join('|'),
  'i',
);
const DATE_ONLY = /^(?:\d{1,2} [A-Z][a-z]+ \d{4}|[A-Z][a-z]+ \d{1,2}, \d{4})$/;
const TABLE_RULE = /^-{3,}(?:\s+-{3,})*$/m;

/** A short line without a full stop: a heading such as 'Highlights', 'Next Steps' or 'About X Corp.'. */
const isHeading = (paragraph: string) =>
  paragraph.length < 90 &&
  !paragraph.includes('\n') &&
  !/^[•\-–*]\s/.test(paragraph) &&
  (!/[.!?:]$/.test(paragraph) ||
    ((ABOUT_HEADING.test(paragraph) || CAUTION_HEADING.test(paragraph)) && paragraph.split(' ').length < 10));

interface Sections {
  lead: string;
  body: string[];
  highlights: string[];
  contactBlock: string;
}

function sections(text: string): Sections {
  const paragraphs = paragraphsOf(text);
  let contactAt = paragraphs.findIndex((p) => CONTACT_HEADING.test(p));
  if (contactAt < 0) contactAt = paragraphs.length;
  const contactBlock = paragraphs.slice(contactAt).join('\n\n');
  const body: string[] = [];
  const highlights: string[] = [];
  let lead = '';
  let skipping = false;
  let inHighlights = false;
  for (const paragraph of paragraphs.slice(0, contactAt)) {
    if (isHeading(paragraph)) {
      skipping = ABOUT_HEADING.test(paragraph) || CAUTION_HEADING.test(paragraph) || /^on behalf of/i.test(paragraph);
      inHighlights = /highlights|key points|summary/i.test(paragraph);
      continue;
    }
    if (
      skipping ||
      BOILERPLATE.test(paragraph) ||
      DATE_ONLY.test(paragraph) ||
      TABLE_RULE.test(paragraph) ||
      paragraph.includes(' | ')
    ) {
      continue;
    }
    const bullets = paragraph.split('\n').filter((line) => /^[•\-–*]\s/.test(line));
    if (bullets.length > 0 && bullets.length === paragraph.split('\n').length) {
      const items = bullets.map((line) => line.replace(/^[•\-–*]\s+/, '').trim());
      if (inHighlights || !lead) highlights.push(...items);
      else body.push(...items.map((item) => (/[.!?]$/.test(item) ? item : `${item}.`)));
      continue;
    }
    inHighlights = false;
    if (!lead && paragraph.length > 60) lead = paragraph.replace(/\n/g, ' ');
    else body.push(paragraph.replace(/\n/g, ' '));
  }
  return { lead, body, highlights, contactBlock };
}

// Datelines: 'VANCOUVER, BC, March 3, 2026 /Wire/ - ', 'Vancouver, British Columbia--(Wire - March 3, 2026) - ',
// 'Perth, Western Australia – 3 March 2026: '.
const DATELINES = [
  /^[^\n]{0,140}?\/[^/\n]{2,60}\/\s*[-–—:]+\s*/,
  // 'VANCOUVER, BC / ACCESSWIRE / January 12, 2026 / '
  /^[^\n]{0,160}?\b(?:19|20)\d{2}\s*\/\s*(?:[-–—]\s*)?/,
  /^[^\n]{0,140}?--\s*\([^)\n]{0,100}\)\s*[-–—:]*\s*/,
  /^[A-Z][\p{L} .,'’-]{1,80}?[-–—,(]\s*(?:\d{1,2} [A-Z][a-z]+|[A-Z][a-z]+\.? \d{1,2},?) \d{4}\)?\s*[-–—:/]+\s*(?:\([^)]{1,40}\)\s*[-–—]*\s*)?/u,
];

function stripDateline(paragraph: string): string {
  for (const pattern of DATELINES) {
    const match = pattern.exec(paragraph);
    if (match && match[0].length < 200) return paragraph.slice(match[0].length);
  }
  return paragraph;
}

const EXCHANGES =
  'TSXV?|TSX-V|TSX Venture|CSE|ASX|AIM|LSE|JSE|NYSE American|NYSE|NASDAQ|Nasdaq|OTCQB|OTCQX|OTC|FSE|FRA|Frankfurt|ASX\\/TSX';
const LISTING = new RegExp(`\\s*\\((?:\\s*(?:${EXCHANGES})\\s*:\\s*[A-Z0-9.]{1,8}\\s*[;,|]?\\s*)+\\)`, 'g');
// '(“Lenga” or the “Company”)', '(the “Project”)', '(“PEA”)'.
const DEFINED_TERM = /\s*\((?:the\s+)?[“"][^”"()]{1,60}[”"](?:\s*(?:or|and)\s*(?:the\s+)?[“"][^”"()]{1,60}[”"])*\)/g;

/** A sentence as a summary may quote it: no tickers or defined terms, 'is pleased to announce' made plain. */
export function cleanSentence(sentence: string): string {
  return sentence
    .replace(LISTING, '')
    .replace(DEFINED_TERM, '')
    .replace(
      /\b(is|are) (?:pleased|delighted|excited|happy|proud) to (announce|report|provide|confirm|advise|outline|share|update)\b/g,
      (_, verb: string, act: string) => (verb === 'is' ? `${act}s` : act),
    )
    .replace(/\s{2,}/g, ' ')
    .replace(/\s+([,.;:])/g, '$1')
    .trim();
}

// ---------------------------------------------------------------------------------------------------
// Company, project, place, commodities
// ---------------------------------------------------------------------------------------------------

const COMPANY_WITH_LISTING = new RegExp(
  `^(?:The\\s+)?([A-Z0-9][^()“”"\\n]{1,90}?)\\s*(\\((?:the\\s+)?[“"][^)]{1,80}\\)\\s*)?\\(\\s*(${EXCHANGES})\\s*:\\s*([A-Z0-9.]{1,8})`,
);
const LEGAL_SUFFIX =
  /,?\s+(?:Corp\.?|Corporation|Inc\.?|Incorporated|Ltd\.?|Limited|plc|PLC|LLC|S\.A\.|AG|AB|NL|Pty Ltd|Co\.)$/;
const SUBJECT_VERB =
  /\s(?:is pleased|is delighted|announces|announced|has |have |reports|reported|today|provides|confirms|advises|and [A-Z])/;

function companyOf(lead: string, title: string): { name: string; short: string; ticker: string } {
  const match = COMPANY_WITH_LISTING.exec(lead);
  if (match) {
    const name = (match[1] ?? '').trim();
    const defined =
      /[“"]([^”"]{1,40})[”"]/.exec(match[2] ?? '') ??
      /\([“"]([^”"]{1,40})[”"]/.exec(lead.slice(match[0].length, match[0].length + 80));
    const short = defined?.[1] && defined[1] !== 'Company' ? defined[1] : name.replace(LEGAL_SUFFIX, '');
    return { name, short, ticker: match[4] ?? '' };
  }
  const verb = SUBJECT_VERB.exec(lead);
  if (verb && verb.index > 2 && verb.index < 90 && /^[A-Z]/.test(lead)) {
    const name = lead.slice(0, verb.index).replace(LISTING, '').replace(DEFINED_TERM, '').replace(/,$/, '').trim();
    if (name.split(' ').length <= 8) return { name, short: name.replace(LEGAL_SUFFIX, ''), ticker: '' };
  }
  const fromTitle =
    /^((?:[A-Z][\p{L}&.'’-]*\s){1,5}?)(?:Announces|Reports|Receives|Intersects|Drills|Closes|Raises|Secures|Signs|Enters|Appoints|Provides|Completes|Commences|Begins|Plans|to\s|Expands|Delivers|Awarded|Launches|Makes|Sells|Divests|Options|Extends|Hits|Assays|Upsizes|Strengthens|Finalises|Finalizes|Identifies|Forms|Outlines|Wraps|Confirms|Achieves)/u.exec(
      title,
    );
  const name = fromTitle?.[1]?.trim() ?? '';
  return { name, short: name, ticker: '' };
}

const PROJECT =
  /\b(?:its|the|our|their)\s+((?:[\p{Lu}\d][\p{L}\d'’.&-]*\s+){0,6}(?:Project|Property|Mine|Deposit|Operation|Prospect|Complex|Camp)s?)\b/u;

function projectOf(texts: readonly string[]): { project: string; location: string } {
  for (const text of texts) {
    const match = PROJECT.exec(text);
    if (!match?.[1]) continue;
    const project = match[1].trim();
    const after = text.slice(match.index + match[0].length).replace(DEFINED_TERM, '');
    const place = /^\s*,?\s*(?:located\s+|situated\s+)?(?:in|near)\s+((?:the\s+)?[^.;]{3,160})/.exec(after);
    let location = place?.[1] ?? '';
    // 'the Red Lake district, Ontario, Canada, starting in Q2 2026' ends before the lower-case clause.
    const clause =
      /,\s+(?=[a-z])|\s+(?:starting|beginning|commencing|which|where|with|and is|that|to|for|totalling)\b/.exec(
        location,
      );
    if (clause) location = location.slice(0, clause.index);
    // 'near its Grizzly Pass Project in the Tombstone Gold Belt, Yukon' locates by another project.
    const nested = /^(?:its|the)\s.*?\b(?:Project|Property|Mine)\s+in\s+(.+)$/.exec(location);
    if (nested?.[1]) location = nested[1];
    return { project, location: location.trim() };
  }
  return { project: '', location: '' };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const COUNTRY_WORDS = new Map<string, string>();
for (const country of COUNTRIES) {
  for (const word of [country.name, ...(country.aliases ?? [])])
    if (word.length >= 4) COUNTRY_WORDS.set(word.toLowerCase(), country.name);
}
COUNTRY_WORDS.set('usa', 'United States');
// Country names as written in running text: capitalised, whole words, longest first ('Papua New Guinea').
const COUNTRY_MATCHER = new RegExp(
  `(?<![\\p{L}])(${[...COUNTRY_WORDS.keys()]
    .sort((a, b) => b.length - a.length)
    .map((word) => escapeRegExp(word.replace(/(^|\s)\p{Ll}/gu, (m) => m.toUpperCase())))
    .join('|')})(?![\\p{L}])`,
  'u',
);

function countryOf(location: string, texts: readonly string[]): string {
  const parts = location.split(',').map((part) => part.trim().toLowerCase());
  for (const part of parts.reverse()) {
    const country = COUNTRY_WORDS.get(part);
    if (country) return country;
  }
  for (const text of texts) {
    const match = COUNTRY_MATCHER.exec(text);
    if (match?.[1]) return COUNTRY_WORDS.get(match[1].toLowerCase()) ?? '';
  }
  return '';
}

const COMMODITY_WORDS = new Map<string, string>();
for (const commodity of COMMODITIES) {
  for (const word of [commodity.name, ...(commodity.aliases ?? [])]) {
    if (word.length >= 3) COMMODITY_WORDS.set(word.toLowerCase(), commodity.name);
  }
}
// Words that name a commodity only by accident: 'diamond drilling', 'lead manager', 'iron formation'.
const COMMODITY_MATCHER = new RegExp(
  `(?<![\\p{L}])(${[...COMMODITY_WORDS.keys()]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join('|')})(?![\\p{L}])(?!\\s+(?:drill|core|hole|manager|agent|formation|rigs?)\\b)`,
  'giu',
);

function commoditiesOf(texts: readonly string[]): string[] {
  const found: string[] = [];
  for (const text of texts) {
    for (const match of text.matchAll(COMMODITY_MATCHER)) {
      const word = match[1] ?? '';
      if (word === word.toLowerCase() && ['lead', 'diamond', 'diamonds', 'tin', 'iron'].includes(word)) continue;
      const name = COMMODITY_WORDS.get(word.toLowerCase());
      if (name && !found.includes(name)) found.push(name);
    }
    if (found.length > 0) break;
  }
  return found.slice(0, 4);
}

// ---------------------------------------------------------------------------------------------------
// Drilling
// ---------------------------------------------------------------------------------------------------

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

const MONTH = '(?:January|February|March|April|May|June|July|August|September|October|November|December)';
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

function drillingOf(sentences: readonly string[], title: string): DrillingFact {
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

/** A quoted remark ('“…,” said X'): colour rather than a stated fact. */
export const isQuote = (text: string) =>
  /[“”"]/.test(text) && /\b(?:said|says|commented|stated|added|noted)\b/.test(text);

// ---------------------------------------------------------------------------------------------------
// Further buying signals
// ---------------------------------------------------------------------------------------------------

const MONEY =
  /(?:(?:C|A|US|NZ|HK|S|CA|AU)\$|\$|£|€|\bR(?=\d)|\b(?:USD|CAD|AUD|GBP|ZAR|EUR)\s?)\s?\d[\d,.]*\d(?:\s?(?:million|billion|m|bn)\b)?|(?:(?:C|A|US)\$|\$|£|€|\bR(?=\d))\d(?:\s?(?:million|billion|m|bn)\b)?/i;

interface SignalRule {
  kind: SignalKind;
  label: string;
  pattern: RegExp;
  needsMoney?: boolean;
}

const SIGNAL_RULES: SignalRule[] = [
  {
    kind: 'royalty',
    label: 'Royalty or stream',
    pattern:
      /\b(?:streaming agreement|stream|sells? a [\d.]+% (?:net smelter return )?royalty|royalty (?:sale|financing))\b/i,
    needsMoney: true,
  },
  {
    kind: 'debt',
    label: 'Debt financing',
    pattern:
      /\b(?:project finance|credit|loan|debt|term) (?:facility|package|sheet)\b|\bconvertible (?:note|debenture)s?\b/i,
    needsMoney: true,
  },
  {
    kind: 'financing',
    label: 'Financing',
    pattern:
      /\b(?:bought deal|private placement|placement|placing|flow-through|rights offering|entitlement offer|open offer|financing|offering|raise[sd]?|gross proceeds|subscri(?:be|ption))\b/i,
    needsMoney: true,
  },
  {
    kind: 'grant',
    label: 'Government funding',
    pattern: /\b(?:grant|co-fund(?:ed|ing)?|awarded\s+\S+\s+under)\b/i,
    needsMoney: true,
  },
  {
    kind: 'takeover',
    label: 'Takeover bid',
    pattern:
      /\b(?:takeover|proposal to acquire|offer for|tender offer|acquire all of the (?:issued )?(?:and outstanding )?shares)\b/i,
  },
  {
    kind: 'merger',
    label: 'Merger',
    pattern: /\b(?:merger|merge|to combine|business combination|arrangement agreement)\b/i,
  },
  { kind: 'option', label: 'Option agreement', pattern: /\boption (?:agreement|to (?:earn|acquire))\b/i },
  { kind: 'joint-venture', label: 'Joint venture', pattern: /\bjoint venture\b/i },
  { kind: 'earn-in', label: 'Earn-in', pattern: /\bearn-in\b|\bearn up to\b|\bcan earn\b/i },
  { kind: 'acquisition', label: 'Acquisition', pattern: /\b(?:acquire|acquisition|acquiring|purchase agreement)\b/i },
  {
    kind: 'divestiture',
    label: 'Divestiture',
    pattern: /\b(?:divest(?:s|ment|iture)?|agreed to sell|sale of its|sells non-core)\b/i,
  },
  {
    kind: 'resource',
    label: 'Resource estimate',
    pattern:
      /\b(?:(?:mineral )?resource estimate|maiden (?:mineral )?resource|(?:ore|mineral) reserve|resource update|updated (?:mineral )?resource|mineral resource (?:of|totals|totalling|at|grows)|(?:indicated|inferred|measured)(?: and (?:indicated|inferred))? (?:mineral )?resources? (?:of|totals?|increased?|grows?|by))\b/i,
  },
  {
    kind: 'study',
    label: 'Economic study',
    pattern:
      /\b(?:preliminary economic assessment|scoping study|pre-feasibility study|definitive feasibility study|feasibility study|PEA|PFS|DFS|BFS)\b/,
  },
  {
    kind: 'permit',
    label: 'Permit',
    pattern:
      /\b(?:permits?|licen[cs]e|approval|authori[sz]ation)\b[^.]{0,80}\b(?:granted|received|secured|approved|issued|in place|in hand|obtained)\b|\b(?:receives?|received|secures?|secured|granted|obtains?)\b[^.]{0,60}\b(?:permits?|licen[cs]e|approval)\b/i,
  },
  {
    kind: 'construction',
    label: 'Construction',
    pattern:
      /\bconstruction (?:update|decision|is|of|has|remains|advances)|\bfirst (?:\w+ )?production\b|\bcommissioning\b/i,
  },
  {
    kind: 'contract',
    label: 'Drilling contract',
    pattern:
      /\b(?:rigs?|drilling services?)\b[^.]{0,40}\b(?:contracted|secured|awarded|mobili[sz]ed)\b|\bcontracted from\b|\bdrilling contractor\b|\btender\b/i,
  },
  {
    kind: 'targets',
    label: 'New drill targets',
    pattern: /\b\d+\s+(?:new\s+)?(?:drill\s+)?targets?\b|\btargets? (?:identified|defined|ranked)\b/i,
  },
  {
    kind: 'results',
    label: 'Drill results',
    pattern: /\b\d+(?:\.\d+)?\s?m\s+(?:grading|at|of)\s+[\d.,]+\s?(?:g\/t|%|ppm|oz\/t)/i,
  },
  {
    kind: 'production',
    label: 'Production',
    pattern: /\b(?:produced|operating results|quarterly production|production results)\b/i,
  },
  { kind: 'management', label: 'Management change', pattern: /\bappoint(?:ment|ed|s)\b/i },
];

const FINANCING_KIND =
  /\b(bought deal|(?:non-)?brokered private placement|private placement|flow-through (?:financing|offering|placement|shares)|placement|placing|rights offering|entitlement offer|open offer|project finance facility|credit facility|loan facility|debt package|streaming agreement|stream|royalty|grant)\b/i;

function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[,;:]$/, '')}…`;
}

function signalsOf(sentences: readonly string[]): SalesSignal[] {
  const signals: SalesSignal[] = [];
  const seen = new Set<SignalKind>();
  for (const rule of SIGNAL_RULES) {
    if (seen.has(rule.kind)) continue;
    for (const sentence of sentences) {
      if (!rule.pattern.test(sentence) || isQuote(sentence)) continue;
      const money = MONEY.exec(sentence)?.[0]?.trim();
      if (rule.needsMoney && !money) continue;
      // One deal is one signal: a royalty sale is not also 'financing', a takeover not also an 'acquisition'.
      if (rule.kind === 'financing' && (seen.has('royalty') || seen.has('debt'))) break;
      if (rule.kind === 'divestiture' && seen.has('royalty')) break;
      if (
        rule.kind === 'acquisition' &&
        (seen.has('takeover') || seen.has('merger') || seen.has('option') || seen.has('earn-in'))
      )
        break;
      seen.add(rule.kind);
      const kind = FINANCING_KIND.exec(sentence)?.[1];
      const text =
        money &&
        (rule.kind === 'financing' || rule.kind === 'debt' || rule.kind === 'grant' || rule.kind === 'royalty') &&
        kind
          ? `${rule.label}: ${kind.toLowerCase()} of ${money}`
          : `${rule.label}: ${clip(sentence.replace(/\.$/, ''), 180)}`;
      signals.push({ kind: rule.kind, text, ...(money ? { amount: money } : {}) });
      break;
    }
  }
  return signals.slice(0, 6);
}

// ---------------------------------------------------------------------------------------------------
// People
// ---------------------------------------------------------------------------------------------------

const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/;
const PHONE = /(?:\+|\(\+?)?\d[\d\s().\-–]{6,}\d(?:\s*(?:ext\.?|x)\s*\d+)?/;
const PHONE_LABEL = /^(?:tel(?:ephone)?|phone|ph|t|p|m|mob(?:ile)?|cell|direct|office|d|o)\s*[:.]?\s*/i;
const EMAIL_LABEL = /^(?:e-?mail|e)\s*[:.]?\s*/i;
const TITLE_WORD =
  /\b(?:CEO|CFO|COO|CTO|President|Director|Manager|Chief|Officer|VP|Vice[- ]President|Chair(?:man|woman|person)?|Secretary|Geologist|Investor Relations|Corporate Development|Head|Partner|Founder|Executive|Principal|Advisor|Adviser|Relations|Communications|Consultant|Controller|Treasurer|Engineer|Superintendent|Lead|Associate|Analyst|Specialist|Coordinator|Counsel|Media)\b/;
const NAME_PARTICLES = new Set('van der den de da du von la le di del dos das bin al st. mac ter ten'.split(' '));
const NOT_NAME_WORD =
  /^(?:For|Further|Information|Contact|Contacts|Please|Investor|Media|Relations|Inc\.?|Corp\.?|Ltd\.?|Limited|plc|Corporation|Company|Group|Capital|Partners|Securities|Resources|Mining|Metals|Minerals|Gold|Silver|Copper|Exploration|Website|Email|Tel|Phone|Office|Board|Directors|The|On|Behalf|Of|And|Visit|Toll|Free|North|America|Canada|Australia|Suite|Street|Floor|Road|Avenue)$/;

function splitName(name: string): { first: string; last: string } | null {
  const cleaned = name
    .replace(/^(?:Mr|Mrs|Ms|Miss|Dr|Prof)\.?\s+/i, '')
    .replace(/,.*$/, '')
    .replace(/\s+(?:Jr|Sr|II|III|PhD|P\.Geo|P\.Eng|CPG)\.?$/i, '')
    .trim();
  const words = cleaned.split(/\s+/);
  if (words.length < 2 || words.length > 5) return null;
  for (const [index, word] of words.entries()) {
    if (NOT_NAME_WORD.test(word) || /\d|@/.test(word)) return null;
    const particle = index > 0 && NAME_PARTICLES.has(word.toLowerCase());
    if (!particle && !/^[\p{Lu}][\p{L}'’.-]*$/u.test(word)) return null;
  }
  const [first, ...rest] = words;
  if (!first || first.length < 2 || first.endsWith('.')) return null;
  return { first, last: rest.join(' ') };
}

const emptyContact = (first: string, last: string): ContactFact => ({
  first_name: first,
  last_name: last,
  email: '',
  job_title: '',
  phone_number: '',
});

function contactsOf(block: string): ContactFact[] {
  if (!block) return [];
  const body = block.replace(CONTACT_HEADING, '').replace(/^[^\n]*?(?:please\s+)?contact(?:s)?\s*:?\s*/i, '');
  const lines = body
    .split('\n')
    .flatMap((line) => line.split(/\s+\|\s+|\s{3,}|\t/))
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
  const people: ContactFact[] = [];
  let current: ContactFact | undefined;
  for (const line of lines) {
    if (line.length > 200 || BOILERPLATE.test(line) || ABOUT_HEADING.test(line)) break;
    const email = EMAIL.exec(line)?.[0];
    const withoutEmail = email
      ? line
          .replace(email, '')
          .replace(EMAIL_LABEL, '')
          .replace(/[\s,;:|]+$/, '')
          .trim()
      : line;
    if (email && withoutEmail.replace(EMAIL_LABEL, '').trim() === '') {
      if (current && !current.email) current.email = email;
      else if (!current) people.push((current = personFromEmail(email)));
      continue;
    }
    const phoneLine = PHONE_LABEL.test(withoutEmail) || /^\+?[\d(]/.test(withoutEmail);
    const phone = PHONE.exec(withoutEmail)?.[0]?.trim();
    if (phone && phoneLine) {
      if (current && !current.phone_number) current.phone_number = phone;
      if (email && current && !current.email) current.email = email;
      continue;
    }
    // 'James Harlow, President & CEO', 'James Harlow – CEO', or a name on its own line.
    const [namePart = '', ...titleParts] = withoutEmail.split(/\s*,\s*|\s+[–—-]\s+/);
    const name = splitName(namePart);
    if (name && !TITLE_WORD.test(namePart)) {
      current = emptyContact(name.first, name.last);
      // Phone and email parts of a one-line entry ('Jane Doe, CEO, Tel: …, Email: …') are not the title.
      const title = titleParts
        .filter(
          (part) =>
            !PHONE.test(part) &&
            !/@|^(?:e-?mail|e|tel(?:ephone)?|phone|ph|t|p|m|mob(?:ile)?|cell|direct|office)\s*[:.]?\s*$/i.test(part),
        )
        .filter((part) => !PHONE_LABEL.test(part) || !/[:.]/.test(part))
        .join(', ')
        .trim();
      if (title) current.job_title = title;
      if (email) current.email = email;
      if (phone) current.phone_number = phone;
      people.push(current);
      continue;
    }
    if (current && !current.job_title && TITLE_WORD.test(withoutEmail) && withoutEmail.length < 100) {
      current.job_title = withoutEmail;
      if (email && !current.email) current.email = email;
    }
  }
  return dedupeContacts(people);
}

function personFromEmail(email: string): ContactFact {
  const local = email.split('@')[0] ?? '';
  const parts = local.split(/[._-]/).filter((part) => /^[a-z]{2,}$/i.test(part));
  const cap = (word: string) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
  const contact = emptyContact(cap(parts[0] ?? 'Investor'), parts[1] ? cap(parts[1]) : 'Relations');
  contact.email = email;
  return contact;
}

function dedupeContacts(people: readonly ContactFact[]): ContactFact[] {
  const seen = new Set<string>();
  return people.filter((person) => {
    const key = `${person.first_name} ${person.last_name}`.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const NAME_WORDS = String.raw`[\p{Lu}][\p{L}'’.-]+(?:\s+(?:(?:van|der|den|de|da|du|von|la|le|di|del)\s+)*[\p{Lu}][\p{L}'’.-]+){1,3}`;
const SAID_AFTER = new RegExp(
  String.raw`[”"],?\s+(?:said|says|stated|added|commented)\s+(${NAME_WORDS}),\s+([^.,”"]{2,80}?)(?:\s+(?:of|at)\s+[^.]{1,60})?\.`,
  'u',
);
const SAID_BEFORE = new RegExp(
  String.raw`(?:^|[.!?]\s+)(${NAME_WORDS}),\s+([^,:“"]{2,80}?),\s+(?:said|says|stated|added|commented|noted)`,
  'u',
);

function speakersOf(paragraphs: readonly string[]): ContactFact[] {
  const speakers: ContactFact[] = [];
  for (const paragraph of paragraphs) {
    const match = SAID_AFTER.exec(paragraph) ?? SAID_BEFORE.exec(paragraph);
    const name = match?.[1] ? splitName(match[1]) : null;
    if (!match || !name) continue;
    const contact = emptyContact(name.first, name.last);
    contact.job_title = (match[2] ?? '').trim();
    speakers.push(contact);
  }
  return dedupeContacts(speakers);
}

// ---------------------------------------------------------------------------------------------------

/** Everything the rules analyser knows about an article, read from its title and text. */
export function extractFacts(article: AnalysisArticle): ArticleFacts {
  const text = articleToText(article.text);
  const parts = sections(text);
  const rawLead = stripDateline(parts.lead);
  const company = companyOf(rawLead, article.title);
  const lead = sentencesOf(rawLead).map(cleanSentence);
  const body = parts.body.flatMap((paragraph) => sentencesOf(paragraph)).map(cleanSentence);
  const highlights = parts.highlights.map(cleanSentence);
  const everything = [...lead, ...highlights, ...body];
  const { project, location } = projectOf([rawLead.replace(LISTING, ''), ...body, article.title]);
  const contacts = contactsOf(parts.contactBlock);
  const speakers = speakersOf(parts.body).filter(
    (s) => !contacts.some((c) => c.first_name === s.first_name && c.last_name === s.last_name),
  );
  return {
    title: article.title,
    source: article.source,
    url: article.url,
    publishedAt: article.publishedAt,
    company: company.name,
    companyShort: company.short,
    ticker: company.ticker,
    project,
    location,
    country: countryOf(location, [rawLead, article.title]),
    commodities: commoditiesOf([`${article.title} ${project}`, rawLead, body.join(' ')]),
    lead,
    body,
    highlights,
    drilling: drillingOf(everything, article.title),
    signals: signalsOf([article.title, ...everything]),
    contacts,
    speakers,
    fullyFunded: /\bfully[- ]funded\b|\bfunded (?:from|by|through)\b/i.test(everything.join(' ')),
  };
}
