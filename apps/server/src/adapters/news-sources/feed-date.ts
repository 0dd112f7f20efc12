// Dates as feeds really write them. Date.parse is not used: it reads a date without a zone in the server's
// own zone and knows only a few zone names, so the same feed would give different times on different hosts.

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** Offsets in minutes east of UTC of the zone names feeds use (RFC 822's and common abbreviations). */
const ZONES: Record<string, number> = {
  ut: 0,
  utc: 0,
  gmt: 0,
  z: 0,
  wet: 0,
  est: -300,
  edt: -240,
  cst: -360,
  cdt: -300,
  mst: -420,
  mdt: -360,
  pst: -480,
  pdt: -420,
  akst: -540,
  akdt: -480,
  hst: -600,
  ast: -240,
  adt: -180,
  nst: -210,
  ndt: -150,
  bst: 60,
  cet: 60,
  west: 60,
  cest: 120,
  eet: 120,
  eest: 180,
  msk: 180,
  hkt: 480,
  sgt: 480,
  awst: 480,
  jst: 540,
  kst: 540,
  acst: 570,
  aest: 600,
  aedt: 660,
  nzst: 720,
  nzdt: 780,
};

const TIME = String.raw`(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?`;
const ZONE = String.raw`([a-z]{1,5}|[+-]\d{2}:?\d{2}|[+-]\d{1,2})`;
// RFC 822/1123/2822: "Tue, 03 Jun 2025 09:39:21 EST", "3 June 25 09:39 GMT", "03-Jun-2025 09:39:21 +0530".
const DAY_FIRST = new RegExp(
  String.raw`^(?:[a-z]+,?\s*)?(\d{1,2})[\s-]+([a-z]{3,9})\.?,?[\s-]+(\d{2,4})(?:[\sT,]+${TIME})?\s*${ZONE}?\s*(?:[a-z]{2,5}|\(.*\))?$`,
  'i',
);
// US style: "Tuesday, June 3, 2025 9:39:21 PDT", "Jun 03 2025".
const MONTH_FIRST = new RegExp(
  String.raw`^(?:[a-z]+,?\s*)?([a-z]{3,9})\.?\s+(\d{1,2}),?\s+(\d{2,4})(?:[\sT,]+${TIME})?\s*${ZONE}?\s*(?:[a-z]{2,5}|\(.*\))?$`,
  'i',
);
// ISO 8601 / RFC 3339 / W3C-DTF (dc:date): "2025-06-03T09:39:21.5+02:00", "2025-06-03 09:39:21Z", "2025-06-03".
const ISO = new RegExp(
  String.raw`^(\d{4})-(\d{2})(?:-(\d{2}))?(?:[T\s]+(\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$`,
  'i',
);

/**
 * The instant a feed's date names, or null when it cannot be read. A date or time without a zone is
 * read as UTC; RFC 822's military letters other than Z are read as UTC too (RFC 5322 section 4.3: their
 * signs were defined backwards, so they carry no information); an unknown zone name is read as UTC.
 */
export function parseFeedDate(text: string | null | undefined): Date | null {
  const value = text?.trim().replace(/\s+/g, ' ');
  if (!value) return null;
  const iso = ISO.exec(value);
  if (iso) {
    const [, year, month, day, hour, minute, second, zone] = iso;
    return build(Number(year), Number(month), Number(day ?? 1), hour, minute, second, zone);
  }
  const dayFirst = DAY_FIRST.exec(value);
  if (dayFirst) {
    const [, day, month, year, hour, minute, second, zone] = dayFirst;
    return build(fullYear(year), monthNumber(month), Number(day), hour, minute, second, zone);
  }
  const monthFirst = MONTH_FIRST.exec(value);
  if (monthFirst) {
    const [, month, day, year, hour, minute, second, zone] = monthFirst;
    return build(fullYear(year), monthNumber(month), Number(day), hour, minute, second, zone);
  }
  return null;
}

/** Two-digit years as RFC 5322 reads them: 00–49 are 2000–2049, 50–99 are 1950–1999. */
function fullYear(year = ''): number {
  const value = Number(year);
  if (year.length === 2) return value < 50 ? 2000 + value : 1900 + value;
  return year.length === 3 ? 1900 + value : value;
}

function monthNumber(name = ''): number {
  return MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;
}

/** Minutes east of UTC; null when the zone is an offset out of range. */
function zoneOffset(zone: string | undefined): number | null {
  if (!zone) return 0;
  const numeric = /^([+-])(\d{1,2}):?(\d{2})?$/.exec(zone);
  if (numeric) {
    const [, sign, hours, minutes] = numeric;
    if (Number(hours) > 14 || Number(minutes ?? 0) > 59) return null;
    return (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes ?? 0));
  }
  return ZONES[zone.toLowerCase()] ?? 0;
}

function build(
  year: number,
  month: number,
  day: number,
  hour = '0',
  minute = '0',
  second = '0',
  zone?: string,
): Date | null {
  const offset = zoneOffset(zone);
  const [h, m, s] = [Number(hour), Number(minute), Math.min(59, Number(second))];
  if (
    offset === null ||
    month < 1 ||
    month > 12 ||
    day < 1 ||
    day > 31 ||
    h > 24 ||
    m > 59 ||
    year < 1900 ||
    year > 9999
  ) {
    return null;
  }
  // 31 June or 30 February would roll into the next month: not a date.
  if (new Date(Date.UTC(year, month - 1, day)).getUTCDate() !== day) return null;
  return new Date(Date.UTC(year, month - 1, day, h, m, s) - offset * 60_000);
}
