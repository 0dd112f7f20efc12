import {
  commodityLabel,
  location,
  money,
  noDrilling,
  plannedDrilling,
  possessive,
  projectTitle,
  regionName,
  sharePrice,
  spelling,
  when,
  type Ctx,
  type Draft,
} from './context.ts';
import { num, p, ul } from './document.ts';
import { MAJORS, PLACE_FIRST, PLACE_SECOND, VENDORS } from './vocabulary-data.ts';

/** A newly named property near the company's project: acquisitions, options and sales are about it. */
function nearbyProperty(ctx: Ctx) {
  const { rng, project } = ctx;
  let name = `${rng.pick(PLACE_FIRST)} ${rng.pick(PLACE_SECOND)}`;
  while (name === project.name) name = `${rng.pick(PLACE_FIRST)} ${rng.pick(PLACE_SECOND)}`;
  const hectares = rng.int(8, 400) * 50;
  return {
    name,
    hectares,
    ref: { name, country: project.country, ...(project.state ? { state: project.state } : {}) },
    label: `${name} ${commodityLabel(project)} Property`,
  };
}

export function writeAcquisition(ctx: Ctx): Draft {
  const { rng, project, company } = ctx;
  const property = nearbyProperty(ctx);
  const vendor = rng.pick(VENDORS);
  const cash = money(ctx, rng.float(0.1, 12, 2));
  const shares = rng.int(5, 80) * 100_000;
  const royalty = rng.float(0.5, 2.5, 1);
  const drilling = rng.chance(0.5) ? plannedDrilling(ctx) : undefined;
  return {
    title: rng.pick([
      `${company.headline} to Acquire ${property.name} Property Adjoining ${project.name}`,
      `${company.headline} Expands ${project.name} Footprint with Acquisition of ${property.name}`,
      `${company.headline} Enters Agreement to Acquire ${property.label}`,
    ]),
    lead: `has entered into a definitive agreement with ${vendor} to acquire a 100% interest in the ${property.label} (the “Property”), covering ${num(property.hectares)} hectares ${rng.pick(['contiguous with', 'adjacent to', 'along strike from'])} its ${projectTitle(project)} in ${location(project)}.`,
    more: `Consideration comprises ${cash} in cash and ${num(shares)} ${company.market === 'na' ? 'common' : 'ordinary'} shares of the Company, and the vendor retains a ${num(royalty, 1)}% net smelter return royalty, half of which may be bought back.`,
    highlights: [
      `Consolidates ${num(property.hectares)} hectares of ground in ${project.area}`,
      `Historical work includes ${rng.int(5, 60)} drill holes and ${rng.pick(['grab samples up to high grade', 'a large untested geophysical anomaly', 'small-scale historical workings'])}`,
      `Closing expected by ${when.date(rng.int(20, 60))}, subject to exchange approval`,
    ],
    blocks: [
      p(
        `The Property hosts the same ${ctx.deposit.label} setting as ${project.name} and has seen little modern exploration. The Company will compile historical data and integrate the Property into its regional model.`,
      ),
      p(
        drilling
          ? `${drilling.text} The program will include first-pass holes on the Property.`
          : company.market === 'na'
            ? `Shares issued under the transaction are subject to a statutory hold period of four months and one day.`
            : `Completion is subject to customary conditions, including the transfer of the licences to the Company.`,
      ),
    ],
    quote: `${property.name} is a natural addition that gives us control of the district around ${project.name}`,
    technical: false,
    project: property.ref,
    facts: drilling?.facts ?? noDrilling,
  };
}

export function writeMerger(ctx: Ctx): Draft {
  const { rng, project, company, other } = ctx;
  const ratio = rng.float(0.12, 1.8, 3);
  const premium = rng.int(18, 55);
  const value = money(ctx, rng.float(20, 450, 0));
  const split = rng.int(52, 68);
  const combined = `${company.short} ${rng.pick(['Resources', 'Metals', 'Mining'])}`;
  const otherProject = other.projects[0];
  return {
    title: rng.pick([
      `${company.headline} and ${other.headline} Announce Merger to Create a Leading ${regionName(project) || project.country} Explorer`,
      `${company.headline} and ${other.headline} to Combine in All-Share Merger`,
    ]),
    lead: `and ${other.name} (${other.exchange}: ${other.ticker}) (“${other.short}”) are pleased to announce that they have entered into a definitive arrangement agreement to combine in an all-share merger valued at approximately ${value}.`,
    more: `${other.short} shareholders will receive ${num(ratio, 3)} of a ${company.short} share for each ${other.short} share held, a premium of ${premium}% to the 20-day volume-weighted average price.`,
    highlights: [
      `Combines the ${projectTitle(project)} with ${otherProject ? `the ${projectTitle(otherProject)}` : `${other.short}'s portfolio`}`,
      `Existing ${company.short} and ${other.short} shareholders will own approximately ${split}% and ${100 - split}% of the combined company`,
      `The combined company, to be renamed ${combined}, will have a stronger balance sheet and greater trading liquidity`,
      `Closing expected in ${when.quarter(1)}, subject to shareholder, court and regulatory approvals`,
    ],
    blocks: [
      p(
        `The boards of both companies have unanimously approved the transaction, and directors and officers holding ${rng.int(8, 35)}% of ${other.short}'s shares have entered into voting support agreements. ${rng.pick(['Cormorant Capital Markets', 'Beacon Hill Partners', 'Northgrove Capital Corp.'])} has provided a fairness opinion to the ${company.short} board.`,
      ),
      p(
        `The combined company will be led by ${company.short}'s management team, with ${rng.pick(['one', 'two', 'three'])} ${other.short} nominees joining the board. A joint information circular will be mailed ahead of the special meetings expected in ${when.monthYear(2)}.`,
      ),
    ],
    quote: `This merger creates a company with the scale and funding to advance both projects faster than either of us could alone`,
    technical: false,
    commodities: [...new Set([...project.commodities, ...(otherProject?.commodities ?? [])])],
    facts: noDrilling,
  };
}

export function writeTakeoverBid(ctx: Ctx): Draft {
  const { rng, project, company, other } = ctx;
  const target = other.projects[0] ?? project;
  const price = rng.float(0.15, 4.5, 2);
  const premium = rng.int(25, 70);
  const value = money(ctx, rng.float(15, 600, 0));
  return {
    title: rng.pick([
      `${company.headline} Makes ${value} Offer for ${other.headline}`,
      `${company.headline} Announces Proposal to Acquire ${other.headline} at ${premium}% Premium`,
    ]),
    lead: `announces that it has made a proposal to acquire all of the issued and outstanding shares of ${other.name} (${other.exchange}: ${other.ticker}) for ${sharePrice(ctx, price)} per share in cash and shares, valuing ${other.short} at approximately ${value}.`,
    more: `The offer represents a premium of ${premium}% to ${other.short}'s closing price on the day before the announcement.`,
    blocks: [
      p(
        `${company.short} believes the combination would bring together the ${projectTitle(project)} and ${other.short}'s ${projectTitle(target)} in ${regionName(target) || target.country}, creating a larger, better-funded company. The proposal is not subject to financing.`,
      ),
      ul([
        `Consideration of ${rng.int(30, 70)}% cash and the balance in ${company.short} shares`,
        `Open for acceptance until ${when.date(rng.int(35, 60))}, unless extended`,
        `Conditional on acceptance by holders of more than 66⅔% of ${other.short}'s shares`,
      ]),
    ],
    quote: `We believe our proposal offers ${other.short} shareholders compelling, immediate value`,
    technical: false,
    project: { name: target.name, country: target.country, ...(target.state ? { state: target.state } : {}) },
    commodities: target.commodities,
    facts: noDrilling,
  };
}

/** Options, joint ventures and earn-ins: someone spends on a project to earn an interest in it. */
function writeEarnDeal(ctx: Ctx, kind: 'option-agreement' | 'joint-venture' | 'earn-in'): Draft {
  const { rng, project, company } = ctx;
  const sp = spelling(ctx);
  const years = rng.int(3, 5);
  // An option on a prospect costs a junior a few million; a major's earn-in on a project costs more.
  const spend = money(ctx, kind === 'option-agreement' ? rng.float(0.4, 5, 1) : rng.float(3, 40, 1));
  const interest = rng.pick([51, 70, 75, 80, 100]);
  const firstYearMetres = rng.int(4, 30) * 500;
  const timeline = rng.pick([
    `within the first twelve months`,
    `by the end of ${when.year(1)}`,
    `starting in ${when.quarter(1)}`,
  ]);
  const drillingCommitment = rng.chance(0.6);
  const facts = drillingCommitment
    ? { drillingPlanned: true, drillingMeters: firstYearMetres, drillingTimeline: timeline }
    : noDrilling;
  if (kind === 'option-agreement') {
    const property = nearbyProperty(ctx);
    const vendor = rng.pick(VENDORS);
    return {
      title: rng.pick([
        `${company.headline} Signs Option to Earn ${interest}% of ${property.name} Property`,
        `${company.headline} Options ${property.label} Near ${project.name}`,
      ]),
      lead: `has entered into an option agreement with ${vendor} under which it may earn a ${interest}% interest in the ${property.label}, located near its ${projectTitle(project)} in ${location(project)}.`,
      more: `To exercise the option, ${company.short} must make cash payments totalling ${money(ctx, rng.float(0.2, 2, 2))}, issue ${num(rng.int(5, 40) * 100_000)} shares and incur ${spend} in exploration expenditures over ${years} years.`,
      blocks: [
        p(
          drillingCommitment
            ? `The agreement commits the Company to at least ${num(firstYearMetres)} metres of drilling ${timeline}.`
            : `The first-year work ${sp.program} will focus on mapping, sampling and geophysics to define drill targets.`,
        ),
      ],
      quote: `This option gives us low-cost exposure to a highly prospective property next door to ${project.name}`,
      technical: false,
      project: property.ref,
      facts,
    };
  }
  const partner = rng.pick(MAJORS);
  const title =
    kind === 'joint-venture'
      ? rng.pick([
          `${company.headline} Forms Joint Venture with ${partner} on ${project.name}`,
          `${partner} to Fund ${spend} at ${possessive(company.headline)} ${project.name} Project`,
        ])
      : rng.pick([
          `${company.headline} Signs ${spend} Earn-in Agreement with ${partner} for ${projectTitle(project)}`,
          `${partner} Can Earn ${interest === 100 ? 75 : interest}% of ${project.name} by Spending ${spend}`,
        ]);
  return {
    title,
    lead: `has entered into ${kind === 'joint-venture' ? 'a joint venture agreement' : 'an earn-in agreement'} with ${partner} on its ${projectTitle(project)} in ${location(project)}.`,
    more: `${partner} may earn up to a ${interest === 100 ? 75 : interest}% interest by funding ${spend} of exploration over ${years} years, with ${company.short} remaining operator during the earn-in period.`,
    highlights: [
      `${spend} of project funding over ${years} years, non-dilutive to ${company.short} shareholders`,
      drillingCommitment
        ? `Minimum commitment of ${num(firstYearMetres)} metres of drilling ${timeline}`
        : `Minimum first-year expenditure of ${money(ctx, rng.float(0.5, 4, 1))}`,
      `${company.short} retains a ${100 - (interest === 100 ? 75 : interest)}% interest, free-carried to a ${rng.pick(['pre-feasibility', 'feasibility', 'decision to mine'])} milestone`,
    ],
    blocks: [
      p(
        `A technical committee with representatives of both companies will approve annual ${sp.program}s and budgets. ${partner} will also subscribe for ${money(ctx, rng.float(0.5, 5, 1))} of ${company.short} shares at a premium to market.`,
      ),
    ],
    quote: `Having a partner of ${partner}'s calibre validates the potential we see at ${project.name}`,
    technical: false,
    facts,
  };
}

export const writeOption = (ctx: Ctx): Draft => writeEarnDeal(ctx, 'option-agreement');
export const writeJointVenture = (ctx: Ctx): Draft => writeEarnDeal(ctx, 'joint-venture');
export const writeEarnIn = (ctx: Ctx): Draft => writeEarnDeal(ctx, 'earn-in');

export function writeDivestiture(ctx: Ctx): Draft {
  const { rng, project, company, other } = ctx;
  const property = nearbyProperty(ctx);
  const price = money(ctx, rng.float(0.5, 25, 1));
  const buyer = rng.chance(0.5) ? `${other.name} (${other.exchange}: ${other.ticker})` : rng.pick(MAJORS);
  return {
    title: rng.pick([
      `${company.headline} Sells Non-Core ${property.name} Property for ${price}`,
      `${company.headline} Divests ${property.name} to Focus on ${project.name}`,
    ]),
    lead: `has agreed to sell its non-core ${property.label} to ${buyer} for total consideration of ${price}.`,
    more: `Proceeds will be used to advance the Company's flagship ${projectTitle(project)} in ${location(project)}.`,
    blocks: [
      p(
        `Consideration comprises ${rng.pick(['cash on closing', 'cash and shares of the purchaser', 'staged cash payments over two years'])}, and ${company.short} will retain a ${num(rng.float(1, 3, 1), 1)}% net smelter return royalty on the property. Closing is expected by ${when.date(rng.int(20, 75))}.`,
      ),
    ],
    quote: `This sale sharpens our focus and funds our work at ${project.name} without dilution`,
    technical: false,
    project: property.ref,
    facts: noDrilling,
  };
}
