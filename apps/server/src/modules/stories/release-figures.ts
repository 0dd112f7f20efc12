/**
 * The figures a release is about: amounts, grades and widths, tonnes and ounces, share counts, hole ids.
 * Two drill releases of one company read alike (same project, same template) but never report the same
 * holes and grades; a first and a second tranche differ in their amounts. Figures keep them apart.
 */

const UNIT =
  'g\\/t|gpt|grams? per tonne|oz\\/t|ppm|ppb|%|per ?cent|percent|m|metres?|meters?|ft|feet|km|kms|ha|hectares?|oz|ounces?|koz|moz|mt|kt|t|tonnes?|tons?|lbs?|mlbs?|pounds|km2|sq km|units|shares|common shares|warrants|options|holes?';
const CANONICAL_UNIT: Record<string, string> = {
  gpt: 'g/t',
  gram: 'g/t',
  grams: 'g/t',
  percent: '%',
  'per cent': '%',
  metre: 'm',
  metres: 'm',
  meter: 'm',
  meters: 'm',
  feet: 'ft',
  kms: 'km',
  hectare: 'ha',
  hectares: 'ha',
  ounce: 'oz',
  ounces: 'oz',
  tonne: 't',
  tonnes: 't',
  ton: 't',
  tons: 't',
  lb: 'lbs',
  pounds: 'lbs',
  mlb: 'mlbs',
  'common shares': 'shares',
  hole: 'holes',
  'sq km': 'km2',
};

const AMOUNT = /(?:(?:c|a|us|au|ca|cdn)?\$|£|€)\s?(\d+(?:\.\d+)?)(?:[\s-]?(million|billion|m|mm|b|k)\b)?/gi;
// '6,500 metres', '6500m' and '6,500-metre programme' are one quantity.
const QUANTITY = new RegExp(`(?<![\\w.])(\\d+(?:\\.\\d+)?)[\\s-]?(${UNIT})(?![\\p{L}\\d])`, 'giu');
// 'DDH-24-045', 'RC24-112', 'MK22-003A', 'KD-25-07': letters, then digit groups joined by - or _.
const HOLE_ID =
  /(?<![\p{L}\d-])([A-Z]{1,6}[-_]?\d{2,4}(?:[-_][A-Z]?\d{1,4}[A-Z]?)+|[A-Z]{2,6}\d{3,5}[A-Z]?)(?![\p{L}\d-])/gu;
const LIST_CAP = 48;
const SCALE: Record<string, number> = { million: 1e6, m: 1e6, mm: 1e6, billion: 1e9, b: 1e9, k: 1e3 };

function canonicalUnit(unit: string): string {
  const lower = unit.toLowerCase().replace(/\s+/g, ' ');
  if (lower.startsWith('gram')) return 'g/t';
  return CANONICAL_UNIT[lower] ?? lower;
}

function canonicalNumber(digits: string): string {
  const value = Number(digits);
  return Number.isFinite(value) ? String(value) : digits;
}

/** The salient figures of a title and body, canonical ('$1.5m', '2.31g/t', '12m', 'DDH-24-045'), sorted, at most 48. */
export function releaseFigures(title: string, body: string): string[] {
  const text = `${title}\n${body}`.replace(/(\d),(?=\d{3}\b)/g, '$1');
  const found = new Set<string>();
  for (const match of text.matchAll(AMOUNT)) {
    const scale = SCALE[(match[2] ?? '').toLowerCase()] ?? 1;
    // '$2.5 million' in a title and '$2,500,000' in the body are one amount.
    found.add(`$${Math.round(Number(match[1] ?? '') * scale * 100) / 100}`);
  }
  for (const match of text.matchAll(QUANTITY)) {
    const value = match[1] ?? '';
    const unit = canonicalUnit(match[2] ?? '');
    // A bare year-like 'm' or 't' is noise ('2025 t' does not occur; '1 m' sample lengths are in every QA/QC text).
    if ((unit === 'm' || unit === 't') && Number(value) < 2 && !value.includes('.')) continue;
    found.add(`${canonicalNumber(value)}${unit}`);
  }
  for (const match of text.matchAll(HOLE_ID)) {
    const id = match[1] ?? '';
    // Not a year range ('2024-2025'), a listing ('TSXV-ABC' has no digits) or a standard ('NI43-101').
    if (/^(?:NI|JORC|ISO|COVID|SK|CIM|ASX|TSX|TSXV|NYSE|Q[1-4]|H[12]|FY|CY)/i.test(id)) continue;
    found.add(id.toUpperCase().replace(/_/g, '-'));
  }
  return [...found].sort().slice(0, LIST_CAP);
}

/**
 * Whether two figure lists say different things: both name figures and few of the shorter
 * list's are in the longer (a summary's figures are all in its full text; a second tranche's are not in the first's).
 */
export function figuresConflict(a: readonly string[], b: readonly string[]): boolean {
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  if (shorter.length === 0) return false;
  const inLonger = new Set(longer);
  // Money is the surest figure: a copy never states another amount ('£38 million in cash' in December,
  // '£8.3 million' in January, beside the same '80%-owned' of the About block).
  const amountsOf = (figures: readonly string[]) => figures.filter((figure) => figure.startsWith('$'));
  const [shorterAmounts, longerAmounts] = [amountsOf(shorter), amountsOf(longer)];
  if (shorterAmounts.length > 0 && longerAmounts.length > 0 && !shorterAmounts.some((f) => inLonger.has(f))) {
    return true;
  }
  let shared = 0;
  for (const figure of shorter) if (inLonger.has(figure)) shared++;
  // A figure or two each and none in common is a serial release ('5.1 km by 600 m' last month, '5.8 km by
  // 350 m' now; 'a 9,500-metre program' and 'an 11,500-metre program'), not a copy: a copy's figures, a
  // summary's included, are all in the full text.
  if (shorter.length <= 2) return shared === 0;
  return shared / shorter.length < 0.5;
}
