import { EXCHANGES } from '../../lib/company-names.ts';

/**
 * What every copy of a press release carries that is not the release: wire headers and datelines, the
 * listing brackets, portal chrome, and the tail every release of a company shares (qualified person,
 * QA/QC, "About <Company>", forward-looking statements, contacts, the TSX Venture disclaimer). Two
 * different releases of one company share all of it, so none of it may count towards similarity.
 */

const MONTH =
  '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';
const DATE = new RegExp(
  `\\b(?:${MONTH}\\s+\\d{1,2}(?:st|nd|rd|th)?,?\\s+\\d{4}|\\d{1,2}\\s+${MONTH},?\\s+\\d{4}|\\d{4}-\\d{2}-\\d{2})\\b`,
  'i',
);
const WIRE =
  /newsfile|globe\s?newswire|accesswire|access\s?newswire|business\s?wire|\/cnw\/|\bcnw\b|newswire|pr\s?newswire|marketwired|\bthe newswire\b|stockwatch|\bnews direct\b/i;
/** Words a dateline may hold in lower case: 'Vancouver, British Columbia--(Newsfile Corp. - March 3, 2025)'. */
/** The exchanges, longest first, so 'TSX-V: ABC' reads as TSX-V and not as TSX with the symbol 'V'. */
const EXCHANGE = [...EXCHANGES.split('|'), 'OTC Pink']
  .sort((a, b) => b.replace('?', '').length - a.replace('?', '').length)
  .join('|');
const DATELINE_LOWER = /^(?:de|del|la|las|los|do|da|du|of|and|et|am|pm|st|nd|rd|th)$/;

// '(TSXV: ABC)', '(TSX-V: ABC; OTCQB: ABCD / FSE: X1Y)', '[TSXV-ABC]', 'ASX:ABC' outside brackets.
const LISTING_IN_BRACKETS = new RegExp(
  `[([](?:[^()[\\]]{0,40}?\\b(?:${EXCHANGE}|OTC Markets|XETRA|BVL|BMV|Börse Frankfurt|WKN)\\b\\s*[:\\-]\\s*[A-Z0-9.]{1,10})[^()[\\]]{0,80}[)\\]]`,
  'gi',
);
const BARE_LISTING = new RegExp(`(?<![\\p{L}])(?:${EXCHANGE})\\s*:\\s*[A-Z0-9.]{1,8}(?![\\p{L}\\d])`, 'gu');
// '(“Lenga” or the “Company”)', '(the "Offering")'.
const DEFINED_TERM =
  /\((?:the\s+)?[“"'‘][^”"'’()]{1,60}[”"'’](?:\s*(?:or|and|,)\s*(?:the\s+)?[“"'‘][^”"'’()]{1,60}[”"'’])*\)/g;

/** A segment that starts the shared tail: everything from it to the end is boilerplate. */
const TAIL_START = new RegExp(
  [
    '^(?:cautionary|forward[-\\s]looking|safe harbou?r|disclaimer|legal notice|technical disclosure|non-ifrs|non-gaap)',
    'contains? (?:certain )?(?:\\w+\\s+){0,3}["“]?forward[-\\s]looking',
    '^(?:qa\\s?/\\s?qc|quality assurance|quality control|sampling(?: and)? (?:analytical|qa|assay)|analytical (?:procedures|methods)|sample (?:analysis|preparation)|assay(?:ing)? (?:procedures|methods))',
    "^(?:qualified persons?|competent persons?(?:['’]s?)? statements?|technical information|scientific and technical)\\b",
    '^(?:for (?:further|more|additional) information|further information|contacts?\\b|contact information|investor (?:relations|contacts?|enquiries|inquiries)|media (?:contacts?|enquiries|inquiries|relations)|company contacts?)',
    '^(?:on behalf of the board|per:|signed\\b)',
    '^neither (?:the )?tsx',
    'neither the tsx venture exchange nor its regulation services',
    '^(?:source:|source\\s*[-–—]|view (?:original|source) content|to view the (?:source|original) version|related (?:links|news|articles|stories|content)|more news from|copyright\\b|©|all rights reserved)',
    '^this (?:announcement|release|news release|market announcement) (?:has been |was |is )?(?:authori[sz]ed|approved)',
    '^(?:authori[sz]ed (?:for (?:release|lodgement) )?by|release authori[sz]ed by)',
    '^(?:subscribe|sign up|get the latest|you (?:may|might) also like|recommended|trending|most read)',
  ].join('|'),
  'iu',
);

/** 'About Company Inc.' (a heading, or the first sentence of the block in a flattened page); not 'About the Project'. */
const TAIL_ABOUT =
  /^(?:About|ABOUT)\s+(?!(?:the|The|THE)\s+(?:Project|Property|Properties|Deposit|Program|Programme|Drill|Offering|Transaction|Acquisition|Agreement|Results|Study|Survey)\b)[\p{Lu}\d]/u;

/** CNW's closing 'SOURCE Kodiak Copper Corp.' (in capitals, so a sentence about a source does not match). */
const TAIL_SOURCE = /^SOURCE\s/;

/** A segment dropped wherever it stands: wire and portal chrome, contact lines, disclaimers. Anchored at its start… */
const DROP_START = new RegExp(
  `^(?:${[
    '/?(?:retransmission|r e t r a n s m i s s i o n|correction|c o r r e c t i o n|corrected|correcting and replacing)\\b',
    '(?:news|press|media) release\\b.{0,40}$',
    '(?:share|share this(?: article)?|tweet|email|print|facebook|linkedin|twitter|whatsapp|reddit|copy link|x|follow us|read more|advertisement|listen to this article|reading time|back to news|back|home|news|menu|search|close|next|previous|print this page|download pdf|pdf|view pdf)\\b.{0,30}$',
    '(?:by|posted|published|updated|written by|filed under|tags?|categories|category)\\s*[:\\s].{0,80}$',
    '(?:photo|image|figure|fig\\.|table|map|chart|source)\\s*\\d*\\s*[:.]',
    '(?:click here|to view|a (?:photo|figure|map|pdf) accompanying)',
    '\\+?\\(?\\d{1,4}\\)?[\\d\\s().-]{6,}$',
    '(?:https?://|www\\.)\\S+$',
  ].join('|')})`,
  'iu',
);
/** …or anywhere in it (kept apart: one alternation of anchored and free patterns is tried at every position). */
const DROP_ANYWHERE = new RegExp(
  [
    'not for (?:distribution|dissemination|release)',
    '\\b(?:phone|tel|telephone|fax|e-?mail|website|web|mobile|cell)\\s*[.:]',
    'has not been (?:reviewed|approved)|accepts no responsibility for the adequacy',
    '(?:not been|will not be) registered under the (?:united states|u\\.s\\.)',
    'does not constitute an offer',
    'qualified person.{0,160}(?:ni\\s?43-101|national instrument|reviewed and approved|approved the)',
    '(?:reviewed and approved|prepared|approved).{0,160}qualified person',
    'competent person.{0,200}(?:jorc|consents? to the inclusion)',
  ].join('|'),
  'iu',
);
const EMAIL = /[\w.+-]+@[\w-]+\.[\w.]+/;

function isDropped(segment: string): boolean {
  return DROP_START.test(segment) || DROP_ANYWHERE.test(segment) || (segment.includes('@') && EMAIL.test(segment));
}

/** Wire and portal names a title ends with: 'Title - Newsfile', 'Title | GlobeNewswire'. */
const TITLE_SUFFIX =
  /\s*[-–—|:•·]\s*(?:newsfile(?: corp\.?)?|globe\s?newswire|accesswire|access newswire|business\s?wire|cnw(?: group)?|newswire\.ca|canada newswire|pr\s?newswire|abn newswire|marketwired|junior mining network|jmn|mining\.com|mining(?:\s?(?:weekly|news|technology|journal|feeds))?|proactive(?:\s?investors)?(?: (?:uk|au|ca|usa|na))?|stockhouse|yahoo(?: finance)?|marketscreener|financial post|the globe and mail|tmx money|morningstar|marketwatch|investing\.com|ceo\.ca|kitco(?: news)?|investing news network|inn|baystreet\.ca|resource world|the northern miner|northern miner|stockwatch|the newswire|newswire|press release|news release)\s*$/i;
const TITLE_PREFIX =
  /^\s*(?:\/?(?:retransmission|r e t r a n s m i s s i o n|correction|c o r r e c t i o n|corrected|correcting and replacing|replacing|update|updated|amended|revised|re-?issued?|press release|news release|media release|breaking|newsfile|globe newswire|accesswire|business wire)\s*(?:[:\-–—|/]+\s*))+/i;
/** ' | Site Name' or ' - Site.com' at the end of a title: the portal's own name. */
const TITLE_SITE_TAIL =
  /\s+[|•·]\s+[^|•·]{1,40}$|\s+[-–—]\s+(?:www\.)?[\w-]+\.(?:com|ca|net|org|com\.au|co\.uk|io)\s*$/i;

/** Lower case, no accents, no punctuation, single spaces; numbers keep their decimal point ('2.5'), not their thousands separators. */
export function normaliseWords(text: string): string {
  let lower = text.toLowerCase();
  // Accents only where there can be any: NFKD is the costliest step on a long body.
  if (/[^ -~\s]/.test(lower)) lower = lower.normalize('NFKD').replace(/\p{M}/gu, '');
  return lower
    .replace(/(\d),(?=\d{3}\b)/g, '$1')
    .replace(/&/g, ' and ')
    .replace(/['’‘`´]/g, '')
    .replace(/(\d)\.(?=\d)/g, '$1\uE000')
    .replace(/[^\p{L}\p{N}\uE000]+/gu, ' ')
    .replace(/\uE000/g, '.')
    .trim();
}

/** Removes stock listings ('(TSXV: ABC)', 'ASX:ABC') and defined terms ('(the “Company”)'). */
export function removeListings(text: string): string {
  return text.replace(LISTING_IN_BRACKETS, ' ').replace(BARE_LISTING, ' ').replace(DEFINED_TERM, ' ');
}

/** The listings a text names, as 'EXCHANGE:SYMBOL' in upper case ('TSXV:ABC'): who issued the release. */
export function listingsOf(text: string): string[] {
  const found = new Set<string>();
  const pattern = new RegExp(`\\b(${EXCHANGE})\\s*[:\\-]\\s*([A-Z0-9][A-Z0-9.]{0,9})(?![\\p{L}\\d])`, 'gu');
  for (const match of text.slice(0, 4000).matchAll(pattern)) {
    const exchange = (match[1] ?? '').toUpperCase().replace(/TSX[- ]?V(?:ENTURE)?/, 'TSXV');
    const symbol = (match[2] ?? '').replace(/\.$/, '');
    if (symbol.length > 0) found.add(`${exchange}:${symbol}`);
  }
  return [...found].sort();
}

const LEGAL_FORM = /\s+(?:corp|corporation|inc|incorporated|ltd|limited|plc|nl|llc|pty ltd|s\.?a\.?|ag|se)\.?$/i;

/**
 * The issuer's name as the body writes it before its first listing: 'Western Areas Ltd (ASX:WSA)',
 * 'Labrador Gold Corp. (TSX.V:LAB | …)'; undefined when the opening names no listing.
 */
export function issuerNameOf(text: string): string | undefined {
  const head = text.slice(0, 1200);
  LISTING_IN_BRACKETS.lastIndex = 0;
  const listing = LISTING_IN_BRACKETS.exec(head);
  LISTING_IN_BRACKETS.lastIndex = 0;
  if (!listing) return undefined;
  const words = head.slice(0, listing.index).trimEnd().split(/\s+/);
  const name: string[] = [];
  for (let i = words.length - 1; i >= 0 && name.length < 6; i--) {
    const word = words[i] ?? '';
    if (!/^[\p{Lu}\d&][\p{L}\d.&'’-]*$/u.test(word)) break;
    name.unshift(word);
  }
  return name.length > 0 ? name.join(' ') : undefined;
}

/**
 * A title as every copy of the release would read it: case, accents, punctuation, listings, wire prefixes
 * ("RETRANSMISSION:", "CORRECTION -") and suffixes (" - Newsfile", " | GlobeNewswire") removed, and the
 * issuer's name in front ('Western Areas (ASX:WSA) Significant Widths…' as ABN Newswire titles an
 * announcement the exchange titles 'Significant Widths…'). `issuer`: the name as the body gives it.
 */
export function normaliseTitle(title: string, issuer?: string): string {
  let text = title.replace(/\s+/g, ' ').trim();
  for (let previous = ''; previous !== text;) {
    previous = text;
    text = text.replace(TITLE_PREFIX, '').replace(TITLE_SUFFIX, '').trim();
  }
  const tail = TITLE_SITE_TAIL.exec(text);
  // A site name after a bar is short; a long tail after a bar is the title's own second half.
  if (tail && tail.index > 20) text = text.slice(0, tail.index);
  // 'Name (ASX:ABC) Title': the name and listing are the wire's prefix.
  LISTING_IN_BRACKETS.lastIndex = 0;
  const listing = LISTING_IN_BRACKETS.exec(text);
  LISTING_IN_BRACKETS.lastIndex = 0;
  if (listing && listing.index < 80 && text.length - listing.index - listing[0].length > 20) {
    text = text.slice(listing.index + listing[0].length);
  }
  let key = normaliseWords(removeListings(text));
  if (issuer !== undefined) {
    for (const name of [issuer, issuer.replace(LEGAL_FORM, '')]) {
      const prefix = normaliseWords(name);
      if (prefix !== '' && key.startsWith(`${prefix} `) && key.length - prefix.length > 12) {
        key = key.slice(prefix.length + 1);
        break;
      }
    }
  }
  return key;
}

/** Splits text into segments: lines, and sentences within lines (a flattened page has no lines). */
function segmentsOf(text: string): string[] {
  const segments: string[] = [];
  for (const line of text.split(/\r?\n|\u2028|\u2029/)) {
    const trimmed = line.replace(/\s+/g, ' ').trim();
    if (trimmed === '') continue;
    for (const sentence of trimmed.split(/(?<=[.!?])\s+(?=[\p{Lu}“"(•·■▪●*\d])|\s+(?=[•·■▪●]\s)/u)) {
      const clean = sentence.trim();
      if (clean !== '') segments.push(clean);
    }
  }
  return segments;
}

/**
 * The dateline at the head of the first paragraph cut off: 'VANCOUVER, British Columbia--(Newsfile Corp. -
 * March 3, 2025) - ', 'VANCOUVER, BC, March 3, 2025 /CNW/ - ', 'TORONTO--(BUSINESS WIRE)--',
 * 'Sydney, Mar 3, 2025 AEST (ABN Newswire) - ', 'March 3, 2025 – Vancouver, BC – '. The cut is the last
 * separator whose prefix names a date or a wire and holds no running text.
 */
export function stripDateline(segment: string): string {
  const head = segment.slice(0, 320);
  let cut = 0;
  for (const separator of head.matchAll(/\s*(?:-{2,}|\s[-–—]\s|[–—]|\s\/\s|\)\s*[-–—:]\s)\s*/g)) {
    const prefix = head.slice(0, separator.index + (separator[0].trimStart().startsWith(')') ? 1 : 0));
    const lowerWords = (prefix.match(/(?<![\p{L}])\p{Ll}[\p{L}]+/gu) ?? []).filter(
      (word) => !DATELINE_LOWER.test(word),
    );
    if (lowerWords.length > 2) break;
    if (DATE.test(prefix) || WIRE.test(prefix)) cut = separator.index + separator[0].length;
  }
  return segment.slice(cut).trim();
}

/** A whole segment that is only a dateline or a date: 'Vancouver, BC – March 3, 2025'. */
function isDatelineOnly(segment: string): boolean {
  if (!DATE.test(segment) && !WIRE.test(segment)) return false;
  const rest = segment.replace(DATE, ' ').replace(WIRE, ' ');
  const lowerWords = (rest.match(/(?<![\p{L}])\p{Ll}[\p{L}]+/gu) ?? []).filter((word) => !DATELINE_LOWER.test(word));
  return lowerWords.length === 0 && rest.split(/\s+/).length <= 12;
}

/**
 * Legends that run into the dateline when a feed or page flattens the text ('NOT FOR DISTRIBUTION … UNITED
 * STATES VANCOUVER, BC …'): removed as phrases, since dropping their sentence would drop the lead with them.
 */
const LEGEND =
  /\/?\b(?:not for (?:distribution|dissemination|release)[^.\n]{0,140}?(?:united states|u\.s\.)(?: newswire services)?(?: or for (?:dissemination|release) in the (?:united states|u\.s\.))?\.?|r ?e ?t ?r ?a ?n ?s ?m ?i ?s ?s ?i ?o ?n\s*[:\-–—]|c ?o ?r ?r ?e ?c ?t ?i ?o ?n\s*[:\-–—]+)\/?/gi;

/** Words of running text needed before a tail marker counts (so a marker in a header does not end the body). */
const MIN_WORDS_BEFORE_TAIL = 12;
/** Lines shorter than this above the first sentence of the body are page chrome. */
const HEADER_LINE_WORDS = 6;
/** A line this long is running text: the body has started. */
const BODY_LINE_WORDS = 8;
/** A dateline stands in the first words of the body (after any header a page puts above it). */
const DATELINE_WITHIN_WORDS = 60;
const NAV_WORD =
  /^(?:share|tweet|email|e-mail|print|facebook|linkedin|twitter|whatsapp|reddit|pinterest|telegram|x|copy|link|save|comments?|home|news|menu)$/i;

/** A portal's breadcrumb ('Home > News > …') or share bar ('Share Tweet Email'). */
function isNavigation(segment: string): boolean {
  if (/^(?:home|news|press releases?)\s*[>»›/|]/i.test(segment)) return true;
  const words = segment.split(/\s+/);
  return words.filter((word) => NAV_WORD.test(word)).length >= 3;
}

/**
 * The release's own text: header chrome, the dateline, listings, contact lines, disclaimers and the shared
 * tail removed. `title` (optional) drops the title where a page repeats it above the body.
 */
export function stripBoilerplate(text: string, title?: string): string {
  const titleKey = title === undefined ? '' : normaliseTitle(title);
  const titleLength = title?.length ?? 0;
  const kept: string[] = [];
  let words = 0;
  // Listings first: a sentence split inside '(TSXV: ABC)' would leave it in pieces.
  let bodyStarted = false;
  for (const raw of segmentsOf(removeListings(text.replace(LEGEND, '\n')))) {
    let segment = raw;
    if (
      words >= MIN_WORDS_BEFORE_TAIL &&
      (TAIL_START.test(segment) || TAIL_ABOUT.test(segment) || TAIL_SOURCE.test(segment))
    )
      break;
    if (isDropped(segment) || isNavigation(segment)) continue;
    if (words < DATELINE_WITHIN_WORDS) {
      if (isDatelineOnly(segment)) continue;
      // A page repeats the title above the body (checked only on lines of about the title's length).
      if (titleKey !== '' && segment.length < titleLength * 2 && normaliseTitle(segment) === titleKey) continue;
      const stripped = stripDateline(segment);
      // What follows a dateline is the body's first sentence, however short.
      if (stripped !== segment) bodyStarted = true;
      segment = stripped;
    }
    segment = segment.replace(/\s+/g, ' ').trim();
    if (segment === '') continue;
    const count = segment.split(' ').length;
    const sentence = /[.!?:;"”)]$/.test(segment);
    // Above the body a page has menus, taglines, bylines and headings: short lines without a full stop
    // or a figure, none of them the release's.
    if (
      !bodyStarted &&
      (count < HEADER_LINE_WORDS || (count < BODY_LINE_WORDS * 2 && !sentence && !/\d/.test(segment)))
    ) {
      continue;
    }
    if (count >= BODY_LINE_WORDS && sentence) bodyStarted = true;
    words += count;
    kept.push(segment);
  }
  return kept.join('\n');
}
