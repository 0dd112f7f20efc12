import type { ProgrammeFact } from '@mining-hub/contract/facts';
import { MONTH } from '../../lib/text.ts';
import { drillTypeOf, LIST_ITEM, NUM, parseCount, parseNum, toMetres, WORD_NUM, type Unit } from './fact-text.ts';

/**
 * Drill programmes: a sentence about drilling that gives its size (metres, holes or rigs) or its timing
 * ('a 10,000 m RC programme starting in Q1', '149 holes for 10,066m', 'two rigs are turning'). Status:
 * planned (future words), underway (rigs turning, has commenced) or completed. The same metres stated
 * twice are one programme; a programme without metres counts only when the release gives none with metres.
 */

// 'The 5000m campaign will open with a maiden hole', 'a 6,000-metre winter program': a campaign or programme
// sized in metres is drilling (not one of trenches, samples or surveys).
const DRILLING =
  /\b\w+[- ]hole (?:program(?:me)?|campaign)\b|(?<=\d\s?-?\s?(?:m|metres?|meters?)\s+(?:(?!trench|sampl|survey|geophys|mapping)[\w-]+\s+){0,2})(?:campaign|program(?:me)?)\b|\bdrill(?:ing|ed|s)?\b|\bholes\b|\b(?:bore|drill ?)holes?\b|\brigs?\b|\b(?:RC|diamond|aircore|air-core|core|sonic|auger|RAB)\b/i;
const PROGRAMME_WORD =
  /\b(?:plans?|intends?|expects?) to drill\b|\bprogram(?:me)?s?\b|\bcampaign\b|\bdrilling\b|\bdrilled\b|\bphase\b|\bholes?\b|\brigs?\b|\bdrills (?:are )?(?:now |still )?(?:turning|operating|working|active)\b/i;
const LENGTH = String.raw`(?:m(?![a-zA-Z])|metres?|meters?|ft|feet)`;
// '10,000 m', '10,000-metre', '5,000 metres of', '36,089 feet of drilling'; 'approximately 8,000 m'.
const METRES = new RegExp(String.raw`(?<![\d.,])(?<n>${NUM})\s?-?\s?(?<u>${LENGTH})`, 'g');
// 'the 2021 holes' are the holes of a year, not 2,021 of them.
const HOLES = new RegExp(
  String.raw`(?<![\d.,])(?<!\b(?:phase|stage)\s)(?!(?:19|20)\d\d\s)(?<n>${NUM}|${WORD_NUM})(?:\s*(?:to|-)\s*(?<n2>${NUM}|${WORD_NUM}))?(?:\s+|-(?=hole))(?:\([\d]+\)\s+)?(?:(?:new|additional|further|more|shallow|deep|step-out|infill|exploration|scout|reconnaissance|diamond|RC|aircore|air-core|core|reverse circulation|drill|regional|planned)\s+){0,3}(?:drill\s*)?(?:holes\b|hole(?=[- ](?:(?:diamond|RC|aircore|air-core|core|reverse circulation|first-phase|second-phase|initial|maiden|follow-up)\s+){0,2}(?:program|campaign|drill)))`,
  'gi',
);
const RIGS = new RegExp(
  String.raw`\b(?<n>${NUM}|${WORD_NUM}|a|one)\s+(?:(?:additional|more|further|new|diamond|RC|core|drill|reverse circulation|aircore|man-portable|heli-portable)\s+){0,3}(?:drill(?:ing)?\s+)?rigs?\b|\b(?<ord>second|third|fourth)\s+(?:(?:diamond|RC|core|drill)\s+){0,2}(?:drill\s+)?rig\b|\b(?<dn>${NUM}|${WORD_NUM})\s+(?:(?:diamond|RC|core)\s+)?drills\s+(?:are\s+)?(?:now\s+|still\s+)?(?:turning|operating|working|active|on site|onsite)\b`,
  'gi',
);
// '… two more drill rigs will be deployed, taking the fleet at Fletcher to three': the fleet's size.
const FLEET_TO = new RegExp(
  String.raw`\btaking the (?:(?:drill|rig|drilling)\s+)?(?:fleet|rig count)\b[^.;]{0,30}?\bto (?<n>${NUM}|${WORD_NUM})\b`,
  'gi',
);
const FUTURE =
  /\bto fund (?:its |the )?20\d\d\b|\bearmarked for\b|\b(?:starting|beginning|commencing)\s+(?:in|on|during|from|early|mid|late)\b|\bannounces?\s+(?:a|an|the|its)\b[^.]*\b(?:program(?:me)?|campaign)\b|\bwill\b|\bplan(?:s|ned|ning)?\b|\bintends?\b|\bexpect(?:s|ed)? to\b|\bscheduled\b|\bproposed\b|\bupcoming\b|\bforthcoming\b|\bto (?:commence|begin|start|test|follow|include|comprise|drill)\b|\bto be drilled\b|\bdesigned\b|\bbudget(?:ed)?\b|\bfunded\b|\bnext phase\b|\bset to\b|\bdue to (?:start|begin)\b|\bprepar(?:ing|es) (?:for|to)\b|\bmobili[sz](?:e|ing|ation)\b/i;
const UNDERWAY =
  /\b(?:has |have )?(?:recommenced|restarted|resumed|re-started)\b|\b(?:is|are) (?:now |also )?(?:completing|conducting|carrying out|undertaking)\b|\b(?:is|are) being (?:carried out|conducted|undertaken)\b|\bunder ?way\b|\bcommenced\b|\bcommences\b|\bhas (?:begun|started)\b|\bbegan\b|\bstarted\b|\bkicks? off\b|\bkicked off\b|\b(?:announc\w+|marks?|marked) the (?:start|commencement) of (?:a|an|the|its)\b[^.]*\b(?:drilling|program(?:me)?|campaign)\b|\bongoing\b|\bcontinu(?:es|ing)\b|\b(?:drilling|programs?|programmes?) continue\b|\bin progress\b|\bturning\b|\bis (?:now )?drilling\b|\bare (?:now )?drilling\b|\bcurrently\b|\bmobili[sz]ed\b|\barrived\b|\brigs? (?:are |is )?(?:now )?(?:on site|onsite|on the property|operating|active|working)\b|\b(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|\d+th) (?:hole )?of (?:a|an|the)\b/i;
const DONE =
  /\bcompleted\b|\bfor the (?:quarter|half[- ]year|year) (?:was|were|totall?ed)\b|\bcompletes\b|\bconcluded\b|\bfinished\b|\bwere drilled\b|\bhas drilled\b|\bdrilled\b|\btotall?(?:ing|ed)\b|\bcomprised\b|\bcomprising\b|\bconsisted of\b|\bfor a total of\b|\bresults? (?:come|came) from\b/i;
const NOT_PROGRAMME =
  /\b(?:intersect(?:ed|s|ion)|grading|averaging)\b|@|\bg\/t\b|\bdepth of\b|\bdeep(?:er)?\b.*\bhole\b|\bstrike length\b|\bwide\b|\bbelow surface\b|\bvertical depth\b|\bend of hole\b|\bdownhole\b|\bto a depth\b|\bdrilled to\b|\bbeyond\b|\bapart\b|\bspacing\b|\bsouth of\b|\bnorth of\b|\beast of\b|\bwest of\b|\bfrom surface\b|\bkm\b|\bkilometres\b/i;
const WHEN = new RegExp(
  String.raw`\b(?:Q[1-4]\s*(?:CY|FY)?\s*(?:20)?\d{2}|Q[1-4]\b|(?:first|second|1st|2nd)\s+half\s+of\s+(?:calendar\s+|fiscal\s+)?20\d{2}|H[12]\s*(?:CY|FY)?\s*20\d{2}|(?:early|mid|late)[- ](?:${MONTH}\s+)?20\d{2}|(?:early|mid|late)[- ]${MONTH}|${MONTH}(?:\s+\d{1,2}(?!\d))?(?:,?\s+20\d{2})?|(?:the\s+)?(?:coming|next|following)\s+(?:few\s+|\d{1,2}\s+)?(?:weeks?|months?|quarter)|(?:later\s+)?this\s+(?:month|week|quarter)|(?:this|the)\s+(?:spring|summer|fall|autumn|winter)(?:\s+(?:of\s+)?20\d{2})?|(?:spring|summer|fall|autumn|winter)\s+(?:of\s+)?20\d{2}|(?:the\s+)?(?:coming|upcoming|next|\d{4})\s+(?:field\s+|drilling\s+|winter\s+|summer\s+)?season|(?:within|in)\s+the\s+next\s+\w+\s+(?:weeks|months)|in\s+20\d{2}|20\d{2}(?=\s+(?:drilling|drill|exploration|field)\b))`,
  'i',
);
const WHEN_ALL = new RegExp(WHEN.source, 'gi');
const TIMING_CUE =
  /\b(?:start(?:ing|s)?|begin(?:ning|s)?|commenc(?:e|ing|es)|scheduled|expected|planned|due|set|mobili[sz]\w*|in|during|by|from|through|until|this|within|early|late|mid)\b/i;

interface Candidate {
  metres: number | null;
  holes: number | null;
  rigs: number | null;
  timing: string | null;
  status: ProgrammeFact['status'];
  drill_type: ProgrammeFact['drill_type'];
  unit: Unit;
}

const METHOD_METRES = new RegExp(
  String.raw`(?<![\d.,])(?<n>${NUM})\s?-?\s?(?<u>${LENGTH})\s+(?:of\s+(?:[\w()-]+\s+){0,7}?drilling\b|in\s+phase\s+(?:\d+|one|two|three|four|five|six|[IV]+)\b)`,
  'gi',
);

function metresOf(text: string): number | null {
  let best: number | null = null;
  for (const match of text.matchAll(METRES)) {
    const value = toMetres(parseNum(match.groups?.n ?? ''), match.groups?.u);
    const after = text.slice(match.index + match[0].length, match.index + match[0].length + 60);
    const before = text.slice(Math.max(0, match.index - 40), match.index);
    // Programme sizes, not hole depths, widths, distances or elevations.
    if (!Number.isFinite(value) || value < 300) continue;
    // '11,000 feet (3,250 metres)': the release's own metric figure is the one to keep.
    if (
      /^f/i.test(match.groups?.u ?? '') &&
      new RegExp(String.raw`^\s*\(\s*(?:approximately\s+|about\s+|~)?${NUM}\s?-?\s?(?:m|metres?|meters?)\b`, 'i').test(
        text.slice(match.index + match[0].length),
      )
    )
      continue;
    if (
      /^[\s-]*(?:@|at\s+\d|grading|intercept|interval|intersection|of\s+\d|wide|deep|below|above|long|along|from|x\b|by\b|to the|away|apart|vertical|depth|elevation|strike|of strike|thick|south|north|east|west|beneath|past|(?:line\s+)?(?:centres|centers|spacings?|grid)\b|(?:a|per|each) (?:month|week|day|shift|year)\b|(?:extension\s+)?zone\b)/i.test(
        after,
      )
    )
      continue;
    if (
      /(?:depths? of|to a depth of|down to|go(?:es|ing)? down|(?:planned |designed |expected )?to reach|at|from|elevation|strike length of|(?<!\(|holes )\bover|within|a distance of|\bby|\bx|\((?:19|20)\d\d:|\bhole of|option to (?:extend|increase|expand)(?: (?:it|the programme|the program))? to|extend(?:able|ed)? to)\s*(?:approximately\s+|about\s+|around\s+|up to\s+)?$/i.test(
        before,
      )
    )
      continue;
    if (best === null || value > best) best = value;
  }
  return best;
}

/** The first time phrase with a timing word before it (a dateline's date has none). */
function timingOf(text: string): string | null {
  for (const match of text.matchAll(WHEN_ALL)) {
    // 'acquired in May', 'reported in March': a date of something done, not the programme's timing.
    if (
      /\b(?:acquired|completed|reported|announced|released|drilled|closed|signed)\s+(?:in\s+|on\s+)?$/i.test(
        text.slice(Math.max(0, match.index - 20), match.index),
      )
    )
      continue;
    // 'drilling this month': a time phrase of the present needs no cue.
    if (
      TIMING_CUE.test(text.slice(Math.max(0, match.index - 30), match.index + 1)) ||
      /^(?:later\s+)?this\s/i.test(match[0])
    )
      return match[0].replace(/^(?:in|within)\s+/i, '');
  }
  return null;
}

function countOf(pattern: RegExp, text: string): number | null {
  pattern.lastIndex = 0;
  const match = pattern.exec(text);
  if (!match?.groups) return null;
  if (match.groups.ord) return parseCount(match.groups.ord);
  // 'Nine drills are now turning': drills counted as rigs are.
  const low = parseCount(match.groups.n ?? match.groups.dn ?? '');
  const high = match.groups.n2 ? parseCount(match.groups.n2) : null;
  const value = high ?? low;
  return Number.isFinite(value) ? value : null;
}

const PLANNED_FIRST =
  /\b(?:expected to (?:begin|start|commence)|scheduled to|will (?:begin|start|commence)|plans? to|planned to|set to (?:begin|start|recommence|resume)|preparations? for)\b/i;
// 'was run during December': drilling told as done, whatever else the sentence calls planned.
const DONE_FIRST =
  /\b(?:was|were) (?:run|carried out|conducted|undertaken|completed|collared)\b|\b(?:has|have) been completed\b|\b(?:recently|just) (?:completed|finished|concluded)\b|\bdrilled an?\b/i;

const STARTED =
  /\b(?:has|have) (?:now )?(?:started|commenced|begun|resumed|recommenced|passed)\b|\b(?:is|are) being (?:accelerated|expanded|stepped up)\b|\b(?:drilling|program(?:me)?|campaign) carries on\b|\bis (?:now )?under ?way\b|\b(?:is|are) (?:now )?(?:continuing|ongoing|under ?way)\b/i;

function statusOf(sentence: string): ProgrammeFact['status'] {
  // 'the mineralisation continues at depth', 'gold continues to show up' speak of rock, not of drilling.
  // 'The work must be finished in dry conditions' is a condition on drilling, and 'the area has never been
  // drilled' no drilling at all: neither is drilling done.
  const text = sentence
    .replace(/\b(?:mineral[a-z]*|gold|copper|silver|grades?|results?)\s+(?:\w+\s+){0,2}?continu\w+/gi, ' ')
    .replace(/\b(?:must|should|needs? to|has to|have to)\s+(?:also\s+)?be\s+(?:completed|finished|concluded)\b/gi, ' ')
    .replace(/\b(?:never|not yet|not)\s+(?:been\s+)?drilled\b/gi, ' ');
  const future = FUTURE.test(text);
  const underway = UNDERWAY.test(text);
  const done = DONE.test(text);
  // 'expected to begin within weeks; mobilization is underway': the drilling itself is still ahead.
  if (PLANNED_FIRST.test(text)) return 'planned';
  if (DONE_FIRST.test(text)) return 'completed';
  // 'The 2019 drilling programme has started and will focus on …': running now, whatever it will do.
  if (STARTED.test(text)) return 'underway';
  // 'The current round of aircore drilling … will show': running now, whatever it will show.
  if (/\b(?:current round|currently|ongoing)\b/i.test(text)) return 'underway';
  if (underway && !/\bwill\b/i.test(text)) return 'underway';
  if (future) return 'planned';
  if (done) return 'completed';
  if (underway) return 'underway';
  return null;
}

/** Legal boilerplate that speaks of drilling in general: 'forward-looking statements regarding planned drilling'. */
const BOILERPLATE =
  /\b(?:so that drilling|towards? a drilling decision|ahead of (?:any )?drilling|prior to drilling|before drilling)\b|\b(?:database|the (?:[\w-]+ )?(?:estimate|resource|MRE) (?:draws on|rests on|is based on|is supported by|incorporates|includes)|(?:be |been )?(?:included|incorporated|used) in (?:a|an|the) (?:[\w-]+ ){0,3}(?:estimate|MRE|resource update)|(?:used|help) to plan|to plan the next)\b|\bforward[- ]looking (?:statements?|information)\b|\bcautionary (?:note|statement)\b|\bqualified person\b|\bQA\/QC\b|\bquality (?:assurance|control)\b|\b(?:report|provide|release|publish)\s+(?:further\s+|regular\s+|more\s+)?(?:updates?|news|information)\s+(?:on|about|regarding)\b|\bwill be (?:released|reported|announced|published) (?:as|when|once)\b/i;
/** Drilling of years past behind an estimate or a project: '10,308m of drilling completed over the past few years'. */
const PAST_DRILLING =
  /\bduring (?:FY|fiscal(?: year)?) ?(?:19|20)?\d\d\b|\bthe original plan\b|\b(?:over|during|in) the (?:past|last|previous) (?:few |several |two |three |four |five |\d+ )?(?:years|decades?)\b|\bsince (?:19|20)\d\d\b|\bhistoric(?:al)? (?:[\w-]+ ){0,2}(?:drilling|drill ?holes|holes)\b|\b(?:completed|drilled)\b[^.]{0,80}\bto date\b|^(?:last|the previous) year,? (?:the company|it|we)\b[^.]{0,40}\b(?:completed|drilled)\b/i;

const NOT_DRILLING =
  /\bdrill(?:[- ]?hole)?\s+(?:siting|targeting|target generation|planning|permitting|pad (?:construction|preparation))\b/gi;
const REPORT_PROMISE =
  /(?:,\s*(?:and\s+)?|;\s*|\s+and\s+)(?:(?:the|those|these|its|their|all)\s+)?(?:outstanding|remaining|pending|further)?\s*(?:assays?|results?)\b[^.;]*?\bwill be (?:released|reported|announced|published)\b[^.;]*/gi;

// Its only percentages are ownership ('its 100% owned project'), no grade.
const OWNED_ONLY =
  /^(?!.*(?:@|\bg\/t\b|\d\s?%(?![- ]?(?:owned|interest|held)\b))).*\d\s?%[- ]?(?:owned|interest|held)\b/i;
const PARTS_LEAD = /\b(?:made up of|comprising|consisting of|comprised of)\s*:\s*$/i;

/** Assays still to come from drilling done: 'Assays for the remaining 9 holes are pending'. */
const PENDING =
  /\b(?:assays?|results?)\b[^.]*\b(?:pending|awaited|outstanding|will (?:follow|be (?:released|reported))|to be (?:released|reported))\b/i;

/** The headline and lead: the drilling they tell of is what the release is about. */
const LEAD_LINES = 4;

/** Programmes named in the text's prose units. */
export function programmesOf(units: readonly Unit[], original: string): ProgrammeFact[] {
  const candidates: Candidate[] = [];
  // The line that opens a list ('Proceeds will be used to …, including:') gives its items their tense.
  let listLead: Unit | null = null;
  // The drilling programme the last sentence named: 'A2Gold has begun a diamond core drilling campaign … The
  // programme is fully funded and is planned to cover approximately 2,500m.'
  let namedBefore: Unit | null = null;
  for (const unit of units) {
    // Not the drilling itself: 'drill hole siting is under way', '…, and the outstanding assays will be released once
    // received'.
    const text = unit.text.replace(NOT_DRILLING, ' ').replace(REPORT_PROMISE, '');
    if (!unit.cells && /:\s*$/.test(text)) listLead = unit;
    else if (listLead && (unit.cells || !LIST_ITEM.test(text))) listLead = null;
    const drillingNamed = DRILLING.test(text) && PROGRAMME_WORD.test(text);
    const recalled =
      namedBefore !== null &&
      unit.line === namedBefore.line &&
      /^(?:The|This) (?:programme|program|campaign)\b/.test(text);
    const previous = namedBefore;
    namedBefore = !unit.cells && drillingNamed && /\b(?:program(?:me)?|campaign)\b/i.test(text) ? unit : null;
    if (unit.cells || !(drillingNamed || recalled)) continue;
    if (
      BOILERPLATE.test(text) ||
      PAST_DRILLING.test(text) ||
      (PENDING.test(text) && !UNDERWAY.test(text) && metresOf(text) === null)
    )
      continue;
    // A sentence of results is not a programme, unless it sizes the programme they came from ('assays from the last
    // eight holes of the 14-hole / 8,993m drilling programme completed at its 100% owned …').
    if (
      /\b(?:intersect|intercept|assay|results?)\w*\b/i.test(text) &&
      /@|\bg\/t\b|%/.test(text) &&
      !(OWNED_ONLY.test(text) && /\bdrill(?:ing)? program(?:me)?\b/i.test(text) && metresOf(text) !== null)
    )
      continue;
    // 'little or no further drilling will be required'.
    if (/\b(?:little or no|no) (?:further|more|additional) drilling\b/i.test(text)) continue;
    // '… total drilling for the quarter was 6,187 metres, made up of:' has its parts listed below.
    if (listLead && listLead !== unit && PARTS_LEAD.test(listLead.text) && metresOf(listLead.text) !== null) continue;
    const metres =
      NOT_PROGRAMME.test(text) && !/\bprogram|campaign|drilling|phase\b/i.test(text) ? null : metresOf(text);
    // 'assays from the last eight holes of the 14-hole / 8,993m drilling programme': the programme's own count.
    const hyphenated = /\b(\d+)-hole\b/i.exec(text)?.[1];
    const holes = hyphenated ? Number(hyphenated) : countOf(HOLES, text);
    const rigs = countOf(FLEET_TO, text) ?? countOf(RIGS, text);
    const timing = timingOf(text);
    // The programme recalled is the one begun in the sentence before, whatever its size is 'planned to' be.
    const begun = recalled && previous !== null && statusOf(previous.text) === 'underway';
    const status = begun ? 'underway' : (statusOf(text) ?? (listLead ? statusOf(listLead.text) : null));
    if (metres === null && status === null) continue;
    // Without metres, a programme needs words that make it one: 'program underway', 'drilling continues'.
    if (
      metres === null &&
      holes === null &&
      rigs === null &&
      !/\bprogram(?:me)?s?\b|\bcampaign\b|\bdrilling\b|\bholes?\b.*\bwill\b|\bwill\b.*\bholes?\b|\brigs?\b|\bto drill\b/i.test(
        text,
      )
    )
      continue;
    // A bare 'results from 12 holes' is not a programme.
    if (
      metres === null &&
      rigs === null &&
      /\b(?:results?|assays?)\b/i.test(text) &&
      !/\bprogram(?:me)?|campaign|phase\b/i.test(text)
    )
      continue;
    candidates.push({ metres, holes, rigs, timing, status, drill_type: drillTypeOf(text), unit });
    // '15,000m of aircore and RC drilling and 1,000m of diamond core drilling': each method's metres; '2,098 metres
    // in phase four and a further 2,316 metres in phase five': each phase's.
    const parts = [...text.matchAll(METHOD_METRES)];
    if (parts.length >= 2) {
      for (const part of parts) {
        const value = toMetres(parseNum(part.groups?.n ?? ''), part.groups?.u);
        if (value === metres || !Number.isFinite(value) || value < 300) continue;
        candidates.push({
          metres: value,
          holes: null,
          rigs: null,
          timing,
          status,
          drill_type: drillTypeOf(part[0]),
          unit,
        });
      }
    }
  }
  // A sized part with no status ('The first six holes total 2,817.6 m') belongs to a larger programme told
  // with one.
  const withMetres = candidates.filter(
    (candidate) =>
      candidate.metres !== null &&
      (candidate.status !== null ||
        !candidates.some((other) => other.status !== null && (other.metres ?? 0) > (candidate.metres ?? 0))),
  );
  // 'Two RC rigs and a diamond rig are on site': rigs told after the programme are its rigs. A programme's
  // line that says no more than its size ('• Up to 5,000 metres of diamond drilling in more than 20 holes.')
  // takes its status from the drilling told on the lines right after it ('• Drilling is expected to start').
  for (const candidate of candidates) {
    if (candidate.metres !== null) continue;
    const owner = [...withMetres].reverse().find((other) => other.unit.start < candidate.unit.start);
    if (!owner) continue;
    if (owner.status === null && candidate.unit.line - owner.unit.line <= 4) {
      // Every method's metres on the owner's line ('960m of RC and 400m of diamond drilling') are one programme's.
      for (const part of withMetres) {
        if (part.unit !== owner.unit || part.status !== null) continue;
        part.status = candidate.status;
        part.timing ??= candidate.timing;
      }
    }
    if (candidate.rigs === null) continue;
    owner.rigs ??= candidate.rigs;
    if (candidate.status === 'underway' && owner.status !== 'planned') owner.status = 'underway';
  }
  // 'LPI has announced the start of a drilling programme … The first stage comprises 960m of RC drilling': a
  // programme's size told after its start (just before, or in the lead) is that programme, running.
  for (const owner of withMetres) {
    if (owner.status !== null) continue;
    const lead = candidates.findLast(
      (other) =>
        other.metres === null &&
        other.status !== null &&
        other.unit.start < owner.unit.start &&
        (owner.unit.line - other.unit.line <= 4 || other.unit.line <= LEAD_LINES),
    );
    if (lead) owner.status = lead.status;
  }
  const kept: Candidate[] = [];
  for (const candidate of withMetres) {
    // The same metres told twice are one programme, with what either telling says of it.
    const same = kept.find((other) => other.metres === candidate.metres);
    if (!same) {
      kept.push(candidate);
      continue;
    }
    // 'hired … to drill about 12 holes totalling roughly 1000m' then '… program of about 1000m … has started': the
    // telling that says it began is the news.
    if (same.status === 'planned' && candidate.status === 'underway') same.status = 'underway';
    same.status ??= candidate.status;
    same.timing ??= candidate.timing;
    same.holes ??= candidate.holes;
    same.rigs ??= candidate.rigs;
    same.drill_type ??= candidate.drill_type;
  }
  if (kept.length === 0) {
    // Without metres: the drilling ahead or running, else a programme of holes the release says is done ('The
    // 16 holes have been completed', 'Stage 10 drilling, comprising 51 new RC holes, was completed'), not holes
    // named for their results ('three holes drilled so far hit').
    const best =
      candidates.find((candidate) => candidate.status === 'planned' || candidate.status === 'underway') ??
      candidates.find(
        (candidate) =>
          candidate.status === 'completed' &&
          candidate.holes !== null &&
          /\b(?:program(?:me)?|campaign|phase|stage)\b|\b(?:(?:have|has) been|was|were) completed\b/i.test(
            candidate.unit.text,
          ),
      );
    // 'set out a seven-hole first-phase diamond drill programme. Drilling is scheduled to start in early Q3 2022.':
    // what the lines right after tell of the same drilling is that programme's.
    if (best) {
      for (const next of candidates) {
        if (next === best || next.status !== best.status || next.unit.start < best.unit.start) continue;
        if (next.unit.line - best.unit.line > 4) break;
        best.timing ??= next.timing;
        best.holes ??= next.holes;
        best.rigs ??= next.rigs;
        best.drill_type ??= next.drill_type;
      }
      kept.push(best);
    }
  }
  return kept.map(({ unit, ...fact }) => ({
    ...fact,
    quote: original.slice(unit.start, unit.end),
    start: unit.start,
    end: unit.end,
  }));
}
