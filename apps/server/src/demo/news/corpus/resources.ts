import {
  codeName,
  contained,
  grade,
  location,
  miningMethod,
  noDrilling,
  plannedDrilling,
  projectTitle,
  spelling,
  when,
  type Ctx,
  type Draft,
} from './context.ts';
import { h, num, p, ul, type Block } from './document.ts';
import { CONSULTANTS } from './vocabulary-data.ts';

/** The reporting code a company's exchange expects. */
export function reportingCode(ctx: Ctx): { code: string; resource: string; reserve: string; proven: string } {
  switch (ctx.company.market) {
    case 'au':
    case 'uk':
      return { code: 'JORC Code (2012)', resource: 'Mineral Resource', reserve: 'Ore Reserve', proven: 'Proved' };
    case 'za':
      return { code: 'SAMREC Code (2016)', resource: 'Mineral Resource', reserve: 'Mineral Reserve', proven: 'Proved' };
    case 'na':
      return ctx.company.exchange === 'NYSE American'
        ? { code: 'S-K 1300', resource: 'Mineral Resource', reserve: 'Mineral Reserve', proven: 'Proven' }
        : { code: 'NI 43-101', resource: 'Mineral Resource', reserve: 'Mineral Reserve', proven: 'Proven' };
  }
}

interface Category {
  name: string;
  tonnes: number;
  grade: number;
}

function estimate(ctx: Ctx, names: readonly string[], scale = 1): Category[] {
  const { rng, profile } = ctx;
  const total = rng.logUniform(profile.tonnage[0], profile.tonnage[1], 1) * scale;
  const base = rng.float(profile.resource[0], profile.resource[1], profile.decimals + 1);
  const weights = names.map(() => rng.float(0.5, 1.5));
  const sum = weights.reduce((a, b) => a + b, 0);
  return names.map((name, i) => ({
    name,
    tonnes: Math.max(0.1, Math.round(((total * (weights[i] ?? 1)) / sum) * 10) / 10),
    grade:
      Math.round(
        Math.min(base * (1.1 - i * 0.06) * rng.float(0.93, 1.07), profile.resource[1] * 1.05) * 10 ** profile.decimals,
      ) /
      10 ** profile.decimals,
  }));
}

function combine(name: string, parts: readonly Category[]): Category {
  const tonnes = parts.reduce((a, c) => a + c.tonnes, 0);
  const metal = parts.reduce((a, c) => a + c.tonnes * c.grade, 0);
  return { name, tonnes: Math.round(tonnes * 10) / 10, grade: tonnes > 0 ? metal / tonnes : 0 };
}

function table(ctx: Ctx, rows: readonly Category[], note: string): Block {
  const { profile } = ctx;
  const withMetal = profile.contained !== 'none';
  const volume = profile.unit === 'mg/L';
  return {
    kind: 'table',
    head: [
      'Category',
      volume ? 'Brine volume (Mm³)' : 'Tonnes (Mt)',
      `Grade (${profile.unit === '%' ? `% ${profile.label}` : `${profile.unit} ${profile.label}`})`,
      ...(withMetal ? ['Contained'] : []),
    ],
    rows: rows.map((row) => [
      row.name,
      num(row.tonnes, 1),
      num(row.grade, profile.decimals),
      ...(withMetal ? [contained(profile, row.tonnes, row.grade)] : []),
    ]),
    note,
  };
}

/** 'X Moz Au' where metal is counted, else '412.0 Mt at 31.2% Fe'. */
function headline(ctx: Ctx, row: Category): string {
  return ctx.profile.contained === 'none'
    ? `${num(row.tonnes, 1)} Mt at ${grade(ctx.profile, row.grade)}`
    : contained(ctx.profile, row.tonnes, row.grade);
}

function cutoff(ctx: Ctx): string {
  const { profile, rng } = ctx;
  const value = profile.resource[0] * rng.float(0.3, 0.6);
  return grade(profile, Math.round(value * 10 ** profile.decimals) / 10 ** profile.decimals || value);
}

function nextStep(ctx: Ctx) {
  const { rng } = ctx;
  if (rng.chance(0.55)) {
    const plan = plannedDrilling(ctx);
    return {
      text: `${plan.text} The drilling is aimed at converting Inferred resources and testing extensions.`,
      facts: plan.facts,
    };
  }
  return {
    text: rng.pick([
      `The estimate will form the basis of a Preliminary Economic Assessment, expected in ${when.quarter(2)}.`,
      `Metallurgical test work is under way to support a Pre-Feasibility Study targeted for ${when.half(1)}.`,
      `The Company will now update its mine plan and life-of-mine schedule.`,
    ]),
    facts: noDrilling,
  };
}

export function writeResource(ctx: Ctx): Draft {
  const { rng, project, company, type } = ctx;
  const rc = reportingCode(ctx);
  const sp = spelling(ctx);
  const consultant = rng.pick(CONSULTANTS);
  const reserve = type === 'reserve-estimate';
  const maiden = type === 'maiden-resource' || (type === 'mineral-resource-estimate' && rng.chance(0.3));
  const names = reserve
    ? [rc.proven, 'Probable']
    : maiden
      ? rng.pick([['Indicated', 'Inferred'], ['Inferred']])
      : ['Measured', 'Indicated', 'Inferred'];
  const rows = estimate(ctx, names, reserve ? 0.6 : 1);
  const known = rows.filter((r) => r.name !== 'Inferred');
  const summary: Category[] = reserve
    ? [...rows, combine(`Total ${rc.proven} + Probable`, rows)]
    : known.length > 1
      ? [
          ...known,
          combine(`Total ${known.map((r) => r.name.charAt(0)).join(' + ')}`, known),
          ...rows.slice(known.length),
        ]
      : rows;
  const total = combine('Total', rows);
  const big = headline(ctx, total);
  const pct = rng.int(18, 140);
  const what = reserve ? rc.reserve : rc.resource;
  const effective = when.date(-rng.int(7, 45));
  const title = reserve
    ? rng.pick([
        `${company.headline} Declares Maiden ${rc.reserve} of ${big} at ${project.name}`,
        `${company.headline} Updates ${rc.reserve}s at ${project.name}, Supporting a ${rng.int(8, 22)}-Year Mine Life`,
      ])
    : maiden
      ? rng.pick([
          `${company.headline} Announces Maiden ${rc.resource} of ${big} at ${project.name}`,
          `Maiden ${codeName(rc.code)} Resource at ${project.name}: ${num(total.tonnes, 1)} Mt at ${grade(ctx.profile, total.grade)}`,
        ])
      : type === 'resource-update'
        ? rng.pick([
            `${company.headline} Increases ${project.name} Resource by ${pct}% to ${big}`,
            `Updated Mineral Resource Estimate for ${projectTitle(project)} Grows Indicated Resources ${pct}%`,
          ])
        : rng.pick([
            `${company.headline} Reports ${num(total.tonnes, 1)} Mt Mineral Resource at ${projectTitle(project)}`,
            `${company.headline} Files ${rc.code} Mineral Resource Estimate for ${project.name}`,
          ]);
  const lead = reserve
    ? `is pleased to announce ${maiden ? 'a maiden' : 'an updated'} ${rc.reserve} estimate for its ${projectTitle(project)} in ${location(project)}, prepared in accordance with ${rc.code.startsWith('NI') || rc.code.startsWith('S-K') ? rc.code : `the ${rc.code}`}.`
    : `is pleased to announce ${maiden ? 'a maiden' : type === 'resource-update' ? 'an updated' : 'a'} ${rc.resource} Estimate (“MRE”) for its ${projectTitle(project)} in ${location(project)}, prepared by ${consultant} in accordance with ${rc.code.startsWith('NI') || rc.code.startsWith('S-K') ? rc.code : `the ${rc.code}`}.`;
  const next = nextStep(ctx);
  const highlights = [
    ...summary
      .filter((r) => r.name.startsWith('Total') || r.name === 'Inferred' || summary.length <= 2)
      .map(
        (r) =>
          `${r.name}: ${num(r.tonnes, 1)} Mt at ${grade(ctx.profile, r.grade)}${ctx.profile.contained === 'none' ? '' : ` for ${contained(ctx.profile, r.tonnes, r.grade)}`}`,
      ),
    ...(type === 'resource-update'
      ? [`A ${pct}% increase in contained ${ctx.profile.product} compared with the previous estimate`]
      : []),
    `Reported at a cut-off grade of ${cutoff(ctx)}${reserve ? '' : `, constrained within ${/underground/.test(ctx.deposit.mining) ? 'mineable stope shapes' : /pit|dry/.test(ctx.deposit.mining) ? 'an optimised pit shell' : 'the modelled extraction domains'}`}`,
  ];
  const blocks: Block[] = [
    h(`Table 1: ${project.name} ${what} Estimate (effective ${effective})`),
    table(
      ctx,
      summary,
      reserve
        ? `${rc.reserve}s are reported using ${ctx.profile.price}. Totals may not add due to rounding.`
        : `${rc.resource}s that are not ${rc.reserve}s do not have demonstrated economic viability. Totals may not add due to rounding.`,
    ),
    p(
      `The estimate is based on ${num(rng.int(80, 900))} drill holes totalling ${num(rng.int(20, 300) * 1000)} metres. ${ctx.profile.label} grades were interpolated by ${rng.pick(['ordinary kriging', 'inverse distance squared', 'multiple indicator kriging'])} into a block model with ${rng.pick(['5 m x 5 m x 5 m', '10 m x 10 m x 5 m', '20 m x 20 m x 10 m'])} parent blocks, constrained by wireframes of the ${sp.mineralized} domains.`,
    ),
    ul([
      `Density values were assigned from ${num(rng.int(400, 6000))} measurements on drill core`,
      `High-grade outliers were capped by domain following statistical analysis`,
      `${reserve ? 'Modifying factors include' : 'Reasonable prospects for eventual economic extraction assume'} ${miningMethod(ctx.deposit)} and ${ctx.profile.price}`,
    ]),
    h('Next Steps'),
    p(next.text),
  ];
  return {
    title,
    lead,
    more: `The ${what} totals ${num(total.tonnes, 1)} ${ctx.profile.unit === 'mg/L' ? 'million cubic metres of brine' : 'million tonnes'} at ${grade(ctx.profile, total.grade)}${ctx.profile.contained === 'none' ? '' : `, containing ${big}`}.`,
    highlights,
    blocks,
    quote: rng.pick([
      `This estimate is a major step in demonstrating the scale of ${project.name}`,
      `The growth in tonnes and confidence reflects a very efficient drill ${sp.program}`,
      `We now have a resource base that supports a long-life operation`,
    ]),
    technical: true,
    facts: next.facts,
  };
}
