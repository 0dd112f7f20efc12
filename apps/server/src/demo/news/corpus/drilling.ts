import {
  byProducts,
  commodityLabel,
  countryName,
  drillContractor,
  drillTimeline,
  grade,
  holePrefix,
  location,
  money,
  noDrilling,
  possessive,
  plannedDrilling,
  programMetres,
  projectTitle,
  regionName,
  spelling,
  when,
  type Ctx,
  type Draft,
  type DrillingFacts,
  titleCase,
} from './context.ts';
import { h, num, p, ul, type Block } from './document.ts';
import type { GradeProfile } from './grades-data.ts';
import { DRILL_CONTRACTORS, LABS, ZONE_NAMES } from './vocabulary-data.ts';

interface Interval {
  from: number;
  length: number;
  grades: number[];
}

interface HoleResult {
  hole: string;
  interval?: Interval;
  including?: Interval;
}

const cap = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function gradesOf(ctx: Ctx): { profile: GradeProfile; byProduct: boolean }[] {
  return [
    { profile: ctx.profile, byProduct: false },
    ...byProducts(ctx).map((b) => ({ profile: b.profile, byProduct: true })),
  ];
}

function intervalText(ctx: Ctx, interval: Interval): string {
  const profiles = gradesOf(ctx);
  const parts = interval.grades.map((g, i) => {
    const profile = profiles[i]?.profile ?? ctx.profile;
    return grade(profile, g);
  });
  const grades = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1) ?? ''}` : (parts[0] ?? '');
  return `${num(interval.length, 1)} m grading ${grades} from ${num(interval.from, 1)} m`;
}

/** 'TL-{{yy:0}}-014: 42.5 m grading 3.20 g/t Au from 118.0 m, including 8.0 m grading 11.40 g/t Au from 124.0 m'. */
export function interceptText(ctx: Ctx, result: HoleResult, withHole = true): string {
  if (!result.interval) return `${result.hole}: no significant intercept`;
  const main = intervalText(ctx, result.interval);
  const inc = result.including ? `, including ${intervalText(ctx, result.including)}` : '';
  return withHole ? `${result.hole}: ${main}${inc}` : `${main}${inc}`;
}

function drillHoles(ctx: Ctx, count: number): HoleResult[] {
  const { rng, profile, deposit, company } = ctx;
  const prefix = holePrefix(ctx.project);
  const rc = /RC|aircore|rotary/i.test(deposit.drill);
  let number = rng.int(4, 180);
  const profiles = gradesOf(ctx);
  const canInclude = profile.intercept[1] / profile.intercept[0] > 4;
  return Array.from({ length: count }, (_, i) => {
    number += rng.int(1, 3);
    const n = String(number).padStart(3, '0');
    const hole = company.market === 'au' ? `${prefix}${rc ? 'RC' : 'DD'}${n}` : `${prefix}-${when.yy(0)}-${n}`;
    if (i > 1 && rng.chance(0.15)) return { hole };
    const length = rng.logUniform(profile.width[0], profile.width[1], rc ? 0 : 1);
    const from = Math.max(0, rng.float(deposit.depth[0], deposit.depth[1], rc ? 0 : 1));
    const grades = profiles.map(({ profile: pr, byProduct }) => {
      const [lo, hi] = byProduct && pr.byProduct ? pr.byProduct : [pr.intercept[0], pr.intercept[1] / 1.6];
      return rng.logUniform(lo, hi, pr.decimals);
    });
    const interval = { from, length: Math.max(length, 0.5), grades };
    if (!canInclude || length < 4 || rng.chance(0.4)) return { hole, interval };
    const incLength = Math.max(0.5, Math.round(length * rng.float(0.1, 0.4) * 10) / 10);
    const incFrom = Math.round((from + rng.float(0, length - incLength)) * 10) / 10;
    const incGrades = grades.map((g, k) => {
      const pr = profiles[k]?.profile ?? profile;
      return Math.round(g * rng.float(1.8, 4) * 10 ** pr.decimals) / 10 ** pr.decimals;
    });
    return { hole, interval, including: { from: incFrom, length: incLength, grades: incGrades } };
  });
}

function resultsTable(ctx: Ctx, holes: readonly HoleResult[]): Block {
  const profiles = gradesOf(ctx);
  const head = [
    'Hole ID',
    'From (m)',
    'To (m)',
    'Length (m)',
    ...profiles.map(({ profile }) => `${profile.label} (${profile.unit})`),
  ];
  const row = (hole: string, interval: Interval) => [
    hole,
    num(interval.from, 1),
    num(interval.from + interval.length, 1),
    num(interval.length, 1),
    ...interval.grades.map((g, i) => num(g, profiles[i]?.profile.decimals ?? 2)),
  ];
  const rows = holes.flatMap((result) => {
    if (!result.interval) return [[result.hole, 'NSI', '', '', ...profiles.map(() => '')]];
    const main = row(result.hole, result.interval);
    return result.including ? [main, row('  including', result.including)] : [main];
  });
  const rc = /RC|aircore|rotary/i.test(ctx.deposit.drill);
  return {
    kind: 'table',
    head,
    rows,
    note: rc
      ? 'Intervals are down-hole lengths; true widths are not yet known. NSI = no significant intercept.'
      : `Intervals are down-hole core lengths; true widths are estimated at ${ctx.rng.int(60, 75)}% to ${ctx.rng.int(80, 95)}% of reported lengths. NSI = no significant intercept.`,
  };
}

function labCity(ctx: Ctx): string {
  const byCountry: Record<string, string> = {
    CA:
      ctx.project.state === 'QC'
        ? 'Val-d’Or, Quebec'
        : ctx.project.state === 'BC' || ctx.project.state === 'YT'
          ? 'Whitehorse, Yukon'
          : 'Timmins, Ontario',
    US: 'Reno, Nevada',
    AU: ctx.rng.pick(['Perth', 'Kalgoorlie', 'Adelaide']),
    ZA: 'Johannesburg',
    GH: 'Tarkwa',
  };
  return (
    byCountry[ctx.project.country] ?? ctx.rng.pick(['Lima, Peru', 'Johannesburg, South Africa', 'Vancouver, Canada'])
  );
}

export function qaqc(ctx: Ctx): Block[] {
  const { rng, profile } = ctx;
  const method =
    profile.label === 'Au' || profile.label === '3E'
      ? `${profile.label === 'Au' ? 'Gold was' : 'Platinum, palladium and gold were'} determined by ${rng.pick(['30 g', '50 g'])} fire assay with an atomic absorption finish, with over-limit results re-assayed by gravimetric finish`
      : profile.label === 'Li2O' || profile.label === 'Li'
        ? 'Samples were analysed for lithium and a 48-element suite by sodium peroxide fusion with ICP-OES and ICP-MS finish'
        : profile.label === 'U3O8'
          ? 'Uranium was determined by ICP-OES following total digestion, with high-grade samples re-analysed as U3O8 by the fusion-ICP method'
          : `Samples were analysed by four-acid digestion with ICP-OES finish, with over-limit ${profile.label} re-assayed by ore-grade methods`;
  const core = /RC|aircore|rotary/i.test(ctx.deposit.drill)
    ? 'RC chips were collected at one-metre intervals using a cone splitter'
    : 'Drill core was logged, photographed and cut in half, with one half retained for reference';
  return [
    h('Quality Assurance and Quality Control'),
    p(
      `${core}. Samples were shipped to ${rng.pick(LABS)} in ${labCity(ctx)}, an ISO/IEC 17025 accredited laboratory. ${method}. Certified reference materials, blanks and field duplicates were inserted at a rate of one in every ${rng.pick([15, 20, 25])} samples, and no material issues were identified.`,
    ),
  ];
}

function phase(ctx: Ctx): string {
  return ctx.rng.pick(['Phase 2', 'Phase 3', 'maiden', 'step-out', 'resource expansion', 'infill', 'follow-up']);
}

/** How a results release ends: more drilling under way, a follow-up planned, or nothing yet. */
function nextSteps(ctx: Ctx, pending: number): { text: string; facts: DrillingFacts } {
  const { rng } = ctx;
  const roll = rng.next();
  if (roll < 0.4) {
    const rigs = rng.int(2, 4);
    const metres = programMetres(ctx, 3_000, 20_000);
    const timeline = rng.pick([
      `through ${when.quarter(1)}`,
      `through the end of ${when.quarter(1)}`,
      `until ${when.monthYear(3)}`,
    ]);
    return {
      text: `Drilling is continuing with ${rigs} rigs, and a further ${num(metres)} metres is planned ${timeline}. Assays are pending for ${pending} holes.`,
      facts: { drillingPlanned: true, drillingMeters: metres, drillingTimeline: timeline },
    };
  }
  if (roll < 0.65) {
    const plan = plannedDrilling(ctx);
    return {
      text: `Following these results, ${plan.text.charAt(0).toLowerCase()}${plan.text.slice(1)}`,
      facts: plan.facts,
    };
  }
  return {
    text: `Assays for the remaining ${pending} holes of the ${spelling(ctx).program} are pending and will be released once received and validated.`,
    facts: noDrilling,
  };
}

function results(ctx: Ctx, assay: boolean): Draft {
  const { rng, project, profile } = ctx;
  const sp = spelling(ctx);
  const count = rng.int(4, 9);
  const holes = drillHoles(ctx, count);
  const hits = holes.filter((h): h is HoleResult & { interval: Interval } => h.interval !== undefined);
  const best = [...hits].sort(
    (a, b) => (b.interval.grades[0] ?? 0) * b.interval.length - (a.interval.grades[0] ?? 0) * a.interval.length,
  )[0];
  if (!best) throw new Error('no intercepts');
  const metres = Math.round(holes.length * rng.float(120, 420));
  const zone = rng.pick(ZONE_NAMES);
  const bestGrade = grade(profile, best.interval.grades[0] ?? 0);
  const len = num(best.interval.length, 1);
  const extension = rng.int(5, 40) * 10;
  const direction = rng.pick(['down-plunge', 'along strike to the north', 'along strike to the southwest', 'at depth']);
  const mineral = `${commodityLabel(project, 1).toLowerCase()} ${sp.mineralization}`;
  const title = assay
    ? rng.pick([
        `${ctx.company.headline} Receives Assays of ${len} m at ${bestGrade} from ${project.name}`,
        `Assays Confirm ${commodityLabel(project, 1)} ${titleCase(spelling(ctx).mineralization)} at ${possessive(ctx.company.headline)} ${project.name} Project`,
        `${ctx.company.headline} Assays Return ${len} m Grading ${bestGrade} at ${zone} Zone, ${project.name}`,
      ])
    : rng.pick([
        `${ctx.company.headline} Intersects ${len} m of ${bestGrade} at ${project.name}`,
        `${ctx.company.headline} Drills ${len} m Grading ${bestGrade} at ${projectTitle(project)}`,
        `${ctx.company.headline} Extends ${zone} Zone ${extension} m ${titleCase(direction.replace(/ to the .*/, ''))} with ${len} m of ${bestGrade}`,
        `${ctx.company.headline} Reports ${len} m at ${bestGrade} in Step-Out Drilling at ${project.name}`,
        `${ctx.company.headline} Hits Broad Zone of ${titleCase(mineral)} at ${project.name}: ${len} m at ${bestGrade}`,
      ]);
  const lead = assay
    ? rng.pick([
        `has received assay results for ${count} holes (${num(metres)} metres) from its ${phase(ctx)} drill ${sp.program} at the ${projectTitle(project)} in ${location(project)}.`,
        `reports assay results from ${count} ${ctx.deposit.drill} holes completed at the ${zone} Zone of its ${projectTitle(project)}, ${regionName(project)}, ${countryName(project.country)}.`,
      ])
    : rng.pick([
        `is pleased to report assay results from ${count} ${ctx.deposit.drill} drill holes totalling ${num(metres)} metres at its ${projectTitle(project)} (the “Project”), located in ${location(project)}.`,
        `announces results from the first ${count} holes of its ${phase(ctx)} ${ctx.deposit.drill} drill ${sp.program} at the ${projectTitle(project)} in ${location(project)}.`,
        `reports further intercepts from step-out drilling at the ${zone} Zone of its ${projectTitle(project)}, ${regionName(project)}, ${countryName(project.country)}.`,
      ]);
  const more = `Hole ${interceptText(ctx, best).replace(': ', ' returned ')}.`;
  const highlights = hits
    .slice()
    .sort((a, b) => (b.interval.grades[0] ?? 0) - (a.interval.grades[0] ?? 0))
    .slice(0, rng.int(2, 4))
    .map((hole) => interceptText(ctx, hole));
  const next = nextSteps(ctx, rng.int(3, 14));
  const blocks: Block[] = [
    p(
      `${cap(sp.mineralization)} is hosted in ${ctx.deposit.host}. ${rng.pick([
        `Hole ${best.hole} extended the ${zone} Zone approximately ${extension} metres ${direction} of previous drilling, and ${sp.mineralization} remains open.`,
        `The results confirm continuity of ${mineral} over a strike length of ${num(rng.int(3, 25) * 100)} metres and to a vertical depth of ${num(rng.int(15, 70) * 10)} metres.`,
        `The ${zone} Zone has now been traced over ${num(rng.int(4, 30) * 100)} metres of strike and remains open in all directions.`,
      ])}`,
    ),
    h(`Table 1: ${assay ? 'Assay results' : 'Significant drill intercepts'}, ${project.name}`),
    resultsTable(ctx, holes),
    h('Next Steps'),
    p(next.text),
    ...qaqc(ctx),
  ];
  return {
    title,
    lead,
    more,
    highlights,
    blocks,
    quote: rng.pick([
      `These are some of the best holes drilled on the Project to date, and they show that the ${zone} Zone continues to grow`,
      `The continuity of ${mineral} between sections gives us real confidence heading into the next resource update`,
      `Every step-out hole in this batch hit ${sp.mineralization}, which tells us the system is larger than we modelled`,
      `We are seeing grades and widths that support a robust ${ctx.deposit.mining} scenario`,
    ]),
    technical: true,
    facts: next.facts,
  };
}

export const writeDrillResults = (ctx: Ctx): Draft => results(ctx, false);
export const writeAssayResults = (ctx: Ctx): Draft => results(ctx, true);

function targets(ctx: Ctx): string[] {
  const { rng } = ctx;
  const sp = spelling(ctx);
  const zones = rng.pickSome(ZONE_NAMES, 3);
  return rng.pickSome(
    [
      `Step-out drilling along the ${zones[0] ?? 'Main'} trend, where ${sp.mineralization} remains open`,
      `Testing ${ctx.deposit.geophysics} anomalies identified by the recent survey`,
      `Infill drilling to upgrade Inferred resources at the ${zones[1] ?? 'North'} Zone to the Indicated category`,
      `First-pass drilling of ${rng.int(3, 9)} untested targets defined by soil geochemistry`,
      `Deep holes beneath the ${zones[2] ?? 'South'} Zone to test the down-plunge extension`,
      `Metallurgical and geotechnical holes to support the next economic study`,
    ],
    rng.int(3, 4),
  );
}

export function writeDrillProgram(ctx: Ctx): Draft {
  const { rng, project, company } = ctx;
  const sp = spelling(ctx);
  const metres = programMetres(ctx, 3_000, 40_000);
  const timeline = drillTimeline(ctx);
  const holes = Math.max(6, Math.round(metres / rng.int(180, 450)));
  const rigs = rng.int(1, 4);
  const contractor = drillContractor(ctx, DRILL_CONTRACTORS);
  const ph = phase(ctx);
  const title = rng.pick([
    `${company.headline} Announces ${num(metres)}-Metre ${titleCase(ph)} Drill ${titleCase(sp.program)} at ${project.name}`,
    `${company.headline} Plans Fully Funded ${num(metres)} m Drilling Campaign at ${projectTitle(project)}`,
    `${company.headline} to Mobilise Rigs to ${project.name} for ${num(metres)}-Metre ${titleCase(sp.program)}`,
    `${company.headline} Finalises Targets for ${num(metres)} m Drill ${titleCase(sp.program)} at ${project.name}`,
  ]);
  const target = targets(ctx);
  return {
    title,
    lead: `is pleased to announce a ${num(metres)}-metre ${ctx.deposit.drill} drilling ${sp.program} at its ${projectTitle(project)} in ${location(project)}, ${timeline}.`,
    more: `The ${ph} ${sp.program} will comprise approximately ${holes} holes and is fully funded from the Company's treasury of ${money(ctx, rng.float(3, 40, 1))}.`,
    highlights: [
      `${num(metres)} metres of ${ctx.deposit.drill} drilling in about ${holes} holes, ${timeline}`,
      `${rigs === 1 ? 'One rig' : `${rigs} rigs`} contracted from ${contractor}`,
      `Targets ranked using ${ctx.deposit.geophysics} data and historical drilling`,
      `First assays expected in ${when.quarter(2)}`,
    ],
    blocks: [
      p(`The ${sp.program} is designed around the following priorities:`),
      ul(target),
      p(
        rng.pick([
          `All permits required for the ${sp.program} are in place, and the camp has been expanded to accommodate up to ${rng.int(25, 70)} people.`,
          `Access roads and drill pads have been prepared, and the Company has secured accommodation for the drilling crews in ${rng.pick(['the nearby town', 'a local community', 'the existing camp'])}.`,
          `The Company has engaged with local communities and holds all approvals needed for the ${sp.program}.`,
        ]),
      ),
    ],
    quote: rng.pick([
      `This is the largest ${sp.program} in the Project's history and it is fully funded`,
      `We have never had a stronger set of targets at ${project.name}`,
      `With rigs secured and permits in hand, we expect steady news flow through the year`,
    ]),
    technical: true,
    facts: { drillingPlanned: true, drillingMeters: metres, drillingTimeline: timeline },
  };
}

export function writeDrillingCommenced(ctx: Ctx): Draft {
  const { rng, project, company } = ctx;
  const sp = spelling(ctx);
  const metres = programMetres(ctx, 2_000, 25_000);
  const holes = Math.max(5, Math.round(metres / rng.int(150, 400)));
  const completion = rng.pick([
    `by the end of ${when.quarter(1)}`,
    `in ${when.monthYear(3)}`,
    `within ${rng.int(10, 20)} weeks`,
  ]);
  const contractor = drillContractor(ctx, DRILL_CONTRACTORS);
  const ph = phase(ctx);
  return {
    title: rng.pick([
      `${company.headline} Commences Drilling at ${projectTitle(project)}`,
      `Drilling Under Way at ${possessive(company.headline)} ${project.name} Project`,
      `${company.headline} Begins ${num(metres)}-Metre ${titleCase(ph)} Drill ${titleCase(sp.program)} at ${project.name}`,
    ]),
    lead: `is pleased to announce that ${ctx.deposit.drill} drilling has commenced at its ${projectTitle(project)} in ${location(project)}.`,
    more: `The ${ph} ${sp.program} will comprise approximately ${num(metres)} metres in ${holes} holes and is expected to be completed ${completion}.`,
    blocks: [
      p(
        `${contractor} is operating ${rng.pick(['one rig', 'two rigs', 'three rigs'])} on a double-shift basis. Initial holes are focused on ${rng.pick(targets(ctx)).toLowerCase()}.`,
      ),
      p(
        `Core will be logged and sampled on site, with samples dispatched in batches to ${rng.pick(LABS)}. The Company expects to report first results in ${when.monthYear(2)}.`,
      ),
    ],
    quote: rng.pick([
      `Getting the rigs turning at ${project.name} is an important milestone for ${company.short}`,
      `The team has done an excellent job preparing the site, and drilling started on schedule`,
    ]),
    technical: false,
    facts: { drillingPlanned: true, drillingMeters: metres, drillingTimeline: completion },
  };
}

export function writeDrillingCompleted(ctx: Ctx): Draft {
  const { rng, project, company, profile } = ctx;
  const sp = spelling(ctx);
  const done = Math.round(rng.logUniform(1_500, 22_000, 0) / 10) * 10;
  const holes = Math.max(4, Math.round(done / rng.int(150, 400)));
  const sulphide = ['Cu', 'Zn', 'Pb', 'Ni', 'Co', '3E', 'Ag', 'Sb'].includes(profile.label);
  const observation =
    profile.label === 'Au'
      ? `Visible gold was logged in ${rng.int(2, 7)} holes`
      : profile.label === 'Li2O'
        ? `Spodumene-bearing pegmatite intervals of up to ${rng.int(12, 60)} metres were logged`
        : profile.label === 'U3O8'
          ? `Radioactivity of up to ${num(rng.int(3, 60) * 1000)} counts per second was recorded on handheld spectrometers`
          : sulphide
            ? `Intervals of semi-massive to massive sulphide were logged in ${rng.int(2, 8)} holes`
            : `Visually ${sp.mineralized} intervals of up to ${rng.int(8, 70)} metres were logged in ${rng.int(3, 12)} holes`;
  const follow = rng.chance(0.5) ? plannedDrilling(ctx) : undefined;
  const ph = phase(ctx);
  return {
    title: rng.pick([
      `${company.headline} Completes ${num(done)}-Metre Drill ${titleCase(sp.program)} at ${project.name}`,
      `${company.headline} Wraps Up ${titleCase(ph)} Drilling at ${projectTitle(project)}; Assays Pending`,
    ]),
    lead: `has completed its ${ph} ${ctx.deposit.drill} drill ${sp.program} at the ${projectTitle(project)} in ${location(project)}, totalling ${num(done)} metres in ${holes} holes.`,
    more: `${observation}, and all samples have been submitted for analysis, with results expected in ${when.monthYear(2)}.`,
    blocks: [
      p(
        `The ${sp.program} tested ${commodityLabel(project, 1).toLowerCase()} targets defined by ${ctx.deposit.geophysics} surveys and mapping. ${cap(sp.mineralization)} was intersected in ${rng.int(60, 95)}% of holes, hosted in ${ctx.deposit.host}.`,
      ),
      p(
        follow
          ? follow.text
          : `The Company will integrate the assay results into its geological model before deciding on the next phase of work.`,
      ),
    ],
    quote: rng.pick([
      `We completed the ${sp.program} safely, on time and under budget`,
      `What we saw in the core gives us a lot to look forward to as assays come in`,
    ]),
    technical: false,
    facts: follow?.facts ?? noDrilling,
  };
}
