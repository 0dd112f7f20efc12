import { isHeadingLine } from '../../adapters/ai/rules-document.ts';

/**
 * The text the facts extractor reads, cut into units (lines, and sentences inside long lines) that keep
 * their offsets, plus the number and unit readers every fact kind shares. The extractor matches on a copy
 * with look-alike characters folded one for one (no-break spaces, fraction slashes, dashes, Greek mu), so
 * an offset into the copy is an offset into the text it was given.
 */

export interface Unit {
  /** Folded text of the unit (same length as the original span). */
  text: string;
  start: number;
  end: number;
  /** Index of the line the unit lies on. */
  line: number;
  /** The unit is a whole line split into cells (a table row). */
  cells: Cell[] | null;
}

export interface Cell {
  text: string;
  start: number;
  end: number;
}

const FOLD: Record<string, string> = {
  '\u00a0': ' ',
  '\u2007': ' ',
  '\u2009': ' ',
  '\u202f': ' ',
  '\u2002': ' ',
  '\u2003': ' ',
  '\u2044': '/',
  '\u2215': '/',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2013': '-',
  '\u2014': '-',
  '\u2212': '-',
  '\u03bc': 'µ',
  '\u2018': "'",
  '\u2019': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u00d7': 'x',
  '\u2082': '2',
  '\u2083': '3',
  '\u2088': '8',
  '\u00b2': '2',
  '\u00b3': '3',
};
const FOLDABLE = new RegExp(`[${Object.keys(FOLD).join('')}]`, 'g');

/** The text with look-alike characters replaced one for one (offsets unchanged). */
export function foldText(text: string): string {
  return text.replace(FOLDABLE, (char) => FOLD[char] ?? char);
}

// A row of a table as the product's text keeps it: cells split by tabs, '|' (HTML pages through
// articleToText) or runs of two or more spaces (PDF text layers). Tabs and bars keep empty cells, so a
// continuation row's blank hole cell still holds its column; runs of spaces cannot say, and drop them.
const EXPLICIT_SPLIT = /\t| *\| */g;
const SPACE_SPLIT = /\s{2,}/g;

/** Cells of a line, or null when it has fewer than three non-empty ones (prose). */
export function cellsOf(line: string, lineStart: number): Cell[] | null {
  const explicit = line.includes('\t') || line.includes('|');
  if (!explicit && !/\S {2,}\S/.test(line)) return null;
  const cells: Cell[] = [];
  let at = 0;
  const push = (from: number, to: number) => {
    const raw = line.slice(from, to);
    const lead = raw.length - raw.trimStart().length;
    const value = raw.trim();
    if (value || explicit)
      cells.push({ text: value, start: lineStart + from + lead, end: lineStart + from + lead + value.length });
  };
  for (const match of line.matchAll(explicit ? EXPLICIT_SPLIT : SPACE_SPLIT)) {
    push(at, match.index);
    at = match.index + match[0].length;
  }
  push(at, line.length);
  // '| a | b |': the bars at the ends frame the row, they do not open empty cells. A bar that ends a row it did
  // not open ('Including | 56.10 | 56.85 | 0.75 | 23.94 |') closes the last cell's column, left empty.
  const framed = /^\s*\|/.test(line);
  if (explicit && framed && cells[0]?.text === '') cells.shift();
  if (explicit && framed && /\|\s*$/.test(line) && cells.at(-1)?.text === '') cells.pop();
  const filled = cells.filter((cell) => cell.text !== '');
  // A dateline's '(TSXV: ABC | OTCQB: ABCDF)' or prose with double spaces is not a row: rows have short cells.
  const longest = Math.max(...filled.map((cell) => cell.text.length));
  if (explicit ? longest > 100 : longest > 40 || filled.length < 3) return null;
  return filled.length >= 2 && cells.length >= 3 ? cells : null;
}

const ABBREVIATION =
  /(?:^|[\s(])(?:Mr|Mrs|Ms|Dr|Prof|Inc|Ltd|Corp|Co|No|Nos|St|Mt|approx|e\.g|i\.e|vs|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec|Fig|Figs|incl|Pty|U\.S|ca|est|P\.Geo|P\.Eng|S\.A)$/i;

/** Units of the text: every line, long lines cut at sentence ends (not at decimals, initials or 'Inc.'). */
export function unitsOf(folded: string): Unit[] {
  const units: Unit[] = [];
  let lineStart = 0;
  let line = 0;
  while (lineStart <= folded.length) {
    let lineEnd = folded.indexOf('\n', lineStart);
    if (lineEnd < 0) lineEnd = folded.length;
    const raw = folded.slice(lineStart, lineEnd);
    if (raw.trim()) {
      const cells = cellsOf(raw, lineStart);
      if (cells) units.push(trimmed(folded, lineStart, lineEnd, line, cells));
      else
        for (const [from, to] of sentenceSpans(raw))
          units.push(trimmed(folded, lineStart + from, lineStart + to, line, null));
    }
    lineStart = lineEnd + 1;
    line++;
  }
  return units;
}

function trimmed(text: string, start: number, end: number, line: number, cells: Cell[] | null): Unit {
  while (start < end && /\s/.test(text[start] ?? '')) start++;
  while (end > start && /\s/.test(text[end - 1] ?? '')) end--;
  return { text: text.slice(start, end), start, end, line, cells };
}

function sentenceSpans(line: string): [number, number][] {
  const spans: [number, number][] = [];
  let start = 0;
  for (const match of line.matchAll(/[.!?;]["')]?(?=\s+["'(]?[A-Z0-9•-])/g)) {
    const end = match.index + match[0].length;
    if (match[0].startsWith('.')) {
      const before = line.slice(Math.max(start, match.index - 12), match.index);
      // 'J. Smith', 'Inc. announced', '(incl. 2 m'.
      if (/(?:^|[\s(])[A-Za-z]$/.test(before) || ABBREVIATION.test(before)) continue;
    }
    if (match[0].startsWith(';') && end - start < 40) continue;
    spans.push([start, end]);
    start = end;
  }
  spans.push([start, line.length]);
  return spans.filter(([from, to]) => line.slice(from, to).trim() !== '');
}

/** A month's name, as a regex source. */

/** A list's item: a bullet, or the 'o' a word processor's second-level bullet becomes in text. */
export const LIST_ITEM = /^\s*(?:[•·*▪◦–-]|o)\s/;

/** A number as written: '1,234.5', '1 234', '0.35', '.5'; also '1.234,5'-free releases assumed. */
// '12,500.5', '12.5', thousands apart by spaces ('£350 000', 'about 1 000 m'), and the decimal comma of South
// African and European releases ('6,98 Mt at 3,03% copper'): a comma before one or two digits only.
export const NUM = String.raw`(?:\d{1,3}(?:,\d{3})+(?:\.\d+)?|(?<!\d)\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?!\d|[.,]\d)|\d+,\d{1,2}(?![\d,])|\d+(?:\.\d+)?|\.\d+)`;

export function parseNum(text: string): number {
  if (/^\d+,\d{1,2}$/.test(text)) return Number(text.replace(',', '.'));
  return Number(text.replace(/[,\s\u00a0\u202f]/g, ''));
}

const WORD_NUMBERS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  'twenty-five': 25,
  thirty: 30,
  forty: 40,
  fifty: 50,
  a: 1,
  an: 1,
  single: 1,
  second: 2,
  third: 3,
};
export const WORD_NUM = `(?:${Object.keys(WORD_NUMBERS)
  .filter((word) => word.length > 2)
  .join('|')})`;

/** '12', '1,200', 'twelve', 'a' → number; NaN when unreadable. */
export function parseCount(text: string): number {
  const lower = text.toLowerCase();
  return WORD_NUMBERS[lower] ?? parseNum(lower);
}

/** Money multipliers: 'million', 'M', 'bn'. */
export function multiplier(word: string | undefined): number {
  if (!word) return 1;
  const lower = word.toLowerCase().replace(/\.$/, '');
  if (lower === 'billion' || lower === 'bn' || lower === 'b') return 1e9;
  if (lower === 'million' || lower === 'mm' || lower === 'm' || lower === 'mln' || lower === 'mil') return 1e6;
  if (lower === 'thousand' || lower === 'k') return 1e3;
  return 1;
}

/** Rounds away float noise: 1.1 * 1e6 → 1100000. */
export function clean(value: number): number {
  return Number(value.toPrecision(12));
}

export type GradeUnitWord = 'g/t' | '%' | 'ppm' | 'ppb' | 'oz/t' | 'lb/t' | 'kg/t' | 'mg/L';

/** Grade units as releases write them, longest first; group 1 of GRADE_UNIT_PATTERN. */
export const GRADE_UNIT = String.raw`(?:g\/t|gpt|g\/tonne|gm\/t|grams? per tonne|grams? per metric tonne|grams? per ton|g\/mt|%|per ?cent|percent|ppm|ppb|µg\/g|oz\/t(?:on)?|opt|ounces? per (?:short )?ton|oz\/ton|lb\/t|lbs\/t|kg\/t|mg\/[lL]|milligrams? per lit(?:re|er)|parts per (?:million|billion))`;

export function gradeUnitOf(word: string): GradeUnitWord | null {
  const lower = word.toLowerCase();
  if (lower === 'mg/l' || lower.startsWith('milligram')) return 'mg/L';
  if (lower.startsWith('g') || lower === 'gpt') return 'g/t';
  if (lower === '%' || lower.startsWith('per') || lower === 'percent') return '%';
  if (lower === 'ppm' || lower === 'µg/g' || lower === 'parts per million') return 'ppm';
  if (lower === 'ppb' || lower === 'parts per billion') return 'ppb';
  if (lower.startsWith('oz') || lower === 'opt' || lower.startsWith('ounce')) return 'oz/t';
  if (lower.startsWith('lb')) return 'lb/t';
  if (lower === 'kg/t') return 'kg/t';
  return null;
}

// Element words and symbols, as written after (or before) a grade.
const ELEMENT_WORDS: [RegExp, string][] = [
  // Combined grades are one grade of their own, not their first metal's: '4.4% Zn+Pb', '1.45 g/t 3E PGM'
  // (platinum, palladium and gold; 4E adds rhodium), '2PGE+Au' being 3E.
  [/^(?:zn ?\+ ?pb|pb ?\+ ?zn|zinc ?[+-] ?lead|lead ?[+-] ?zinc)$/i, 'Zn+Pb'],
  [/^(?:cu ?\+ ?zn|zn ?\+ ?cu|copper ?[+-] ?zinc|zinc ?[+-] ?copper)$/i, 'Cu+Zn'],
  [/^(?:cu ?\+ ?au|au ?\+ ?cu)$/i, 'Cu+Au'],
  [/^(?:3e|2pge ?\+ ?au|pt ?\+ ?pd ?\+ ?au)(?: ?pgm| ?pge)?$/i, '3E'],
  [/^([4-6])e(?: ?pgm| ?pge)?$/i, '$1E'],
  [/^(?:au ?eq|aueq|gold[- ]equivalent|gold eq\.?)$/i, 'AuEq'],
  [/^(?:ag ?eq|ageq|silver[- ]equivalent)$/i, 'AgEq'],
  // 'eCu' is Mongolia's and Xanadu's copper equivalent (unlike eU3O8, not a probe reading).
  [/^(?:cu ?eq|cueq|copper[- ]equivalent|ecu)$/i, 'CuEq'],
  [/^(?:ni ?eq|nieq|nickel[- ]equivalent)$/i, 'NiEq'],
  [/^(?:zn ?eq|zneq|zinc[- ]equivalent)$/i, 'ZnEq'],
  [/^(?:li2o|lithium oxide|li₂o)$/i, 'Li2O'],
  // Equivalent uranium from a gamma probe is not an assay: 'eU3O8' stays itself.
  [/^eu3o8$/i, 'eU3O8'],
  [/^(?:u3o8|uranium oxide)$/i, 'U3O8'],
  [/^(?:treo|total rare earth oxides?)$/i, 'TREO'],
  [/^(?:v2o5)$/i, 'V2O5'],
  [/^(?:wo3)$/i, 'WO3'],
  [/^(?:tgc|graphitic carbon|cg)$/i, 'TGC'],
  [/^(?:au|gold)$/i, 'Au'],
  [/^(?:ag|silver)$/i, 'Ag'],
  [/^(?:cu|copper)$/i, 'Cu'],
  [/^(?:ni|nickel)$/i, 'Ni'],
  [/^(?:zn|zinc)$/i, 'Zn'],
  [/^(?:pb|lead)$/i, 'Pb'],
  [/^(?:mo|molybdenum)$/i, 'Mo'],
  [/^(?:co|cobalt)$/i, 'Co'],
  [/^(?:li|lithium)$/i, 'Li'],
  // '1260 ppm U' is elemental uranium (U3O8 is 1.18 times more).
  [/^u$/i, 'U'],
  [/^uranium$/i, 'U3O8'],
  [/^(?:sn|tin)$/i, 'Sn'],
  [/^(?:sb|antimony)$/i, 'Sb'],
  [/^(?:w|tungsten)$/i, 'WO3'],
  [/^(?:pt|platinum)$/i, 'Pt'],
  [/^(?:pd|palladium)$/i, 'Pd'],
  [/^(?:pge|pgm|pge\+au)$/i, 'PGE'],
  [/^(?:fe|iron)$/i, 'Fe'],
  [/^(?:al2o3|alumina)$/i, 'Al2O3'],
  [/^(?:mn|manganese)$/i, 'Mn'],
  // Mineral sands: valuable and total heavy minerals ('12m at 29.48 per cent VHM').
  [/^vhm$/i, 'VHM'],
  [/^thm$/i, 'THM'],
  [/^(?:v|vanadium)$/i, 'V2O5'],
];

/** Element words releases put beside grades; group 1 of ELEMENT_PATTERN. */
export const ELEMENT = String.raw`(?:eCu|Zn ?\+ ?Pb|Cu ?\+ ?Zn|copper-zinc|zinc-copper|zinc-lead|lead-zinc|Pb ?\+ ?Zn|Cu ?\+ ?Au|(?:2PGE ?\+ ?Au|Pt ?\+ ?Pd ?\+ ?Au|[3-6]E)(?: ?PGM| ?PGE)?|Au ?Eq|AuEq|Ag ?Eq|AgEq|Cu ?Eq|CuEq|NiEq|ZnEq|gold[- ]equivalent|silver[- ]equivalent|copper[- ]equivalent|nickel[- ]equivalent|zinc[- ]equivalent|Li2O|lithium oxide|Li|eU3O8|U3O8|U(?=\s|$|[.,;)])|total rare earth oxides?|TREO|V2O5|WO3|TGC|Cg|Au|Ag|Cu|Ni|Zn|Pb|Mo|Co|Sn|Sb|Pt|Pd|PGE|Fe|Mn|Al2O3|alumina|gold|silver|copper|nickel|zinc|lead|molybdenum|cobalt|lithium|uranium|tin|antimony|tungsten|platinum|palladium|graphitic carbon|manganese|VHM|THM)(?![A-Za-z0-9])`;

export function elementOf(word: string | undefined): string | null {
  if (!word) return null;
  const value = word.trim();
  for (const [pattern, symbol] of ELEMENT_WORDS) if (pattern.test(value)) return value.replace(pattern, symbol);
  return null;
}

const CURRENCIES: [RegExp, 'USD' | 'CAD' | 'AUD' | 'GBP' | 'EUR' | 'ZAR'][] = [
  [/^(?:US\$|USD|U\.S\.\$|US \$)$/i, 'USD'],
  [/^(?:C\$|CAD|CDN\$|Cdn\$|CA\$|CAD\$)$/i, 'CAD'],
  [/^(?:A\$|AUD|AU\$)$/i, 'AUD'],
  [/^(?:£|GBP)$/i, 'GBP'],
  [/^(?:€|EUR)$/i, 'EUR'],
  [/^(?:ZAR|R)$/, 'ZAR'],
];
export const CURRENCY = String.raw`(?:US ?\$|U\.S\.\$|USD ?\$?|C\$|CA\$|CDN ?\$|Cdn ?\$|CAD ?\$?|A\$|AU\$|AUD ?\$?|£|GBP ?|€|EUR ?|ZAR ?|\$)`;

export function currencyOf(symbol: string, fallback: 'USD' | 'CAD' | 'AUD' | null): ReturnType<typeof pickCurrency> {
  return pickCurrency(symbol.replace(/\s+/g, ''), fallback);
}

function pickCurrency(symbol: string, fallback: 'USD' | 'CAD' | 'AUD' | null) {
  for (const [pattern, code] of CURRENCIES) if (pattern.test(symbol)) return code;
  return fallback;
}

/** The currency a release says its bare '$' figures are in ('All figures in US$', 'US dollars unless'). */
export function defaultCurrency(text: string): 'USD' | 'CAD' | 'AUD' | null {
  const match =
    /(?:all|unless otherwise (?:noted|stated|indicated)|figures|amounts|dollar amounts|expressed|currency)[^.\n]{0,60}?\b(US\$|USD|U\.S\. dollars|US dollars|United States dollars|C\$|CAD|Canadian dollars|A\$|AUD|Australian dollars)/i.exec(
      text,
    ) ??
    /\b(US\$|USD|U\.S\. dollars|US dollars|C\$|CAD|Canadian dollars|A\$|AUD|Australian dollars)[^.\n]{0,30}?unless otherwise/i.exec(
      text,
    );
  if (!match?.[1]) return null;
  const word = match[1].toLowerCase();
  if (word.startsWith('us') || word.startsWith('u.s') || word.startsWith('united')) return 'USD';
  if (word.startsWith('c')) return 'CAD';
  return 'AUD';
}

/** Metres from a length and its unit word ('ft', 'feet' converted). */
export function toMetres(value: number, unit: string | undefined): number {
  if (unit && /^(?:ft|feet|foot|')$/i.test(unit.trim())) return clean(value * 0.3048);
  return unit && /^cm$/i.test(unit.trim()) ? clean(value / 100) : value;
}

export const DRILL_TYPE_WORDS: [
  RegExp,
  'diamond' | 'RC' | 'aircore' | 'RAB' | 'sonic' | 'auger' | 'percussion' | 'rotary',
][] = [
  [/\b(?:reverse[- ]circulation|RC|RCD)\b/, 'RC'],
  [/\b(?:diamond|core|DD|HQ|NQ|PQ)\b/i, 'diamond'],
  [/\b(?:air[- ]?core|AC)\b/, 'aircore'],
  [/\b(?:aircore|air-core)\b/i, 'aircore'],
  [/\b(?:RAB|rotary air blast)\b/i, 'RAB'],
  [/\bsonic\b/i, 'sonic'],
  [/\bauger\b/i, 'auger'],
  [/\bpercussion\b/i, 'percussion'],
  [/\brotary\b/i, 'rotary'],
];

/** The drill method a phrase names, or null. */
export function drillTypeOf(text: string): (typeof DRILL_TYPE_WORDS)[number][1] | null {
  for (const [pattern, type] of DRILL_TYPE_WORDS) if (pattern.test(text)) return type;
  return null;
}

/**
 * Where the 'About the Company' section starts (the text's length when it has none): what a company says of
 * itself in every release (its resources, studies, earlier raisings) is not this release's news.
 */
export function aboutSectionStart(text: string): number {
  for (const match of text.matchAll(/^about\s+\S[^\n]*$/gim)) {
    if (match.index > 0 && isHeadingLine(match[0].trim())) return match.index;
  }
  return text.length;
}
