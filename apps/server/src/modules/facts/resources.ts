import type { ResourceCategory, ResourceFact } from '@mining-hub/contract/facts';
import { column, type Table } from './fact-tables.ts';
import { clean, ELEMENT, elementOf, GRADE_UNIT, gradeUnitOf, NUM, parseNum, type Unit } from './fact-text.ts';
import { MONTH } from '../../lib/text.ts';

/**
 * Mineral resources and reserves: prose ('an Inferred Resource of 4.6Mt grading 3.2g/t Au (474koz)',
 * 'Probable Reserve of 52Mt at 2.1g/t Au for 3.5Moz') and tables whose header names a category or
 * classification column beside tonnes, grade or contained metal. Exploration Targets (ranges, not
 * resources) and historical estimates are left out.
 */

const CATEGORY = String.raw`(?:measured\s*(?:and|&|\+|\/)\s*indicated|M\s?&\s?I|M\+I|proven\s*(?:and|&|\+|\/)\s*probable|proved\s*(?:and|&|\+|\/)\s*probable|P\s?&\s?P|measured|indicated|inferred|proven|proved|probable|total)`;

export function categoryOf(text: string): ResourceCategory | null {
  const lower = text.toLowerCase().replace(/\s+/g, ' ');
  // 'Measured, Indicated and Inferred Mineral Resource': every category together is the total.
  if (/\bindicated,? ?(?:and|&|\+) ?inferred\b/.test(lower)) return 'Total';
  if (/measured ?(?:and|&|\+|\/) ?indicated|^m ?& ?i$|m\+i|\bm ?& ?i\b/.test(lower)) return 'Measured & Indicated';
  if (/prove[nd] ?(?:and|&|\+|\/) ?probable|\bp ?& ?p\b/.test(lower)) return 'Proven & Probable';
  if (/\bmeasured\b/.test(lower)) return 'Measured';
  if (/\bindicated\b/.test(lower)) return 'Indicated';
  if (/\binferred\b/.test(lower)) return 'Inferred';
  if (/\bprove[nd]\b/.test(lower)) return 'Proven';
  if (/\bprobable\b/.test(lower)) return 'Probable';
  if (/\btotal\b/.test(lower)) return 'Total';
  return null;
}

const TONNES = String.raw`(?<t>${NUM})\s?-?\s?(?<tu>Mt(?![a-z])|Mtonnes|billion (?:metric |dry |wet )?(?:ore )?(?:tonnes|tons|t)\b|Bt(?![a-z])|million (?:metric |dry |wet )?(?:ore )?(?:tonnes|tons|mt|t)\b|M tonnes|kt(?![a-z])|thousand tonnes|(?:tonnes|tons|t)(?![a-z]))`;
const CONTAINED = String.raw`(?<c>${NUM})\s?-?\s?(?<cu>Moz|koz|Mlb|Mlbs|kt|Kt|million (?:troy )?(?:ounces|oz\.?|pounds|lbs?)|thousand ounces|(?:troy )?ounces|oz|lbs?|pounds|tonnes|t)(?![a-z])`;
// The trade press's grams of a precious metal, per tonne told or not: '30.5 million tonnes grading 1.95 grams gold per
// tonne', 'an inferred resource of 4.4 million tonnes grading 2 grams gold'.
const GRAMS_OF_METAL = String.raw`grams?(?=\s+(?:of\s+)?(?:gold|silver|platinum|palladium)\b)`;
// '4.6Mt grading 3.2g/t Au (474koz)', '113.1 million tonnes averaging 0.46 g/t gold … containing 1.68 million oz',
// '293,000 tonnes ("t") averaging 0.62 grams per tonne ("g/t") gold'.
const TONNES_FIRST = new RegExp(
  String.raw`${TONNES}\s*(?:\([^()]{1,12}\)\s*)?(?:of ore\s*|of mineralisation\s*|of mineralization\s*|${CATEGORY}\s+(?:Mineral\s+)?(?:Resource|Reserve)s?\s+)?(?:@|at|grading|averaging|with an average grade of|at an average grade of|at a grade of|of)\s*(?<g>${NUM})\s?(?<u>${GRADE_UNIT}|${GRAMS_OF_METAL})(?:\s*\([^()]{1,12}\))?(?:\s*(?<el>${ELEMENT}))?(?:[^.;]{0,80}?(?:for|containing|contains?|\(|for a total of|to give|=)\s*${CONTAINED})?`,
  'gi',
);
// 'Inferred Resource of 3.4 million ounces at 0.48 g/t', '403 koz grading 1.2g/t'.
const CONTAINED_FIRST = new RegExp(
  String.raw`${CONTAINED}(?:\s*(?:of\s+)?(?<el0>${ELEMENT}))?\s*(?:@|at|grading|averaging)\s*(?<g>${NUM})\s?(?<u>${GRADE_UNIT})(?:\s*(?<el>${ELEMENT}))?`,
  'gi',
);
// Without a grade: '69.03 million tons containing 219.3 million ounces of silver' (US statements), 'The inferred
// resource stands at 27 million tonnes' (a category's size). Read after the forms with a grade.
const TONNES_CONTAINING = new RegExp(
  String.raw`${TONNES}\s*(?:of ore\s*)?(?:containing|contain|contains)\s+${CONTAINED}(?:\s+(?:of\s+)?(?<el>${ELEMENT}))?`,
  'gi',
);
// Not tonnes of product or metal: '1.747 Mt of LCE averaging 923 mg/L lithium' (lithium carbonate equivalent).
const CATEGORY_TONNES = new RegExp(
  String.raw`\b${CATEGORY}\s+(?:mineral\s+)?(?:resources?|reserves?)\s+(?:stands?\s+at|of|totals?|totall?ed|is|are|amounts?\s+to)\s+${TONNES}(?!\s*of\s+(?:LCE|lithium carbonate|contained|metal)\b)`,
  'gi',
);
// Ounces alone, told of a category as news: 'Total reserves … now stood at 53,000 contained ounces', 'inferred
// resources climbed to 118,000 ounces from 111,000', 'the updated probable reserves of 1.86 million ounces of
// contained gold'; a date may come between ('at 31 December now stood at'). What a project 'hosts' or 'holds', or a
// study 'rests on', is its standing estimate, not news.
const OUNCES = String.raw`(?<c>${NUM})\s?-?\s?(?:contained\s+)?(?<cu>Moz|koz|million (?:troy )?(?:ounces|oz)|thousand ounces|(?:troy )?ounces|oz)(?![a-z])(?:\s+(?:of\s+)?(?:contained\s+)?(?<el>${ELEMENT}))?`;
const CATEGORY_OUNCES = new RegExp(
  String.raw`\b${CATEGORY}\s+(?:mineral\s+)?(?:resources?|reserves?)\b(?:[^.;\d]|\d{1,2}(?= [A-Z][a-z])|(?:19|20)\d\d){0,60}?\b(?:stands?\s+at|stood\s+at|(?:rose|climbed|increased|grew|jumped|fell|dropped|slipped|declined|decreased|eased)\s+to|totals?|totall?ed|amounts?\s+to|comes?\s+to|is|are)\s+${OUNCES}|\b(?:updated|new|maiden|revised|upgraded)\s+${CATEGORY}\s+(?:mineral\s+)?(?:resources?|reserves?)\s+of\s+${OUNCES}`,
  'gi',
);
// A headline's line per category, in contained metal: 'Indicated (100% basis): 2.79 Million Oz Gold + 166,000 Tonnes
// Cu', 'Zinc Zone - Inferred: 114,000 Tonnes Zinc' (the first metal of the line).
const CATEGORY_LINE = new RegExp(
  String.raw`^(?:[\p{Lu}][\p{L}]*(?: [\p{Lu}][\p{L}]*){0,3}\s[-–—]\s)?(?<cat>${CATEGORY})(?:\s*\([^()]{0,30}\))?\s*:\s*${CONTAINED}\s+(?:of\s+)?(?<el>${ELEMENT})`,
  'giu',
);
const STARTS_WITH_CATEGORY = new RegExp(String.raw`^${CATEGORY}\b`, 'i');
// The figure a release compares against: 'up from 1.2 Mt', 'compared with 850,000 oz'.
const OLD_FIGURE = /\b(?:up|down|increased|decreased|rising|falling) from\s*$|\bcompared (?:with|to)\s*$/i;
// A word of its own: 'totaled' is not 'total'.
const CATEGORY_NEAR = new RegExp(String.raw`\b${CATEGORY}\b`, 'gi');
const TOLD_AFTER =
  /(?:^\s*(?:\(\s*)?|\bin the\s+|\s[-–—]\s*)(\w+(?: (?:and|&) \w+)?) (?:categor(?:y|ies)|classifications?|resource categor(?:y|ies))\b/i;
// '10.6mt at 0.88% Li2O is classed as Indicated and 4.2mt at 1% Li2O as Inferred'.
const TOLD_AS = new RegExp(
  String.raw`^\s*(?:(?:is|are|was|were)\s+)?(?:(?:classed|classified|categori[sz]ed|reported)\s+)?as\s+(${CATEGORY})\b`,
  'i',
);
// A category names a resource too: '87.54 million mt grading 1.21 g/mt gold … in the measured and indicated categories'.
const RESOURCE_WORD = /\b(?:resources?|reserves?|MRE|estimate|inventory|categor(?:y|ies))\b/i;
// An estimate of an earlier release, recalled: 'the estimate updated earlier this year', 'the estimate dated March
// 20, 2024', 'the recently announced upgrade of the resource'.
// 'In December 2022 the Company reported a maiden … Resource', 'published a maiden resource … in September 2021',
// 'Inferred Resources currently stand at', a mining inventory (a mine plan's, not a category).
const SKIP = new RegExp(
  [
    String.raw`\bexploration target\b|\bhistoric|\bforeign estimate\b|\bprevious(?:ly)?\b|\bprior\b|\bestimate dated\b|\bin (?:late|early|mid)[- ](?:19|20)\d\d\b`,
    String.raw`\b(?:updated|released|announced|published|completed|reported)\s+(?:earlier this year|last year|in (?:${MONTH}|(?:19|20)\d\d))\b`,
    String.raw`\brecently (?:announced|reported|released|published)\b|\bcurrently (?:stands?|sits?|totals?|includes?|hosts?|holds?|contains?|comprises?)\b|(?<!\bnow )\bstood at\b|\bmining inventory\b`,
    String.raw`\b(?:announced|reported|released|published) earlier in (?:19|20)\d\d\b|\bover the (?:past|last) (?:\w+ )?years\b|\bhas produced\b`,
    String.raw`\b(?:mine|production) plan (?:processes|treats|mills|includes|contains|comprises)\b`,
    String.raw`\bas (?:released|reported|announced)(?: to the ASX)? on\b|\bfor comparison\b|\b(?:forms?|is|are) part of the\b|\brefer(?:\s+to)?\s+(?:the\s+)?(?:ASX\s+)?announcements?\b`,
    String.raw`\b(?:in|on) (?:${MONTH}\s+)?(?:\d{1,2},?\s+)?(?:19|20)\d\d,?\s+(?:the\s+)?(?:Company|company|it|we)\s+(?:reported|published|announced|released|declared)\b`,
    String.raw`^(?![^;]*\b(?:today|now)\b)[^;]*\b(?:published|reported|announced|released|declared)\b[^;]{0,120}?\bin ${MONTH}\s+(?:19|20)\d\d\b`,
  ].join('|'),
  'i',
);
// Someone else's deposit ('adjoins Core Lithium's Finniss project, which holds…', 'near Liontown's Buldania
// project') and the resource a release only recalls ('already holds', 'the study is based on the resource of').
const NOT_OURS =
  /\b(?:adjoins?|adjacent to|neighbou?r(?:ing|'s)?|next to|nearby|near|(?:north|south|east|west) of)\b[^.;]{0,80}\b(?:project|deposit|mine)\b|\b[A-Z][\w]*(?:'s|’s|s'|s’)\s+(?:[A-Z][\w-]*\s+){0,2}(?:[Pp]roject|[Dd]eposit|[Mm]ine)\b|\balready (?:holds?|hosts?|has|contains?)\b|\b(?:study|PEA|PFS|estimate) (?:is|was) based on\b|\bbased on (?:the|a) (?:current |existing )?(?:[A-Z][\w-]+ )?(?:[Mm]ineral )?[Rr]esource\b|\b(?:production target|mine plan|study|schedule)\b[^.;]{0,40}\b(?:drawn|derived|taken|sourced) from\b|\bnot included in\b|\b(?:project|deposit|property|mine) with an? (?:[\w-]+ ){0,2}(?:resources?|reserves?)\b/;

function tonnesMt(value: number, unit: string): number {
  const lower = unit.toLowerCase();
  if (lower.startsWith('kt') || lower.startsWith('thousand')) return clean(value / 1000);
  if (lower.startsWith('b')) return clean(value * 1000);
  if (/^(?:tonnes|tons|t)$/.test(lower)) return clean(value / 1e6);
  return value;
}

export function containedOf(value: number, unit: string): { contained: number; contained_unit: 'oz' | 'lb' | 't' } {
  const lower = unit.toLowerCase();
  const million = lower.startsWith('m') || lower.startsWith('million');
  const thousand = lower.startsWith('k') || lower.startsWith('thousand');
  const scale = million ? 1e6 : thousand ? 1e3 : 1;
  const kind = /lb|pound/.test(lower) ? 'lb' : /oz|ounce/.test(lower) ? 'oz' : 't';
  return { contained: clean(value * scale), contained_unit: kind };
}

/** The category named last before `at` in the unit (within the same clause). */
function categoryBefore(text: string, at: number): ResourceCategory | null {
  const window = text.slice(Math.max(0, at - 120), at);
  // 'The combined Indicated and Inferred Mineral Resource': all categories together.
  if (/\b(?:measured,?\s*)?indicated\s*(?:and|&|\+)\s*inferred\b/i.test(window)) return 'Total';
  let found: ResourceCategory | null = null;
  for (const match of window.matchAll(CATEGORY_NEAR)) {
    // 'Inferred resources total 4 million tonnes': 'total' the verb, not the category.
    if (/^total$/i.test(match[0]) && /\b(?:resources?|reserves?|estimates?)\s+$/i.test(window.slice(0, match.index)))
      continue;
    found = categoryOf(match[0]);
  }
  return found;
}

const BRACKETS = /\([^()]*\)/g;
const COMPARISON = /\b(?:like[- ]for[- ]like|for (?:a |the )?comparison|sensitivity)\b/i;

/** Resources stated in prose units and resource tables. */
export function resourcesOf(
  units: readonly Unit[],
  tables: readonly Table[],
  original: string,
  context: { standard: ResourceFact['standard']; cutoff: string | null },
): ResourceFact[] {
  const facts: ResourceFact[] = [];
  const tableRows = new Set(tables.flatMap((table) => table.rows.map((row) => row.unit)));
  for (const unit of units) {
    if (tableRows.has(unit) || !(RESOURCE_WORD.test(unit.text) || unit.text.search(CATEGORY_LINE) >= 0)) continue;
    // '… up 40% to 30.7Mt at 9.9% TGC (consistent with the previous Mineral Resource of 23.3Mt …)': words in
    // brackets recall only what the brackets hold.
    const recalled: [number, number][] = [];
    const outside = unit.text.replace(BRACKETS, (bracket: string, at: number) => {
      if (!SKIP.test(bracket)) return bracket;
      recalled.push([at, at + bracket.length]);
      return ' '.repeat(bracket.length);
    });
    if (SKIP.test(outside) || NOT_OURS.test(unit.text)) continue;
    const taken: [number, number][] = [];
    for (const pattern of [
      TONNES_FIRST,
      CONTAINED_FIRST,
      TONNES_CONTAINING,
      CATEGORY_TONNES,
      CATEGORY_OUNCES,
      CATEGORY_LINE,
    ]) {
      for (const match of unit.text.matchAll(pattern)) {
        const start = match.index;
        const end = start + match[0].length;
        if (taken.some(([a, b]) => start < b && a < end)) continue;
        if (recalled.some(([from, to]) => start >= from && start < to)) continue;
        const groups = match.groups ?? {};
        // '… grown to 820,000 ounces at 12.1 g/t gold, up from 715,000 ounces at 11.8 g/t': the old figure.
        if (OLD_FIGURE.test(unit.text.slice(Math.max(0, start - 25), start))) continue;
        // A resource given without a category ('the global resource is…', 'a maiden MRE of 403 koz') is a total.
        // 'from reserves of 116 million tonnes', 'a maiden Ore Reserve estimate for Kalongwe of 6,98 Mt': reserves
        // without a category are proven and probable together.
        // '54.3 Mt @ 1.30% Li2O in the Indicated category': the category told after the figures.
        // '… for 137k contained tonnes of copper in the Proved category', '… 33g/t Ag) - Inferred Category': the
        // category told after the figures, before the clause ends.
        const clause = /^[^;]*/.exec(unit.text.slice(end, end + 120))?.[0] ?? '';
        const ownClause = clause.split(/\d+(?:\.\d+)?\s?(?:Mt|kt|million)\b/i)[0] ?? '';
        const told = TOLD_AFTER.exec(ownClause)?.[1] ?? TOLD_AS.exec(ownClause)?.[1];
        // 'Indicated 1.7 Mt … and Inferred 7.4 Mt …, for a global resource of 9.1 Mt': the categories' total.
        const whole =
          /\b(?:global|total|combined|overall)\s+(?:mineral\s+)?(?:resource|estimate|MRE)s?\s+(?:of|is|totals?)\s*$/i.test(
            unit.text.slice(Math.max(0, start - 50), start),
          );
        // 'Measured and indicated resources rose …, and inferred resources climbed to …': a figure led by its own
        // category is that category's.
        const category =
          (told ? categoryOf(told) : null) ??
          (pattern === CATEGORY_OUNCES && STARTS_WITH_CATEGORY.test(match[0]) ? categoryOf(match[0]) : null) ??
          (groups.cat ? categoryOf(groups.cat) : null) ??
          (whole ? 'Total' : null) ??
          categoryBefore(unit.text, start) ??
          categoryOf(match[0]) ??
          (/\breserves?\s*(?:estimate\s+)?(?:for\s+(?:the\s+)?[\w-]+(?:\s+[\w-]+){0,2}\s+)?(?:of\s+(?:[\d,.]+\s?(?:k?oz|Moz|t)\b[^()]{0,12}\(\s*)?|is\s+|are\s+|total(?:s|ling)?\s+|[|:]\s*)?$/i.test(
            unit.text.slice(Math.max(0, start - 60), start),
          )
            ? 'Proven & Probable'
            : 'Total');
        // A single interval ('16m at 4.69 g/t') is not a tonnage.
        if (groups.tu && /^(?:t|tonnes|tons)$/i.test(groups.tu) && parseNum(groups.t ?? '0') < 1000) continue;
        taken.push([start, end]);
        const contained = groups.c && groups.cu ? containedOf(parseNum(groups.c), groups.cu) : null;
        facts.push({
          category,
          tonnes_mt: groups.t && groups.tu ? tonnesMt(parseNum(groups.t), groups.tu) : null,
          grade: groups.g ? parseNum(groups.g) : null,
          unit: gradeUnitOf(groups.u ?? ''),
          element: elementOf(groups.el ?? groups.el0),
          contained: contained?.contained ?? null,
          contained_unit: contained?.contained_unit ?? null,
          cutoff: context.cutoff,
          standard: context.standard,
          quote: original.slice(unit.start, unit.end),
          start: unit.start,
          end: unit.end,
        });
      }
    }
  }
  for (const table of tables) {
    // 'For a like-for-like comparison with the 2014 MRE, the model reported at a 0.10% Sn cut-off gives:' heads
    // figures restated for comparison, not the estimate.
    const first = table.rows[0]?.unit;
    const lead = first && units.findLast((unit) => unit.start < first.start && !unit.cells);
    if (lead && COMPARISON.test(lead.text)) continue;
    facts.push(...tableResources(table, original, context));
  }
  // Highlights and the table below them state the same line twice: keep the first telling.
  const kept: ResourceFact[] = [];
  for (const fact of facts.sort((a, b) => a.start - b.start)) {
    const same = (a: number | null, b: number | null) =>
      a === b || (a !== null && b !== null && Math.abs(a - b) <= Math.abs(b) * 0.01);
    // A headline told in ounces only ('Indicated Resource … to 786,737 Ounces Gold at 1.4 g/t') is the line the
    // table gives with its tonnes.
    const sameLine = (a: ResourceFact, b: ResourceFact) =>
      a.category === b.category &&
      same(a.grade, b.grade) &&
      ((a.tonnes_mt !== null && same(a.tonnes_mt, b.tonnes_mt)) ||
        ((a.tonnes_mt === null || b.tonnes_mt === null) && a.contained !== null && same(a.contained, b.contained)));
    const index = kept.findIndex((other) => sameLine(other, fact));
    if (index >= 0) {
      if (kept[index]?.tonnes_mt === null && fact.tonnes_mt !== null) kept[index] = fact;
      continue;
    }
    kept.push(fact);
  }
  return kept;
}

const GRADE_HEADER = new RegExp(String.raw`(?:${GRADE_UNIT})|grade`, 'i');
// A metal's own tonnes: 'Tin (Tonnes)', 'Cu (kt)'.
const METAL_COLUMN = new RegExp(
  String.raw`^\s*(?:contained\s+)?${ELEMENT}\s*\(\s*(?:tonnes|t|kt|mt|'000 ?t|lbs?|mlb|oz|koz|moz)\s*\)`,
  'i',
);
// Tonnes that are not the ore's: metal contained, or lithium carbonate equivalent ('LCE (Mt)').
const NOT_ORE = new RegExp(String.raw`contained|metal|\bLCE\b|carbonate|${METAL_COLUMN.source}`, 'i');

function tableResources(
  table: Table,
  original: string,
  context: { standard: ResourceFact['standard']; cutoff: string | null },
): ResourceFact[] {
  const { header } = table;
  // Metric columns before short tons and oz/t where a US table gives both ('Tons (k) | Au (oz/t) | … | Tonnes
  // (k) | Au (g/t)'): the grade is the first one after the tonnes.
  const metric = header.flatMap((name, index) =>
    /tonnes|\bmt\b|\bkt\b/i.test(name) && !NOT_ORE.test(name) ? [index] : [],
  );
  // 'Category | Core Tonnes (Mt) | Core Grade | Central Tonnes (Mt) | Central Grade | Total Tonnes (Mt) | …': a
  // group of columns per deposit, each a tonnes column with its grade (not metal in Mt or kt), read apart.
  const groups = metric
    .map((tonnesAt, index) => {
      const end = metric[index + 1] ?? header.length;
      return { tonnesAt, names: header.map((name, at) => (at >= tonnesAt && at < end ? name : '')) };
    })
    .filter(({ tonnesAt, names }) => names.some((name, at) => at !== tonnesAt && GRADE_HEADER.test(name)));
  if (groups.length > 1) {
    return groups.flatMap(({ tonnesAt, names }) => columnResources(table, names, tonnesAt, original, context));
  }
  const tonnesAt = metric[0] ?? column(header, /tonnage|tons|quantity/i, NOT_ORE);
  // A brine's table has no ore tonnes: its rows are a grade and the lithium carbonate equivalent it holds.
  if (tonnesAt < 0 && column(header, /\bLCE\b/i) < 0) return [];
  return columnResources(table, header, tonnesAt, original, context);
}

/**
 * A resource table's rows read from the tonnes column at `tonnesAt` (-1: none, a brine's) and the grade and metal
 * columns of `header`.
 */
function columnResources(
  table: Table,
  header: readonly string[],
  tonnesAt: number,
  original: string,
  context: { standard: ResourceFact['standard']; cutoff: string | null },
): ResourceFact[] {
  const containedAt = column(
    header,
    new RegExp(String.raw`contained|ounces|\boz\b|koz|moz|mlb|metal|\blb\b|\bLCE\b|${METAL_COLUMN.source}`, 'i'),
    /g\/t|grade|oz\/t/i,
  );
  const cutoffAt = column(table.header, /cut-?off/i);
  // 'Cut-off (g/t) | Grade (g/t Au)': the cut-off column is in the grade's unit but is no grade.
  const isGrade = (name: string, index: number) =>
    index !== tonnesAt && index !== containedAt && index !== cutoffAt && GRADE_HEADER.test(name);
  const after = header.findIndex((name, index) => index > tonnesAt && isGrade(name, index));
  const gradeAt = after >= 0 ? after : header.findIndex(isGrade);
  const tonnesHeader = header[tonnesAt] ?? '';
  const tonnesScale = /\bkt\b|'000|000s|\(000\)|thousand|\(k\)/i.test(tonnesHeader)
    ? 1e-3
    : /\bmt\b|million|\(m\)|mtonnes/i.test(tonnesHeader)
      ? 1
      : null;
  const gradeHeader = gradeAt >= 0 ? (header[gradeAt] ?? '') : '';
  const unit = gradeUnitOf(new RegExp(GRADE_UNIT, 'i').exec(gradeHeader)?.[0] ?? '');
  const element = elementOf(new RegExp(ELEMENT, 'i').exec(gradeHeader)?.[0]);
  const containedHeader = containedAt >= 0 ? (header[containedAt] ?? '') : '';
  const containedUnit =
    /(?<![a-z])(Moz|koz|Mlb|Mt|kt|oz|lbs?|t|tonnes|million (?:ounces|pounds|lbs?)|'000 ?oz)(?![a-z])/i.exec(
      containedHeader,
    )?.[1] ?? 'oz';
  const facts: ResourceFact[] = [];
  // 'Total Tonnes (Mt)' heads the deposits' sum, not a category.
  const named = categoryOf(header[tonnesAt] ?? '');
  const headerCategory = named === 'Total' ? null : named;
  for (const row of table.rows) {
    // 'Total | Indicated | 798 | 0.45': a row of the deposits' total names its category in another cell.
    const categories = row.values.map((cell) => (cell ? categoryOf(cell.text) : null));
    // 'Project | Proved Quantity (Mt) | … | Probable Quantity (Mt) | …': the column group names the category of
    // its figures, each row (a deposit, 'Total') a line of it.
    const category =
      headerCategory ?? categories.find((value) => value !== null && value !== 'Total') ?? categories.find(Boolean);
    if (!category) continue;
    const number = (index: number) => {
      const text = index < 0 ? undefined : row.values[index]?.text;
      return text !== undefined && /^[\d.,]+$/.test(text) ? parseNum(text) : null;
    };
    const tonnes = number(tonnesAt);
    const contained = number(containedAt);
    if (tonnesAt >= 0 ? tonnes === null : contained === null) continue;
    // A bare 'Tonnes' column holds tonnes; a figure under a million there is thousands only if headed so.
    const scale = tonnesScale ?? (tonnes !== null && tonnes >= 10_000 ? 1e-6 : 1);
    const containedValue =
      contained === null ? null : containedOf(contained, /'000/.test(containedUnit) ? 'koz' : containedUnit);
    const cutoffText = cutoffAt >= 0 ? row.values[cutoffAt]?.text : undefined;
    facts.push({
      category,
      tonnes_mt: tonnes === null ? null : clean(tonnes * scale),
      grade: number(gradeAt),
      unit,
      element,
      contained: containedValue?.contained ?? null,
      contained_unit: containedValue?.contained_unit ?? null,
      cutoff: cutoffText
        ? `${cutoffText}${unit && !cutoffText.includes(unit) ? ` ${unit}${element ? ` ${element}` : ''}` : ''}`
        : context.cutoff,
      standard: context.standard,
      quote: original.slice(row.unit.start, row.unit.end),
      start: row.unit.start,
      end: row.unit.end,
    });
  }
  return facts;
}

const CUTOFF = new RegExp(
  String.raw`(?<a>${NUM})\s?(?<u>${GRADE_UNIT})(?:\s*(?<el>${ELEMENT}))?\s*(?:cut-?off|COG|lower cut)|(?:cut-?off(?: grade)?|COG)\s*(?:\([^)]*\)\s*)?(?:of|at|:|=|above)?\s*(?<b>${NUM})\s?(?<bu>${GRADE_UNIT})(?:\s*(?<bel>${ELEMENT}))?`,
  'i',
);

/** The first cut-off grade the release states, as written ('0.5 g/t Au'). */
export function cutoffOf(text: string): string | null {
  const match = CUTOFF.exec(text);
  if (!match?.groups) return null;
  const value = match.groups.a ?? match.groups.b;
  const unit = gradeUnitOf(match.groups.u ?? match.groups.bu ?? '');
  const element = elementOf(match.groups.el ?? match.groups.bel);
  if (!value || !unit) return null;
  return `${value}${unit === '%' ? '%' : ` ${unit}`}${element ? ` ${element}` : ''}`;
}

/** The reporting code the release names. */
export function standardOf(text: string): ResourceFact['standard'] {
  if (/\bNI[- ]?43-?101\b|National Instrument 43-101|\bCIM\b/.test(text)) return 'NI 43-101';
  if (/\bJORC\b/.test(text)) return 'JORC';
  if (/\bSAMREC\b/.test(text)) return 'SAMREC';
  if (/\bS-K 1300\b|\bSK-1300\b|Regulation S-K/.test(text)) return 'S-K 1300';
  return null;
}
