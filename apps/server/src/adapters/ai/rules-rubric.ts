import type { FinancingFact, MiningFacts, ProgrammeFact, ResourceFact, StudyFact } from '@mining-hub/contract/facts';
import type { BuyingIntent } from '@mining-hub/contract/articles';

/**
 * The intent rubric (docs/ARCHITECTURE.md, "Intent from facts"): buying intent for a supplier's rep read
 * from the facts extractor's facts, each rule naming the facts it fired on. Highest rule wins:
 *
 * - Very High: a closed financing whose proceeds fund drilling or studies together with a planned or
 *   running programme (metres or timing); a completed FS/DFS/BFS; a construction decision.
 * - High: a closed financing that funds drilling or studies; ten million or more raised without a stated use, or a
 *   royalty, stream or debt that size; a resource estimate; a PFS; a sized and dated programme.
 * - Medium: assays with no next programme; a financing announced, not closed; a PEA or scoping study; a
 *   programme without size or date.
 * - Low: corporate housekeeping (AGM, options, conference, management change without a project) and
 *   releases with none of the above.
 *
 * Null when no rule fires: the caller keeps its other evidence.
 */

export interface RubricScore {
  level: BuyingIntent;
  /** The facts the level rests on, strongest first: 'C$4.0M closed, funds 5,000 m drilling'. */
  reasons: string[];
  /** The release is corporate housekeeping (AGM, options, conference, appointment) and carries no fact. */
  housekeeping: boolean;
}

const LEVELS: readonly BuyingIntent[] = ['Low', 'Medium', 'High', 'Very High'];
export const intentRank = (level: BuyingIntent): number => LEVELS.indexOf(level);

const SYMBOL: Record<string, string> = { USD: 'US$', CAD: 'C$', AUD: 'A$', GBP: '£', EUR: '€', ZAR: 'R' };

/** 4_000_000 CAD → 'C$4.0M'; 250_000 → 'C$250K'; 1.2e9 → 'US$1.2B'. */
export function moneyShort(amount: number | null, currency: string | null): string {
  if (amount === null) return '';
  const symbol = (currency && SYMBOL[currency]) ?? '$';
  if (amount >= 1e9) return `${symbol}${(amount / 1e9).toFixed(1)}B`;
  if (amount >= 1e6) return `${symbol}${(amount / 1e6).toFixed(1)}M`;
  if (amount >= 1e3) return `${symbol}${Math.round(amount / 1e3)}K`;
  return `${symbol}${amount}`;
}

const metres = (value: number) => `${Math.round(value).toLocaleString('en-US')} m`;

/** '5,000 m RC drilling in Q1 2027', '12 holes drilling under way', 'drilling planned in 2028'. */
export function programmeShort(programme: ProgrammeFact): string {
  const size = programme.metres ? `${metres(programme.metres)} ` : programme.holes ? `${programme.holes} holes ` : '';
  const type = programme.drill_type ? `${programme.drill_type} ` : '';
  const state = programme.status === 'underway' ? ' under way' : size ? '' : ' planned';
  const timing = programme.timing;
  const when = timing
    ? /^(?:in|by|from|during|this|the|next|within|over)\b/i.test(timing)
      ? ` ${timing}`
      : ` in ${timing}`
    : '';
  return `${size}${type}drilling${state}${when}`;
}

const TYPE_WORDS: Record<FinancingFact['type'], string> = {
  'private-placement': 'placement',
  'flow-through': 'flow-through',
  'bought-deal': 'bought deal',
  'rights-offering': 'rights offering',
  'public-offering': 'offering',
  royalty: 'royalty',
  stream: 'stream',
  debt: 'debt',
  grant: 'grant',
};

const STUDY_USE = /\b(?:stud(?:y|ies)|feasibility|PFS|DFS|PEA|metallurg|engineering|permitting|resource)\b/i;
const DRILL_USE = /\b(?:drill(?:ing)?|explor(?:ation|e)|programme|program)\b/i;
/** The proceeds go to drilling, exploration or studies: what a supplier sells. */
const fundsWork = (financing: FinancingFact) =>
  financing.funds_drilling ||
  (financing.use_of_proceeds !== null &&
    (DRILL_USE.test(financing.use_of_proceeds) || STUDY_USE.test(financing.use_of_proceeds)));

const FEASIBILITY: ReadonlySet<StudyFact['stage']> = new Set(['FS', 'DFS', 'BFS']);
/** A study with its headline figures is a completed one (a stage only named is one planned or under way). */
const completed = (study: StudyFact) =>
  study.npv !== null || study.irr_pct !== null || study.capex !== null || study.mine_life_years !== null;

// A mine being built or started: 'has formally launched the Tulu Kapi Gold Project', 'operations have started at
// its Régua tungsten mine', 'construction has commenced', 'Early Works under way'.
const PROJECT_LAUNCHED =
  /\b[Ll]aunch(?:ed|es)? (?:the |its )?(?:(?!(?:Drill|Drilling|Exploration|Program|Programme|Campaign|Survey|Study|At|On|In|Of|For)\b)[A-Z][\w'’-]* ){1,4}(?:Project|project|Mine|mine)\b/;
const DEVELOPMENT_STARTED =
  /\boperations (?:have|has) (?:started|commenced|begun) at\b[^.]{0,60}\bmine\b|\b(?:commencement|start) of (?:trial |open[- ]pit |underground )?(?:mining|production|construction)\b|\bconstruction (?:has |have )?(?:started|commenced|begun)\b|\bconstruction (?:is |now )*under ?way\b|\b(?:early|major) works (?:are |is )?(?:under ?way|started|commenced|begun)\b|\btrial mining (?:has )?(?:started|commenced|begun)\b|\b(?:breaks?|broke|breaking) ground\b|\bground[- ]?breaking\b|\b(?:pours?|poured) (?:its |the )?first (?:gold|silver|dor[eé])\b|\bfirst (?:gold|silver|dor[eé]) pour\b/i;
/** Whether a headline and lead tell of a mine whose construction or operations have started. */
export function developmentStarted(headline: string): boolean {
  return PROJECT_LAUNCHED.test(headline) || DEVELOPMENT_STARTED.test(headline);
}

const CONSTRUCTION_DECISION =
  /\b(?:final investment decision|FID\b|(?:decision|approv\w+) to (?:proceed with|commence|start|begin) (?:mine |full )?(?:construction|development)|construction decision|(?:board )?approv\w+ (?:for )?(?:the )?(?:construction|development) of|decision to (?:build|mine))/i;
const HOUSEKEEPING =
  /\b(?:annual (?:general )?meeting|AGM|special meeting|shareholder meeting|voting results|stock options?|options? (?:grant|granted)|grant(?:s|ed)? (?:of )?(?:incentive )?(?:stock )?options|RSUs?|restricted share units|deferred share units|conference|webinar|investor (?:presentation|event)|to (?:present|participate) at|appoint(?:s|ed|ment)|resign(?:s|ed|ation)|retire(?:s|d|ment)|board of directors|name change|share consolidation|transfer agent|quarterly (?:activities )?report|management'?s discussion|financial statements|annual information form)\b/i;

function financingReason(financing: FinancingFact, programme: ProgrammeFact | undefined): string {
  const money = moneyShort(financing.amount, financing.currency);
  const what = `${money ? `${money} ` : ''}${TYPE_WORDS[financing.type]} ${financing.status}`;
  if (programme) return `${what}, funds ${programmeShort(programme)}`;
  if (fundsWork(financing)) {
    const use = financing.use_of_proceeds;
    return use && STUDY_USE.test(use) && !DRILL_USE.test(use) ? `${what}, funds studies` : `${what}, funds drilling`;
  }
  return what;
}

// 'Financing Package to Build the Goose Mine', 'raises US$7.9 million to advance TGME construction'.
const CONSTRUCTION_FUNDING =
  /\b(?:financing|funding|finance|loans?|facilit(?:y|ies)|package|rais(?:es|ed|ing))\b(?:[^.]|\.\d){0,60}\b(?:to build|for (?:the )?construction|to construct|to (?:advance|fund|complete|progress|accelerate) (?:[\w-]+ ){0,3}construction)\b|\bconstruction (?:financing|funding|loan|facility)\b|\bproject (?:loan|finance|financing|debt) (?:facilit(?:y|ies)|package)\b|\bproject now fully financed\b/i;

/** Royalties, streams and debt pay for a mine more than for the next programme: High at most. */
const DEAL_MONEY: ReadonlySet<FinancingFact['type']> = new Set(['royalty', 'stream', 'debt']);

function resourceShort(resource: ResourceFact): string {
  if (resource.contained !== null) {
    const amount =
      resource.contained >= 1e6
        ? `${(resource.contained / 1e6).toFixed(2)}M`
        : `${Math.round(resource.contained / 1e3)}k`;
    return ` ${amount} ${resource.contained_unit ?? ''}${resource.element ? ` ${resource.element}` : ''}`.trimEnd();
  }
  return resource.tonnes_mt !== null
    ? ` ${resource.tonnes_mt} Mt${resource.element ? ` ${resource.element}` : ''}`
    : '';
}

function studyReason(study: StudyFact): string {
  const npv = study.npv ? ` NPV ${moneyShort(study.npv.amount, study.npv.currency)}` : '';
  const irr = study.irr_pct !== null ? ` IRR ${study.irr_pct}%` : '';
  return `${study.stage}${npv}${irr}`;
}

const DRILLING_DONE =
  /\b(?:complet(?:es|ed)|conclud(?:es|ed)|finish(?:es|ed))\b.*\b(?:drill(?:ing)?|program(?:me)?|campaign)\b/i;
const DRILL_NEWS =
  /\b(?:intersect(?:s|ed)?|intercepts?|hits?|drill(?:s|ing|ed)? (?:results?|hits?|intersects?)|sulphides?|assays?|discovery)\b/i;

/** The rubric's level and the facts behind it, or null when none of its rules fires. */
export function rubricIntent(
  facts: MiningFacts,
  headline: string,
  /** Months from publication to a programme's start as worded ('Q1 2027'), null when unreadable. */
  monthsUntil: (timing: string) => number | null = () => null,
): RubricScore | null {
  const found: { level: BuyingIntent; reason: string }[] = [];
  const add = (level: BuyingIntent, reason: string) => found.push({ level, reason });

  // A programme a supplier can bid on: planned or running, with metres or a date (or holes, rigs).
  // A programme more than a year out is a plan, not a budget a supplier can bid on yet.
  const distant = (p: ProgrammeFact) =>
    p.status === 'planned' && p.timing !== null && (monthsUntil(p.timing) ?? 0) > 12;
  const live = facts.programmes.filter((p) => p.status === 'planned' || p.status === 'underway');
  const sized = live.find((p) => (p.metres !== null || p.timing !== null) && !distant(p));
  const told = live.filter((p) => p.metres !== null || p.timing !== null || p.holes !== null || p.rigs !== null);
  const nextProgramme = told.find((p) => p.status === 'underway') ?? sized ?? told[0];
  const closed = facts.financings.filter((f) => f.status === 'closed' && !DEAL_MONEY.has(f.type));
  // Money in and a sized programme in the same release: the programme is what the money is for.
  const funding = closed.find(fundsWork) ?? (sized ? closed[0] : undefined);

  if (funding && sized) add('Very High', financingReason(funding, sized));
  else if (funding) add('High', financingReason(funding, undefined));
  // Money for building a mine, in any form (debt and streams included), buys a construction's worth of work:
  // 'Financing Package to Build the Goose Mine', 'construction financing'.
  const financing = facts.financings[0];
  if (financing && CONSTRUCTION_FUNDING.test(headline))
    add('Very High', `${financingReason(financing, undefined)}, funds mine construction`);
  // Ten million or more pays for a year's work somewhere: a royalty, stream or loan that size, or equity raised
  // that size without a stated use (below).
  const large = (f: FinancingFact) => f.amount !== null && f.amount >= 10e6;
  const deal = facts.financings.find((f) => DEAL_MONEY.has(f.type));
  if (deal) add(large(deal) ? 'High' : 'Medium', financingReason(deal, undefined));
  for (const study of facts.studies) {
    if (FEASIBILITY.has(study.stage) && completed(study)) add('Very High', studyReason(study));
    else if (completed(study)) add('High', studyReason(study));
  }
  if (CONSTRUCTION_DECISION.test(headline)) add('Very High', 'construction decision');
  else if (developmentStarted(headline)) add('Very High', 'mine development started');
  const resource = facts.resources[0];
  if (resource) add('High', `resource estimate${resourceShort(resource)}`);
  if (nextProgramme && !funding) {
    // Rigs turning buy consumables now; a sized and dated plan is a budget; a bare plan is a lead.
    const running =
      nextProgramme.status === 'underway' && (nextProgramme.metres !== null || nextProgramme.rigs !== null);
    const budgeted = (nextProgramme.metres !== null || nextProgramme.timing !== null) && !distant(nextProgramme);
    // A release about rigs turning is news for a supplier; one about assays with drilling going on is High.
    const news = running && facts.intercepts.length === 0;
    add(
      news ? 'Very High' : running || budgeted || nextProgramme.status === 'underway' ? 'High' : 'Medium',
      programmeShort(nextProgramme),
    );
  }
  const announced = facts.financings.find((f) => f.status === 'announced' && !DEAL_MONEY.has(f.type));
  if (announced && !funding)
    add(fundsWork(announced) || large(announced) ? 'High' : 'Medium', financingReason(announced, undefined));
  else if (!funding && closed[0]) add(large(closed[0]) ? 'High' : 'Medium', financingReason(closed[0], undefined));
  if (facts.intercepts.length > 0) {
    // The best interval by metal content (width × grade), as a rep would quote it; an 'including' one only when
    // the release gives no other.
    const outer = facts.intercepts.filter((i) => !i.including);
    const top = (outer.length > 0 ? outer : facts.intercepts).reduce<(typeof facts.intercepts)[number] | undefined>(
      (best, i) => (!best || i.width_m * i.grade > best.width_m * best.grade ? i : best),
      undefined,
    );
    const hole = top?.hole_id ? ` (${top.hole_id})` : '';
    const assay = top ? `${top.width_m} m @ ${top.grade} ${top.unit} ${top.element}${hole}` : '';
    // Drilling still going or being planned, even unsized ('step-out drilling has commenced', 'follow-up
    // drilling is being planned'), is the next programme.
    const continuing = nextProgramme ?? live[0];
    add(
      continuing ? 'High' : 'Medium',
      continuing
        ? `assays ${assay}, ${continuing.status === 'underway' ? 'drilling continues' : 'next programme planned'}`
        : `assays ${assay}, no next programme`,
    );
  }

  // Drill news without grades ('massive sulphides intersected', pXRF readings, peak assays) is a lead, and so is a
  // sized programme just finished ('Concludes 5,000-meter Drill Program'): its assays and next phase are to come.
  if (found.length === 0 && DRILL_NEWS.test(headline)) add('Medium', 'drilling news without assays');
  const finished = facts.programmes.find((p) => p.status === 'completed' && (p.metres !== null || p.holes !== null));
  if (found.length === 0 && finished && DRILLING_DONE.test(headline))
    add('Medium', `${programmeShort(finished)} completed`);

  if (found.length === 0) {
    return HOUSEKEEPING.test(headline)
      ? { level: 'Low', reasons: ['corporate housekeeping, no project facts'], housekeeping: true }
      : null;
  }
  found.sort((a, b) => intentRank(b.level) - intentRank(a.level));
  const top = found[0]?.level ?? 'Low';
  return { level: top, reasons: [...new Set(found.map((f) => f.reason))].slice(0, 4), housekeeping: false };
}
