import type { InterceptFact } from '@mining-hub/contract/facts';
import { column, type Table } from './fact-tables.ts';
import {
  drillTypeOf,
  ELEMENT,
  elementOf,
  GRADE_UNIT,
  gradeUnitOf,
  LIST_ITEM,
  NUM,
  parseCount,
  parseNum,
  toMetres,
  type Unit,
} from './fact-text.ts';
import { MONTH } from '../../lib/text.ts';

/**
 * Drill intercepts in prose ('12.5 m @ 3.2 g/t Au from 44 m', '6.22 g/t Au over 4 metres', '8.6 metres
 * (from 703.5 metres depth) averaging 5.62% U3O8') and in tables whose header names hole, from, to, width
 * and a grade column. An interval after 'including'/'incl.' is marked as one; its hole is the one before.
 */

const LENGTH_UNIT = String.raw`(?:m(?![a-zA-Z])|metres?|meters?|ft|feet|foot|cm)`;
const WORD_LENGTH = String.raw`(?:one|two|three|four|five|six|seven|eight|nine|ten)`;
// Between a width and its grade: a bracket, or the depth it starts at ('2.0 metres from 175.0 metres assaying').
const GAP = String.raw`\s*(?:\([^()]{0,60}\)\s*)?(?:,?\s*from\s+${NUM}\s?(?:m|metres?|meters?|ft|feet)\s+)?`;
// 'W m @ G unit El', 'W metres grading G unit El', 'W m of G g/t gold', '5m @12.27 g/t Au'.
const WIDTH_FIRST = new RegExp(
  String.raw`(?<![\d.,])(?<w>${NUM}|${WORD_LENGTH})\s?-?(?<wu>${LENGTH_UNIT})${GAP}(?:(?:interval|intercept|intersection|section|zone|core length)\s+|of\s+(?:[\w-]+\s+){1,6}?(?=(?:@|at|grading|averaging|assaying)\s))?(?:@|at|of|grading|averaging|assaying|returning|with|running)\s*(?:an? (?:average|grade) of\s*)?(?<g>${NUM})\s?(?<u>${GRADE_UNIT})(?:\s*\([^()]{1,12}\))?(?:\s*\(?(?:of\s+)?(?<el>${ELEMENT})\)?)?`,
  'gi',
);
// 'G unit El over W m', '5.42 grams per tonne gold ("g/t Au") over 10.0 metres ("m")'.
const GRADE_FIRST = new RegExp(
  String.raw`(?<![\d.,])(?<g>${NUM})\s?(?<u>${GRADE_UNIT})(?:\s*\(?(?<el>${ELEMENT})\)?)?(?:\s*\([^()]{0,40}\))?\s*(?:over|across|along|for)\s+(?:a (?:core length|width|length|downhole length|interval) of\s*)?(?<w>${NUM}|${WORD_LENGTH})\s?(?<wu>${LENGTH_UNIT})`,
  'gi',
);
// A brine aquifer: '125 m thick from 158 m to 283 m depth, averaging 347 mg/L lithium'.
const BRINE = new RegExp(
  String.raw`(?<![\d.,])(?<w>${NUM})\s?(?<wu>m(?![a-zA-Z])|metres?|meters?)\s+(?:thick|of (?:lithium[- ])?brine)\b[^.;]{0,80}?\baverag(?:ing|es|ed)\s+(?<g>${NUM})\s?(?<u>mg\/[lL])\s*(?<el>lithium|Li)\b`,
  'gi',
);
const GRADE_LIST_BEFORE = new RegExp(
  String.raw`(?<![\d.,])(?<g>${NUM})\s?(?<u>${GRADE_UNIT})\s*(?<el>${ELEMENT})?(?:\s*,?\s*(?:and\s+)?${NUM}\s?(?:${GRADE_UNIT})\s*(?:${ELEMENT})?)*\s*,?\s*(?:and\s+)?$`,
  'i',
);
const ELEMENT_BEFORE = new RegExp(String.raw`(?<el>${ELEMENT})\s+(?:grades?|values?|assays?)\s+of\s*$`, 'i');
const FROM = new RegExp(
  String.raw`^\s*(?:\([^()]*\)\s*)?,?\s*(?:from\s+(?:a depth of\s+)?(?:surface\b|(?<f>${NUM})\s?(?<fu>${LENGTH_UNIT})?)(?:\s*(?:to|-)\s*(?<t>${NUM})\s?(?<tu>${LENGTH_UNIT}))?)`,
  'i',
);
const FROM_IN_GAP = new RegExp(
  String.raw`\(\s*from\s+(?<f>${NUM})\s?(?<fu>${LENGTH_UNIT})?(?:\s*(?:to|-)\s*(?<t>${NUM})\s?(?<tu>${LENGTH_UNIT})?)?`,
  'i',
);
const TRUE_WIDTH = new RegExp(
  String.raw`(?<a>${NUM})\s?(?:${LENGTH_UNIT})\s*(?:estimated\s+|approximate\s+|approx\.\s+)?true (?:width|thickness)|true (?:width|thickness)s?\s*(?:of|is|:|=|estimated at|approximately|~)?\s*(?:approximately\s+|~)?(?<b>${NUM})\s?(?:${LENGTH_UNIT})`,
  'i',
);
const INCLUDING = /\b(?:including|includes|included|incl\.?|inc\.)(?![a-z])[\s;:,]*$/i;
// 'Within that interval, 0.51 g/t Au over 7.8 m': the sentence opens inside the interval told before.
const WITHIN_IT = /^\W*(?:within|inside) (?:that|this|the same|the above|which) (?:interval|intersection|intercept)\b/i;
// 'The latest results from a phase three infill drill program included 9.3 metres grading …': a verb, no interval
// inside another.
const RESULTS_INCLUDED =
  /\b(?:results?|highlights?|intercepts?|intersections?|assays?)\b[^.;]{0,80}\b(?:included|includes|include)\s*:?\s*$/i;
const INCLUDING_ANYWHERE = /\b(?:including|includes|included|incl\.?|inc\.)(?![a-z])/i;

// Hole names: 'GL-20-018', 'NZAC033', '19ALARC03', 'RPMRC-24016', 'SH21-040B', 'TLG-ZJ21-226', and a prefix in
// mixed case before numbered parts ('DDMan-20-41').
const HOLE =
  /(?<![A-Za-z0-9$.-])(?=[A-Za-z0-9_-]*\d)(?=[A-Z0-9_-]*[A-Z])(?:[A-Z]{2,}[a-z]{1,3}[A-Z]*(?=[-_]\d)|[A-Z0-9]{1,12})(?:[-_][A-Z0-9]{1,8}){0,4}(?![A-Za-z0-9%$]|\.\d)/g;
const NOT_A_HOLE =
  /^(?:Q[1-4]|H[12]|NPV\d*|U3O8|E?U3O8|LI2O|V2O5|WO3|CO2|\d?E|[1-9]\dE|NI|S-K|P\d|[A-Z]\d?|\d+[A-Z]|\d+(?:MT|KT|MOZ|KOZ|M|KM|G|T|MLB|OZ|FT|MW|MM|CM|PM|AM|TH|ST|ND|RD)|H2O|COVID-19|\d{4}-\d{2}|FY\d+|CY\d+|[A-Z]\$\d+)$/;
// 'hole 028', 'Hole 5', 'drill hole #12', 'Hole 49-187'.
const NAMED_HOLE =
  /\b(?:drill ?)?holes?\s*,?\s*(?:#|no\.\s*)?(\d{1,4}(?:-\d{1,4}){0,2}[A-Z]?)\b(?![,.]\d|[-_][A-Z0-9])(?!\s*(?:m\b|metres|meters|holes|%))/gi;
const SPACED_HOLE = /\b(?:[Dd]rill ?)?[Hh]oles?\s+([A-Z]{2,6} \d{1,3}-[A-Z0-9-]*[A-Z0-9])\b/g;
// A listing's symbol ('(ASX: A1G)') and places named like holes ('the CS4 channel', 'at BP33 and Grants').
const LISTING_BEFORE =
  /\b(?:ASX|TSXV?|TSX-V|CSE|AIM|NYSE(?: American)?|NASDAQ|OTC\w*|LSE|JSE|NZX|FSE|FRA|FWB|Frankfurt|ASX\/NZX|TIDM|EPIC)\s*:\s*$/i;
const PLACE_AFTER =
  /^\s+(?:channel|prospect|deposit|zone|target|lode|vein|level|pit|shoot|corridor|trend|project|domain|and\s+[A-Z][a-z])/;

interface HoleMention {
  id: string;
  at: number;
}

/** Names the text uses for places ('the CS4 channel', 'at BP33 and Grants'): never holes in that release. */
function placesIn(text: string): Set<string> {
  const places = new Set<string>();
  for (const match of text.matchAll(HOLE)) {
    if (PLACE_AFTER.test(text.slice(match.index + match[0].length, match.index + match[0].length + 20)))
      places.add(match[0]);
  }
  return places;
}

function holesIn(text: string, places: ReadonlySet<string> = new Set()): HoleMention[] {
  const found: HoleMention[] = [];
  for (const match of text.matchAll(HOLE)) {
    const id = match[0];
    if (places.has(id)) continue;
    if (id.length < 3 || NOT_A_HOLE.test(id)) continue;
    if (LISTING_BEFORE.test(text.slice(Math.max(0, match.index - 20), match.index))) continue;
    if (PLACE_AFTER.test(text.slice(match.index + id.length, match.index + id.length + 20))) continue;
    found.push({ id, at: match.index });
  }
  for (const match of text.matchAll(NAMED_HOLE)) found.push({ id: match[1] ?? '', at: match.index });
  // 'Drill Hole AZG 21-13A-18': a prefix and a space before the numbered parts; the parts alone are not another.
  for (const match of text.matchAll(SPACED_HOLE)) {
    const id = match[1] ?? '';
    const at = match.index + match[0].length - id.length;
    for (let i = found.length - 1; i >= 0; i--) {
      const inner = found[i] as HoleMention;
      if (inner.at >= at && inner.at < at + id.length) found.splice(i, 1);
    }
    found.push({ id, at });
  }
  return found.filter((hole) => hole.id !== '').sort((a, b) => a.at - b.at);
}

interface Candidate {
  start: number;
  end: number;
  width: number;
  grade: number;
  unit: NonNullable<ReturnType<typeof gradeUnitOf>>;
  element: string | null;
}

const METRIC_WIDTH = new RegExp(String.raw`(?:feet|foot|ft)\s*\(\s*(?<w>${NUM})\s?(?:m|metres?|meters?)\s*\)`, 'i');
const METRIC_GRADE_AFTER = new RegExp(
  String.raw`^[^()]{0,25}?(?:\([^()]{0,12}\)\s*)?\(\s*(?:about |approximately |~)?(?<g>${NUM})\s?(?:g\/t|gpt|grams? per (?:metric )?tonne)\b`,
  'i',
);

// '15 ft. grading 48.244 oz. gold and 39.48 oz. silver per ton', '109 metres grading 1.71 grams gold and 69.03
// grams silver per tonne': the unit split around the metals; the trade press leaves 'per tonne' out ('9.3 metres
// grading 39.66 grams gold and 3,361 grams silver').
const SPLIT_UNIT = new RegExp(
  String.raw`(?<![\d.,])(?<w>${NUM})\s?(?<wu>${LENGTH_UNIT})\.?\s+(?:of\s+(?:[\w-]+\s+){1,6}?)?(?:grading|of|at|averaging|assaying)\s+(?:an? average (?:grade )?of\s+)?(?<g>${NUM})\s?(?<u>oz|ounces?|grams?|g)\.?\s+(?:of\s+)?(?<el>gold|silver)(?:\s+and\s+${NUM}\s?(?:oz|ounces?|grams?|g)\.?\s+(?:of\s+)?(?:gold|silver))?(?:\s+per\s+(?:metric\s+|short\s+)?(?:tonne|ton)\b|(?![\p{L}\d-]))`,
  'giu',
);

// '0.67 oz. gold per ton over 215 ft.', '516 grams silver over 1.5 metres'.
const SPLIT_UNIT_GRADE_FIRST = new RegExp(
  String.raw`(?<![\d.,])(?<g>${NUM})\s?(?<u>oz|ounces?|grams?|g)\.?\s+(?:of\s+)?(?<el>gold|silver)(?:\s+per\s+(?:metric\s+|short\s+)?(?:tonne|ton))?\s+(?:over|across)\s+(?<w>${NUM})\s?(?<wu>${LENGTH_UNIT})`,
  'gi',
);
// The trade press names the metal once and then gives bare grams: 'hole GO-10, 5.64 metres of 4.25 grams gold per
// tonne; hole GO-11, 1.48 metres of 28.6 grams and 4.28 metres of 13.02 grams', '… within an intersection averaging
// 158.7 grams over 27.5 metres'. Read only after grams of a metal in the same unit, whose metal they take.
const NOT_A_METAL_AFTER = String.raw`(?!\s+(?:of\s+)?(?:gold|silver|platinum|palladium|per)\b)(?![\p{L}\d-])`;
const BARE_GRAMS = new RegExp(
  String.raw`(?<![\d.,])(?<w>${NUM})\s?(?<wu>${LENGTH_UNIT})\.?\s+(?:of|grading|at|averaging|assaying)\s+(?<g>${NUM})\s?grams?${NOT_A_METAL_AFTER}|(?<![\d.,])(?<g2>${NUM})\s?grams?${NOT_A_METAL_AFTER}\s+(?:over|across)\s+(?<w2>${NUM})\s?(?<wu2>${LENGTH_UNIT})`,
  'giu',
);
const GRAMS_OF_METAL =
  /\bgrams?\s+(?:(?:of\s+)?(gold|silver)\b|per\s+(?:metric\s+)?tonne(?:\s+(?:of\s+)?(gold|silver)\b)?)/gi;
const GRADE_BEFORE = /(?:%|\bgrams?|g\/t)(?:\s+(?:of\s+)?[a-z]+)?\s*(?:,|\band)\s*$/i;
const PATTERNS = [WIDTH_FIRST, GRADE_FIRST, BRINE];
const SPLIT_UNIT_PATTERNS = [SPLIT_UNIT, SPLIT_UNIT_GRADE_FIRST, BARE_GRAMS];

/**
 * The metal of the last grams of a metal named before `at` ('grams gold', 'grams per tonne silver'); '' after grams
 * per tonne of no metal named (the release's metal is found later); undefined when the unit has no such grams.
 */
function gramsMetalBefore(text: string, at: number): string | undefined {
  let metal: string | undefined;
  for (const match of text.slice(0, at).matchAll(GRAMS_OF_METAL)) metal = match[1] ?? match[2] ?? '';
  return metal;
}

function candidatesIn(text: string): Candidate[] {
  const found: Candidate[] = [];
  // The split-unit forms are rare: read only where a text says 'per ton(ne)' or 'grams gold' at all.
  const splitUnits = /\bper (?:metric |short )?ton|\b(?:grams?|oz\.?|ounces?) (?:of )?(?:gold|silver)\b/i.test(text);
  for (const pattern of splitUnits ? [...PATTERNS, ...SPLIT_UNIT_PATTERNS] : PATTERNS) {
    for (const match of text.matchAll(pattern)) {
      const groups = { ...match.groups };
      // '2.86% nickel, 1.91% copper, … and 0.24 gram gold over 4.3 metres': the last of a list of grades, whose
      // first is the interval's grade; GRADE_FIRST reads such lists when they are in its units.
      const gradeFirst = pattern === SPLIT_UNIT_GRADE_FIRST || (pattern === BARE_GRAMS && groups.g2 !== undefined);
      if (gradeFirst && GRADE_BEFORE.test(text.slice(Math.max(0, match.index - 40), match.index))) continue;
      if (pattern === BARE_GRAMS) {
        const metal = gramsMetalBefore(text, match.index);
        if (metal === undefined) continue;
        Object.assign(groups, { el: metal, u: 'grams' });
        if (groups.g2) Object.assign(groups, { g: groups.g2, w: groups.w2, wu: groups.wu2 });
      }
      const unit = SPLIT_UNIT_PATTERNS.includes(pattern)
        ? /^o/i.test(groups.u ?? '')
          ? 'oz/t'
          : 'g/t'
        : gradeUnitOf(groups.u ?? '');
      // '1.0 foot (0.30 m)': the release's own metric width.
      const metricWidth = /^f|'/i.test(groups.wu ?? '') ? METRIC_WIDTH.exec(match[0]) : null;
      const width = metricWidth?.groups
        ? parseNum(metricWidth.groups.w ?? '')
        : toMetres(parseCount(groups.w ?? ''), groups.wu);
      const grade = parseNum(groups.g ?? '');
      if (!unit || !Number.isFinite(width) || !Number.isFinite(grade) || width <= 0 || width > 2000) continue;
      const start = match.index;
      const end = start + match[0].length;
      // The two patterns can read the same words ('4 m at 2 g/t over 1 m'): the first one read wins.
      if (found.some((other) => start < other.end && other.start < end)) continue;
      // '0.5% Cu, 0.7 g/t Au and 3.1 g/t Ag (1.1% CuEq) over 304 metres': the interval's first grade.
      const list = pattern === GRADE_FIRST ? GRADE_LIST_BEFORE.exec(text.slice(Math.max(0, start - 120), start)) : null;
      const first = list?.groups;
      const firstUnit = first ? gradeUnitOf(first.u ?? '') : null;
      if (list && first && firstUnit) {
        const listStart = start - (Math.min(start, 120) - list.index);
        if (found.some((other) => listStart < other.end && other.start < end)) continue;
        found.push({
          start: listStart,
          end,
          width,
          grade: parseNum(first.g ?? ''),
          unit: firstUnit,
          element: elementOf(first.el),
        });
        continue;
      }
      // '50.55 ounces per ton silver (Ag) (1,733 grams per tonne)': the release's own metric grade is kept, as a
      // width in feet is kept in metres.
      const metric = unit === 'oz/t' ? METRIC_GRADE_AFTER.exec(text.slice(end, end + 60))?.groups : undefined;
      // 'antimony grades of 0.12% over 1.5m': the metal named before the grade.
      const named = groups.el ?? ELEMENT_BEFORE.exec(text.slice(Math.max(0, start - 40), start))?.groups?.el;
      found.push({
        start,
        end,
        width,
        ...(metric ? { grade: parseNum(metric.g ?? ''), unit: 'g/t' } : { grade, unit }),
        element: elementOf(named),
      });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

/** The release's main element, for intervals written without one ('1.75 g/t over 20.2m'). */
function mainElement(intercepts: readonly InterceptFact[]): string | null {
  const counts = new Map<string, number>();
  for (const fact of intercepts) counts.set(fact.element, (counts.get(fact.element) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}

function drillTypeForHole(hole: string | null, unitText: string, releaseType: InterceptFact['drill_type']) {
  if (hole) {
    if (/RC/.test(hole)) return 'RC';
    if (/DD|DDH/.test(hole)) return 'diamond';
    if (/AC/.test(hole)) return 'aircore';
  }
  return (
    drillTypeOf(
      unitText.match(
        /\b(?:RC|reverse circulation|diamond|core|aircore|air-core|AC|sonic|RAB)\b[^.]{0,20}\b(?:hole|drill)/i,
      )?.[0] ?? '',
    ) ?? releaseType
  );
}

// 'historical results', but not 'the historical open pit' or 'an area with no historical drilling'; samples of
// channels, chips, grabs and trenches, not of drill core.
const PROSE_SKIP =
  /\b(?:(?<!\bno )historic(?:al)?(?!\s+(?:open[- ]pit|pit|mine|mines|mining|workings|shafts?|adits?|production|town|(?:[a-z][\w-]*\s+){1,3}(?:mineralization|mineralisation|resources?|deposits?)))|\b(?:rock-saw|saw-cut|sawn|saw)\s+channels?|previously (?:reported|released|announced)|reported (?:previously|earlier|in \d{4}|on|last)|earlier (?:RC |diamond |drill )?holes?|see [^)]{0,30}\brelease|(?:reported|announced|released) in (?:the|a|our|its) (?:press |news )?release|earlier results|(?:stands?|bears?) comparison with|(?<!(?:of|from|beyond|below|above|than|past) )earlier drilling|drilled in (?:19|20)\d\d|for example|typically|typical (?:grades?|values?|results?|intercepts?|intervals?)|peak (?:sample|assay|value)|last year|last (?:week|month)|recently reported|first intersected|in (?:late|early|mid)[- ](?:19|20)\d\d)\b|\bearlier,|\b(?:channel|chip|grab|rock|trench|face) sampl|\btrench(?:es|ing)?\b|\b(?:cumulative|accumulated|aggregate)\s+(?:total\s+of\s+|(?:mineral\w*\s+)?(?:thickness|width|length|intervals?)\s+(?:of\s+|to\s+)?)?\d|\badding (?:together|up)\b|\brock chips?\b|\b(?:underground )?development (?:on|grades|to date)|\b\d{3,4}\s+Level\b|\((?:ASX|TSX|company) (?:release|announcement)\b|\b(?:adjoins?|adjacent to|next to|neighbou?ring|borders)\b[^.;]{0,60}(?:'s|’s)\s|\bcorrelates? with\b/i;

// '…, 43.2m @ 1.73% Li2O in hole 19-CT-014, which was previously reported on March 14': the interval is quoted.
const RECALLED_AFTER =
  /^[^.;]{0,60}?,\s*(?:which|that) (?:was|were|had been|has been) (?:previously|earlier|first) (?:reported|released|announced)\b/i;
// 'In January the company released diamond drill results from Los Ricos, with highlight intercepts of …': an earlier
// release's results, told in a later story.
const RELEASED_EARLIER = new RegExp(
  String.raw`^in (?:${MONTH}|(?:19|20)\d\d),? (?:the company|it|we) (?:released|reported|announced)\b`,
  'i',
);
const REFERENCE_BEFORE =
  /\b(?:between|of|from|than|near|beside|beyond|past)\s+(?:(?:drill ?)?holes?\s+)?[A-Z0-9]+(?:[-_][A-Z0-9]+){1,4}\s*\(\s*$|\bbetween\s+(?:(?:drill ?)?holes?\s+)?[A-Z0-9]+(?:[-_][A-Z0-9]+){1,4}\s*\([^()]*\)\s*and\s+[A-Z0-9]+(?:[-_][A-Z0-9]+){1,4}\s*\(\s*$/;
const HEADING = /^[A-Z][^.:;!?|]{0,58}$/;
const SAMPLE_HEADING = /^(?!.*\bdrill)(?=.*\b(?:channel|trench\w*|rock[- ]chips?|grab|soil|surface sampl\w*)\b)/i;
const WITHIN_BROADER = /^[^;]{0,80}?\bwithin (?:a |an |the )?(?:broader|wider|larger|longer|intersection|interval)\b/i;
const RECALLED_LEAD =
  /\b(?:previously (?:reported|released|announced)|reported (?:previously|earlier|in \d{4})|(?:had )?already (?:reported|released|announced)|earlier results|from earlier (?:drill(?:ing)? )?program(?:me)?s|for context)\b/i;
// A short heading inside a list ('Cowalinya South').
const LIST_HEADING = /^[^.:;]{1,50}$/;

// Where a sentence turns to another result: ', which lines up with', ', compared with', '; '.
const CLAUSE_BREAK =
  /,\s+(?=(?:which|while|whereas|compared|against|up from|following|versus|similar to|in line with)\b)|;\s+|\s[-–—]\s/g;

/**
 * The words that say whether the interval at `start`..`end` is quoted from before: its clause, and for a clause
 * that hangs on the one before ('…earlier RC hole 024, which intercepted 50 m…') that one too.
 */
function clauseOf(text: string, start: number, end: number): string {
  let from = 0;
  let previous = 0;
  let to = text.length;
  for (const match of text.matchAll(CLAUSE_BREAK)) {
    if (match.index + match[0].length <= start) {
      previous = from;
      from = match.index + match[0].length;
    } else if (match.index >= end) {
      to = match.index;
      break;
    }
  }
  return text.slice(from > 0 ? previous : 0, to);
}

/** Intercepts of the text's prose units and tables (tables' rows are skipped as prose). */
export function interceptsOf(
  units: readonly Unit[],
  tables: readonly Table[],
  original: string,
  releaseDrillType: InterceptFact['drill_type'],
): InterceptFact[] {
  const facts: InterceptFact[] = [];
  const tableRows = new Set(tables.flatMap((table) => table.rows.map((row) => row.unit)));
  const places = placesIn(original);
  let contextHole: string | null = null;
  let lastHole: string | null = null;
  // 'BYLDD003: 28.3m @ 1.60% Li2O from 265m, including:' opens an including list on the lines below.
  let openIncluding: string | null | undefined;
  // 'Examples previously reported to the ASX include:' quotes the list below it, headings and all.
  let recalledList = false;
  let sampleSection = false;
  let subjectHole: string | null = null;
  // A recalling sentence cut at its semicolons ('… previously reported, included 177.9 m …; 31.8 m …; and …')
  // recalls its every part: the line it is on, while its parts end in ';'.
  let recalledLine = -1;
  for (const unit of units) {
    if (tableRows.has(unit)) {
      continue;
    }
    // A section headed 'Channel Sampling' or 'Trenching' reports samples, not drill intercepts, until the next heading.
    if (!unit.cells && HEADING.test(unit.text)) sampleSection = SAMPLE_HEADING.test(unit.text);
    if (sampleSection) continue;
    if (recalledList && (LIST_ITEM.test(unit.text) || LIST_HEADING.test(unit.text))) continue;
    recalledList = /:\s*$/.test(unit.text) && RECALLED_LEAD.test(unit.text);
    const candidates = candidatesIn(unit.text);
    const lead = unit.text.slice(0, candidates[0]?.start ?? 0);
    const recalledLead = unit.line === recalledLine || RECALLED_LEAD.test(lead) || RELEASED_EARLIER.test(lead);
    recalledLine = recalledLead && /;\s*$/.test(unit.text) ? unit.line : -1;
    const holes = holesIn(unit.text, places);
    if (candidates.length === 0 || holes.length > 0) openIncluding = undefined;
    if (candidates.length === 0) {
      // A line naming one hole ('RPMRC-24016', 'Hole K-22-150 was drilled…') heads the intervals below it.
      const distinct = [...new Set(holes.map((hole) => hole.id))];
      if (distinct.length === 1) contextHole = distinct[0] ?? null;
      else if (unit.text.length > 300) contextHole = null;
      // 'The best grade came from hole 99-06, … near hole 99-01. It cut 2.6 metres …': the sentence's subject.
      subjectHole = distinct.length > 1 ? (distinct[0] ?? null) : null;
      continue;
    }
    // Only the sentence right after names its subject that way.
    const subject = subjectHole !== null && /^(?:It|The hole|This hole)\b/.test(unit.text) ? subjectHole : null;
    subjectHole = null;
    let including = false;
    let previousEnd = 0;
    let parentHole: string | null = null;
    const distinctHoles = [...new Set(holes.map((hole) => hole.id))];
    candidates.forEach((candidate, index) => {
      // Results of earlier releases quoted for context are not this release's intercepts: the clause that quotes
      // them is left out, not the sentence's own result before it ('AKRC25D returned 16m @ 2.19 g/t Au, which
      // lines up with 11m @ 2.06 g/t Au in hole AKRC188, previously reported').
      // 'Results … previously reported, included 177.9 m …; 31.8 m …; and 145.8 m …': the lead recalls them all.
      // 'between holes KM-21-35 (5.5 m at 2.3% CuEq) and …': another hole's result in brackets is a reference.
      if (
        REFERENCE_BEFORE.test(unit.text.slice(0, candidate.start)) ||
        PROSE_SKIP.test(clauseOf(unit.text, candidate.start, candidate.end)) ||
        RECALLED_AFTER.test(unit.text.slice(candidate.end, candidates[index + 1]?.start)) ||
        recalledLead
      ) {
        previousEnd = candidate.end;
        return;
      }
      const before = unit.text.slice(previousEnd, candidate.start);
      const nextStart = candidates[index + 1]?.start ?? unit.text.length;
      const after = unit.text.slice(candidate.end, nextStart);
      if (index === 0)
        including =
          /^\W*(?:incl|including|inc\.)/i.test(unit.text) ||
          WITHIN_IT.test(unit.text) ||
          (INCLUDING.test(before) && !RESULTS_INCLUDED.test(before)) ||
          openIncluding !== undefined;
      else if (before.includes(';') && !INCLUDING_ANYWHERE.test(before.slice(before.lastIndexOf(';'))))
        including = false;
      else if (INCLUDING_ANYWHERE.test(before)) including = true;
      // '2.6 metres grading 11.24% nickel within a broader intersection of 47 metres': the first inside the second.
      if (index > 0 && WITHIN_BROADER.test(before)) including = false;
      else if (WITHIN_BROADER.test(after)) including = true;
      const from = FROM.exec(after) ?? FROM_IN_GAP.exec(unit.text.slice(candidate.start, candidate.end));
      const fromGroups = from?.groups ?? {};
      const fromSurface = from !== null && /from\s+surface/i.test(from[0]);
      const fromM = fromSurface ? 0 : fromGroups.f ? toMetres(parseNum(fromGroups.f), fromGroups.fu) : null;
      const toM = fromGroups.t ? toMetres(parseNum(fromGroups.t), fromGroups.tu ?? fromGroups.fu) : null;
      // The hole: named right after the interval ('(NZAC033)', 'in GDD073'), else the only one the unit
      // names, else the last one before it, else the parent's for an including, else the line above's.
      // Not across a semicolon: 'hole GO-10, 5.64 metres of 4.25 grams; hole GO-11, …' names the next one's.
      const cue = /^[^@;]{0,40}?(?:\(|\bin (?:DDH |hole |drill ?hole )?|\bhole )/i.exec(after);
      const afterHole = cue
        ? holesIn(after, places).find((hole) => Math.abs(hole.at - cue[0].length) <= 1)?.id
        : undefined;
      // A hole named since the last interval, else the sentence's subject (its first hole).
      const beforeHole =
        holes.find((hole) => hole.at >= previousEnd && hole.at < candidate.start)?.id ??
        (index === 0 ? undefined : (parentHole ?? undefined)) ??
        holes.find((hole) => hole.at < candidate.start)?.id;
      let hole = afterHole ?? (distinctHoles.length === 1 ? distinctHoles[0] : beforeHole) ?? null;
      if (hole === null && including) hole = openIncluding ?? parentHole ?? lastHole;
      if (hole === null)
        hole = subject ?? contextHole ?? (/\b(?:the|this|same) hole\b/i.test(unit.text) ? lastHole : null);
      const trueWidth = TRUE_WIDTH.exec(after);
      const trueWidthValue = trueWidth?.groups?.a ?? trueWidth?.groups?.b;
      facts.push({
        hole_id: hole,
        from_m: fromM,
        to_m: toM,
        width_m: candidate.width,
        true_width_m: trueWidthValue ? parseNum(trueWidthValue) : null,
        grade: candidate.grade,
        unit: candidate.unit,
        element: candidate.element ?? '',
        including,
        drill_type: drillTypeForHole(hole, unit.text, releaseDrillType),
        quote: original.slice(unit.start, unit.end),
        start: unit.start,
        end: unit.end,
      });
      if (!including) parentHole = hole;
      lastHole = hole;
      previousEnd = candidate.end;
    });
    if (/\b(?:including|incl\.?|inc\.)\s*[:;]?[\s|]*$/i.test(unit.text)) openIncluding = parentHole ?? lastHole;
  }
  for (const table of tables) facts.push(...tableIntercepts(table, original, releaseDrillType));
  const element = mainElement(facts.filter((fact) => fact.element !== ''));
  // '31 feet averaging 1.29 ounces per ton' in a release naming no metal beside a grade: ounces per ton are gold's;
  // '6.4m at 119.37g/t' in a story about gold, the precious metal the text names most.
  const precious = facts.some((fact) => fact.element === '' && fact.unit === 'g/t') ? preciousMetalOf(original) : null;
  for (const fact of facts)
    if (fact.element === '')
      fact.element = element ?? (fact.unit === 'oz/t' ? 'Au' : fact.unit === 'g/t' ? precious : null) ?? '';
  // Highlights repeat rows of the table below them: one fact per hole, width, grade and element, the
  // telling with the most depth information kept.
  const kept: InterceptFact[] = [];
  for (const fact of facts.filter((f) => f.element !== '').sort((a, b) => a.start - b.start)) {
    const index = kept.findIndex(
      (other) =>
        other.hole_id === fact.hole_id &&
        other.element === fact.element &&
        Math.abs(other.width_m - fact.width_m) < 0.01 &&
        Math.abs(other.grade - fact.grade) < 0.005,
    );
    if (index < 0) kept.push(fact);
    else if ((kept[index]?.from_m ?? null) === null && fact.from_m !== null) kept[index] = fact;
  }
  // A headline rounds the row it repeats and leaves the hole out ('5.81 g/t Au Over 30 m' of NFGC-23-1149's
  // 30.05 m, '43 g/t Au' of 42.75), an including interval as often as the whole: the telling that names the
  // hole is the fact.
  const told = kept.filter(
    (fact) =>
      fact.hole_id !== null ||
      !kept.some(
        (other) =>
          other.hole_id !== null &&
          other.element === fact.element &&
          roundsTo(other.width_m, fact.width_m, 0.01) &&
          roundsTo(other.grade, fact.grade, 0.005) &&
          (fact.from_m === null || fact.from_m === other.from_m),
      ),
  );
  return told.sort((a, b) => a.start - b.start);
}

/** The precious metal a text names most, for grams per tonne told without one: 'Au', 'Ag' or null. */
function preciousMetalOf(text: string): string | null {
  const gold = text.match(/\bgold\b/gi)?.length ?? 0;
  const silver = text.match(/\bsilver\b/gi)?.length ?? 0;
  return gold === 0 && silver === 0 ? null : gold >= silver ? 'Au' : 'Ag';
}

/** `rounded` is `exact` within `share` of it, or `exact` rounded to the places `rounded` is written with. */
function roundsTo(exact: number, rounded: number, share: number): boolean {
  const places = String(rounded).split('.')[1]?.length ?? 0;
  return Math.abs(exact - rounded) <= Math.max(exact * share, 0.5 * 10 ** -places);
}

const GRADE_HEADER = new RegExp(
  String.raw`(?:${ELEMENT}).*(?:${GRADE_UNIT})|(?:${GRADE_UNIT}).*(?:${ELEMENT})|^(?:${ELEMENT})\s*$`,
  'i',
);

function tableIntercepts(table: Table, original: string, releaseType: InterceptFact['drill_type']): InterceptFact[] {
  const { header } = table;
  const holeAt = column(header, /hole|bhid|drill ?hole|^id$|^hole id/i);
  const fromAt = column(header, /^from\b/i);
  const toAt = column(header, /^to\b/i);
  // 'Interval (m)' or a bare 'Meters' beside 'Feet' before a bare 'Interval' (which may number the intervals).
  const widthAt =
    [
      column(header, /(?:interval|width|length|intercept|thickness)[^|]*\((?:m|metres|meters)\)/i, /true|etw|est/i),
      column(header, /^(?:metres|meters|\(?m\)?)$/i),
      column(header, /interval|width|length|intercept|thickness|^metres|^\(?m\)?$/i, /true|etw|est/i),
    ].find((index) => index >= 0) ?? -1;
  const trueAt = column(header, /true|etw/i);
  const gradeAt = header.findIndex(
    (name, index) =>
      index !== holeAt && index !== fromAt && index !== toAt && index !== widthAt && GRADE_HEADER.test(name),
  );
  if (gradeAt < 0 || (widthAt < 0 && (fromAt < 0 || toAt < 0))) return [];
  const gradeHeader = header[gradeAt] ?? '';
  const unit =
    gradeUnitOf(new RegExp(GRADE_UNIT, 'i').exec(gradeHeader)?.[0] ?? '') ?? (/%/.test(gradeHeader) ? '%' : null);
  const element = elementOf(new RegExp(ELEMENT, 'i').exec(gradeHeader)?.[0]);
  if (!unit || !element) return [];
  const feet = (index: number) => /\bft\b|feet/i.test(header[index] ?? '');
  const facts: InterceptFact[] = [];
  let hole: string | null = null;
  for (const row of table.rows) {
    const value = (index: number) => (index < 0 ? undefined : row.values[index]?.text);
    const number = (index: number) => {
      const text = value(index);
      return text !== undefined && /^[\d.,]+$/.test(text) ? parseNum(text) : null;
    };
    const holeText = value(holeAt) ?? '';
    const rowText = row.unit.text;
    const including = /\b(?:incl|including|inc\.)/i.test(holeText) || /^\W*(?:incl|including)/i.test(rowText);
    if (holeText && !including && /\d/.test(holeText)) hole = holeText.replace(/\s+/g, ' ');
    const from = number(fromAt);
    const to = number(toAt);
    let width = number(widthAt);
    if (width === null && from !== null && to !== null) width = Number((to - from).toFixed(3));
    const grade = number(gradeAt);
    if (width === null || grade === null || width <= 0) continue;
    const scale = (index: number, v: number | null) => (v === null ? null : feet(index) ? toMetres(v, 'ft') : v);
    facts.push({
      hole_id: hole,
      from_m: scale(fromAt, from),
      to_m: scale(toAt, to),
      width_m: scale(widthAt >= 0 ? widthAt : fromAt, width) ?? width,
      true_width_m: scale(trueAt, number(trueAt)),
      grade,
      unit,
      element,
      including,
      drill_type: drillTypeForHole(hole, rowText, releaseType),
      quote: original.slice(row.unit.start, row.unit.end),
      start: row.unit.start,
      end: row.unit.end,
    });
  }
  return facts;
}
