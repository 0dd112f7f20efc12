import {
  areaKey,
  commodityLabel,
  location,
  miningMethod,
  money,
  noDrilling,
  plannedDrilling,
  programMetres,
  projectTitle,
  sharePrice,
  spelling,
  when,
  type Ctx,
  type Draft,
  type DrillingFacts,
  titleCase,
} from './context.ts';
import { h, num, p, roundTo, ul, type Block } from './document.ts';
import { ENGINEERS, FIRST_NAMES, LAST_NAMES, MAJORS, PERMITS, ZONE_NAMES } from './vocabulary-data.ts';

function maybeDrilling(ctx: Ctx, probability: number): { text: string; facts: DrillingFacts } | undefined {
  if (!ctx.rng.chance(probability)) return undefined;
  return plannedDrilling(ctx, { withMetres: ctx.rng.chance(0.85) });
}

export function writeExplorationUpdate(ctx: Ctx): Draft {
  const { rng, project, company, profile } = ctx;
  const rock =
    Math.round(rng.logUniform(profile.intercept[0] * 2, profile.intercept[1] * 2.5, profile.decimals) * 100) / 100;
  const rockText =
    profile.unit === '%'
      ? `${num(rock, profile.decimals)}% ${profile.label}`
      : `${num(rock, profile.decimals)} ${profile.unit} ${profile.label}`;
  const length = rng.float(0.8, 6.5, 1);
  const width = rng.int(2, 12) * 50;
  const samples = rng.int(6, 60) * 50;
  const targets = rng.int(3, 12);
  const drilling = maybeDrilling(ctx, 0.7);
  const title = rng.pick([
    `${company.headline} Defines ${num(length, 1)} km ${titleCase(commodityLabel(project, 1))} Soil Anomaly at ${project.name}`,
    `${company.headline} Rock Samples Return up to ${rockText} at ${projectTitle(project)}`,
    `${company.headline} Identifies ${targets} New Drill Targets at ${project.name}`,
    `${company.headline} Provides Exploration Update for ${projectTitle(project)}`,
  ]);
  return {
    title,
    lead: `is pleased to provide an update on ${rng.pick(['summer', 'field season', 'surface', 'recent'])} exploration at its ${projectTitle(project)} in ${location(project)}.`,
    more: `Mapping and sampling have outlined a coherent ${commodityLabel(project, 1).toLowerCase()}-in-soil anomaly measuring ${num(length, 1)} km by ${num(width)} m, coincident with a ${ctx.deposit.geophysics} target.`,
    highlights: [
      `Grab samples returned up to ${rockText}, with ${rng.int(8, 40)} of ${rng.int(45, 120)} samples above ${num(profile.intercept[0], profile.decimals)}${profile.unit === '%' ? '%' : ` ${profile.unit}`} ${profile.label}`,
      `${num(samples)} soil samples collected on a ${rng.pick(['50 m x 200 m', '25 m x 100 m', '100 m x 400 m'])} grid`,
      `${num(rng.int(8, 60) * 10)} line-kilometres of ${ctx.deposit.geophysics} survey completed`,
      `${targets} drill targets now ranked for testing`,
    ],
    blocks: [
      p(
        `The anomalies sit along ${rng.pick(['a regional shear zone', 'the contact between sediments and volcanic rocks', 'a northeast-trending fault corridor', 'the margin of an intrusive complex'])} and have never been drill tested. Prospecting identified outcrop with ${ctx.deposit.host}, consistent with a ${ctx.deposit.label} system.`,
      ),
      h('Next Steps'),
      p(
        drilling?.text ??
          `Further mapping and a detailed ${ctx.deposit.geophysics} survey are planned to refine targets, and results will be released as they become available.`,
      ),
    ],
    quote: rng.pick([
      `Our field team has turned ${project.name} into a drill-ready project in a single season`,
      `This is the kind of large, coherent footprint we look for in a ${ctx.deposit.label} system`,
    ]),
    technical: true,
    facts: drilling?.facts ?? noDrilling,
  };
}

export function writePermitting(ctx: Ctx): Draft {
  const { rng, project, company } = ctx;
  const permits = PERMITS[project.country] ?? PERMITS[areaKey(project.country)] ?? PERMITS.OTHER;
  if (!permits) throw new Error('no permits');
  const sp = spelling(ctx);
  if (project.stage === 'exploration') {
    const drilling = plannedDrilling(ctx, { withMetres: rng.chance(0.8) });
    return {
      title: rng.pick([
        `${company.headline} Secures Drilling Permits for ${project.name}`,
        `${company.headline} Receives Exploration Permit for ${projectTitle(project)}`,
      ]),
      lead: `announces that it has received ${permits.explore} at its ${projectTitle(project)} in ${location(project)}.`,
      more: `The permit allows the Company to carry out the drill ${sp.program} outlined earlier this year.`,
      blocks: [
        p(
          `The approval follows consultation with ${rng.pick(['local First Nations', 'local communities', 'the regional authorities', 'traditional owners'])} and the completion of baseline environmental studies. ${drilling.text}`,
        ),
      ],
      quote: `Receiving this permit on schedule reflects the strong relationships we have built around ${project.name}`,
      technical: false,
      facts: drilling.facts,
    };
  }
  const decision = when.quarter(rng.int(1, 3));
  return {
    title: rng.pick([
      `${company.headline} Receives ${permits.developShort} for ${projectTitle(project)}`,
      `${project.name} Project Achieves Key Permitting Milestone with ${permits.developShort}`,
    ]),
    lead: `is pleased to announce ${permits.develop} for its ${projectTitle(project)} in ${location(project)}.`,
    more: `The approval is the last major permit required before a construction decision, which the Company expects to make in ${decision}.`,
    highlights: [
      `${permits.developShort} received ${rng.int(2, 9)} months after submission`,
      `Project financing discussions are advancing with ${rng.int(2, 5)} lenders`,
      `Construction decision targeted for ${decision}`,
    ],
    blocks: [
      p(
        `The permitting process included ${rng.int(12, 60)} public consultation sessions and the completion of ${rng.pick(['a comprehensive environmental and social impact assessment', 'baseline water, air and biodiversity studies', 'a cultural heritage survey and water management plan'])}. Conditions attached to the approval are consistent with the Company's plans.`,
      ),
      p(
        `Detailed engineering by ${rng.pick(ENGINEERS)} is ${rng.int(35, 80)}% complete, and orders for long-lead items such as the ${rng.pick(['ball mill', 'crushing circuit', 'process plant', 'power line'])} are being prepared.`,
      ),
    ],
    quote: `This approval de-risks ${project.name} and positions ${company.short} to move into construction`,
    technical: false,
    facts: noDrilling,
  };
}

function economics(ctx: Ctx, feasibility: boolean) {
  const { rng, profile } = ctx;
  const capex = roundTo(rng.logUniform(90, 1_600, 0), 2);
  const irr = rng.float(feasibility ? 18 : 22, feasibility ? 42 : 58, 1);
  const npv = roundTo(capex * rng.float(1.2, 3.2), 3);
  const life = rng.int(7, 24);
  const annual = roundTo(rng.float(profile.annual[0], profile.annual[1]), 2);
  const cost = rng.float(profile.cost[0], profile.cost[1], profile.cost[1] < 20 ? 2 : 0);
  const payback = rng.float(1.6, 4.8, 1);
  const discount = rng.pick([5, 8]);
  return { capex, irr, npv, life, annual, cost, payback, discount };
}

function writeStudy(ctx: Ctx, feasibility: boolean): Draft {
  const { rng, project, company, profile } = ctx;
  const intl = company.market !== 'na';
  const name = feasibility
    ? rng.pick(['Feasibility Study', 'Pre-Feasibility Study', 'Definitive Feasibility Study'])
    : intl
      ? 'Scoping Study'
      : 'Preliminary Economic Assessment';
  const short =
    name === 'Preliminary Economic Assessment'
      ? 'PEA'
      : name.replace('Definitive Feasibility Study', 'DFS').replace('Pre-Feasibility Study', 'PFS');
  const e = economics(ctx, feasibility);
  const costText = `US$${num(e.cost, e.cost < 20 ? 2 : 0)} ${profile.costUnit}`;
  const drilling = feasibility ? maybeDrilling(ctx, 0.2) : maybeDrilling(ctx, 0.55);
  const engineer = rng.pick(ENGINEERS);
  const title = rng.pick([
    `${company.headline} ${short} Outlines After-Tax NPV of US$${num(e.npv)} Million and ${num(e.irr, 1)}% IRR for ${project.name}`,
    `${company.headline} Delivers Positive ${name} for ${projectTitle(project)}`,
    `${project.name} ${short} Shows ${e.life}-Year Mine Life and ${num(e.payback, 1)}-Year Payback`,
  ]);
  const rows: [string, string][] = [
    [`After-tax NPV (${e.discount}%)`, `US$${num(e.npv)} million`],
    ['After-tax IRR', `${num(e.irr, 1)}%`],
    ['Initial capital cost', `US$${num(e.capex)} million`],
    ['Payback period', `${num(e.payback, 1)} years`],
    ['Life of mine', `${e.life} years`],
    [`Average annual production`, `${num(e.annual)} ${profile.annualUnit}`],
    ['All-in sustaining cost', costText],
    ['Mining method', ctx.deposit.mining],
    ['Price assumption', profile.price],
  ];
  const blocks: Block[] = [
    h(`Table 1: ${name} summary`),
    { kind: 'table', head: ['Parameter', 'Value'], rows },
    p(
      `The ${short} was prepared by ${engineer}, with mineral resource and mining inputs from independent consultants. It contemplates ${miningMethod(ctx.deposit)} and a ${rng.pick(['conventional flotation', 'carbon-in-leach', 'dense media separation', 'heap leach', 'gravity and flotation'])} process plant treating ${num(rng.int(4, 60) * 500)} tonnes per day.`,
    ),
  ];
  if (!feasibility) {
    blocks.push(
      p(
        `The ${short} is preliminary in nature and includes Inferred Mineral Resources that are considered too speculative geologically to have economic considerations applied to them. There is no certainty that the ${short} will be realised.`,
      ),
    );
  }
  blocks.push(
    h('Next Steps'),
    p(
      drilling?.text ??
        (feasibility
          ? `The Company will now advance project financing and permitting, targeting a construction decision in ${when.half(1)}.`
          : `The Company will commence a Pre-Feasibility Study, with metallurgical and environmental work starting in ${when.quarter(1)}.`),
    ),
  );
  return {
    title,
    lead: `is pleased to announce the results of ${name === 'Preliminary Economic Assessment' ? 'a' : 'the'} ${name} (“${short}”) for its ${projectTitle(project)} in ${location(project)}.`,
    more: `The ${short} outlines an after-tax net present value (${e.discount}% discount) of US$${num(e.npv)} million and an internal rate of return of ${num(e.irr, 1)}% on an initial capital cost of US$${num(e.capex)} million.`,
    highlights: [
      `Average production of ${num(e.annual)} ${profile.annualUnit} per year over ${[8, 11, 18].includes(e.life) ? 'an' : 'a'} ${e.life}-year mine life`,
      `All-in sustaining cost of ${costText}`,
      `Payback of ${num(e.payback, 1)} years from the start of production`,
    ],
    blocks,
    quote: rng.pick([
      `The ${short} confirms ${project.name} as a robust, long-life project with strong margins`,
      `These results put ${project.name} among the most attractive development projects of its kind`,
    ]),
    technical: true,
    facts: drilling?.facts ?? noDrilling,
  };
}

export const writePea = (ctx: Ctx): Draft => writeStudy(ctx, false);
export const writeFeasibility = (ctx: Ctx): Draft => writeStudy(ctx, true);

export function writeConstruction(ctx: Ctx): Draft {
  const { rng, project, company, profile } = ctx;
  const percent = rng.int(18, 92);
  const first = when.quarter(rng.int(1, 4));
  const committed = rng.int(45, 95);
  const grade = rng.chance(0.2) ? plannedDrilling(ctx) : undefined;
  return {
    title: rng.pick([
      `${company.headline} Construction Update: ${project.name} ${percent}% Complete, First Production on Track for ${first}`,
      `${project.name} Construction Advances on Schedule and on Budget`,
    ]),
    lead: `provides a construction update for its ${projectTitle(project)} in ${location(project)}.`,
    more: `Overall construction is ${percent}% complete, and first ${profile.product} production remains on schedule for ${first}.`,
    highlights: [
      `${committed}% of the initial capital budget committed, with no change to the forecast`,
      `${num(rng.int(250, 1400))} people on site, ${rng.int(55, 85)}% of them from local communities`,
      `${num(rng.int(1, 6) * 1_000_000)} hours worked without a lost-time injury`,
    ],
    blocks: [
      ul([
        `Process plant: ${rng.pick(['structural steel erection', 'mechanical installation', 'concrete pours'])} ${rng.int(40, 95)}% complete`,
        `Mining: pre-strip ${rng.pick(['commenced', 'well advanced', 'ahead of schedule'])}, with the mining fleet ${rng.pick(['fully commissioned', 'being assembled', 'on site'])}`,
        `Infrastructure: ${rng.pick(['power line energised', 'tailings storage facility starter embankment complete', 'water supply pipeline commissioned', 'camp expansion finished'])}`,
      ]),
      p(
        grade
          ? `${grade.text} The drilling will define grade control and early mining areas.`
          : `The Company remains fully funded to first production through its ${money(ctx, rng.int(80, 400))} financing package.`,
      ),
    ],
    quote: `The team at ${project.name} is delivering on every key milestone`,
    technical: false,
    facts: grade?.facts ?? noDrilling,
  };
}

export function writeProductionUpdate(ctx: Ctx): Draft {
  const { rng, project, company, profile } = ctx;
  const quarter = when.quarter(-1);
  const produced = roundTo((rng.float(profile.annual[0], profile.annual[1]) / 4) * rng.float(0.9, 1.1), 3);
  const cost = rng.float(profile.cost[0], profile.cost[1], profile.cost[1] < 20 ? 2 : 0);
  const head = rng.float(profile.resource[0], profile.resource[1], profile.decimals);
  const recovery = rng.float(82, 96, 1);
  // Tonnes through the mill that production, grade and recovery imply; bulk ores are sold as mined.
  const metalPerTonne =
    profile.contained === 'none' ? 1 : profile.unit === 'g/t' ? head / 31.1035 : profile.unit === '%' ? head / 100 : 1;
  const processed = roundTo(produced / (metalPerTonne * (recovery / 100)), 3);
  const mined = roundTo(processed * rng.float(1, 1.35), 3);
  const drilling = rng.chance(0.5)
    ? (() => {
        const metres = programMetres(ctx, 8_000, 60_000);
        const timeline = rng.pick([`in ${when.year(0)}`, `through ${when.quarter(2)}`, `over the next twelve months`]);
        return {
          text: `Near-mine exploration continues with ${rng.int(2, 6)} rigs, and ${num(metres)} metres of drilling is planned ${timeline} to extend the ${rng.pick(ZONE_NAMES)} Zone.`,
          facts: { drillingPlanned: true, drillingMeters: metres, drillingTimeline: timeline },
        };
      })()
    : undefined;
  const units = titleCase(profile.annualUnit.replace(/ in concentrate| \(.*\)/, ''));
  return {
    title: rng.pick([
      `${company.headline} Reports ${quarter} Production of ${num(produced)} ${units}`,
      `${company.headline} Delivers Record Quarter at ${project.name}`,
      `${company.headline} ${quarter} Operating Results; Guidance Reaffirmed`,
    ]),
    lead: `reports operating results for ${quarter} from its ${project.name} operation in ${location(project)}.`,
    more: `The operation produced ${num(produced)} ${profile.annualUnit} at an all-in sustaining cost of US$${num(cost, cost < 20 ? 2 : 0)} ${profile.costUnit}.`,
    blocks: [
      {
        kind: 'table',
        head: ['Operating metric', quarter],
        rows: [
          ['Ore mined (t)', num(mined)],
          ['Ore processed (t)', num(processed)],
          [
            'Head grade',
            `${num(head, profile.decimals)}${profile.unit === '%' ? '%' : ` ${profile.unit}`} ${profile.label}`,
          ],
          ['Recovery', `${num(recovery, 1)}%`],
          ['Production', `${num(produced)} ${profile.annualUnit}`],
          ['AISC', `US$${num(cost, cost < 20 ? 2 : 0)} ${profile.costUnit}`],
        ],
      },
      p(
        `Full-year guidance is reaffirmed. Cash and equivalents at quarter end were ${money(ctx, rng.int(20, 300))}, with ${rng.pick(['no debt', 'debt reduced by a further ' + money(ctx, rng.int(5, 40)), 'the revolving facility undrawn'])}.`,
      ),
      p(
        drilling?.text ??
          `Mill throughput improvements commissioned during the quarter are expected to lift recoveries in the second half.`,
      ),
    ],
    quote: `A safe, steady quarter at ${project.name}, and we remain on track to meet guidance`,
    technical: false,
    facts: drilling?.facts ?? noDrilling,
  };
}

export function writeManagementChange(ctx: Ctx): Draft {
  const { rng, project, company } = ctx;
  const first = rng.pick(FIRST_NAMES);
  const last = rng.pick(LAST_NAMES);
  const role = rng.pick([
    'Chief Operating Officer',
    'Vice President, Sustainability',
    'Independent Non-Executive Director',
    'Vice President, Project Development',
    `General Manager, ${project.name}`,
    'Country Manager',
  ]);
  const years = rng.int(12, 32);
  const options = rng.int(2, 12) * 100_000;
  return {
    title: rng.pick([
      `${company.headline} Appoints ${first} ${last} as ${role}`,
      `${company.headline} Strengthens Team with Appointment of ${role}`,
    ]),
    lead: `is pleased to announce the appointment of ${first} ${last} as ${role}, effective ${when.date(rng.int(1, 30))}.`,
    more: `${first} brings ${years} years of experience in ${rng.pick(['mine development and operations', 'exploration and resource definition', 'project finance and corporate development', 'environmental and community relations'])}.`,
    blocks: [
      p(
        `${first} ${last} most recently served as ${rng.pick(['Director of Operations', 'Head of Projects', 'General Manager', 'Vice President, Technical Services'])} at ${rng.pick(MAJORS)}, where ${rng.pick(['they led the construction and ramp-up of a 20,000 tonne-per-day operation', 'they oversaw a portfolio of development projects in four countries', 'they built and led the sustainability function'])}. ${first} holds ${rng.pick(['a B.Sc. in Geology', 'a B.Eng. in Mining Engineering', 'an MBA', 'a Ph.D. in Economic Geology'])}.`,
      ),
      p(
        `In connection with the appointment, the Company has granted ${num(options)} stock options exercisable at ${sharePrice(ctx, rng.float(0.08, 3.5, 2))} for five years, subject to the policies of the exchange.`,
      ),
    ],
    quote: `${first}'s experience is exactly what we need as we advance ${project.name}`,
    technical: false,
    facts: noDrilling,
  };
}

export function writeCorporateUpdate(ctx: Ctx): Draft {
  const { rng, project, company } = ctx;
  const sp = spelling(ctx);
  const drilling = maybeDrilling(ctx, 0.6);
  const cash = money(ctx, rng.float(2, 60, 1));
  const items = [
    `Cash and equivalents of ${cash}, with no debt`,
    drilling
      ? `Drilling: ${drilling.text.replace(/\.$/, '')}`
      : `Results from the completed ${sp.program} at ${project.name} expected in ${when.quarter(1)}`,
    `Metallurgical test work at ${project.name} ${rng.pick(['under way', 'nearing completion', 'commencing'])}`,
    `${rng.pick(['Community agreement negotiations advancing', 'Environmental baseline studies in their second year', 'Claims package expanded by ' + num(rng.int(20, 300) * 10) + ' hectares'])}`,
  ];
  return {
    title: rng.pick([
      `${company.headline} Provides Corporate Update and Outlook`,
      `${company.headline} Outlines Catalysts for the Year Ahead at ${project.name}`,
      `${company.headline} Reports Results of Annual General Meeting and Provides Update`,
    ]),
    lead: `provides a corporate update and outlines its plans for its ${projectTitle(project)} in ${location(project)}.`,
    more: `The Company is funded for its planned work ${sp.program} with ${cash} in cash.`,
    blocks: [h('Upcoming catalysts'), ul(items)],
    quote: rng.pick([
      `We have the funding, the team and the targets to make this a transformational year`,
      `Our focus remains on disciplined exploration and building value per share`,
    ]),
    technical: false,
    facts: drilling?.facts ?? noDrilling,
  };
}
