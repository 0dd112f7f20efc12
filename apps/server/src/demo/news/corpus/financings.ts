import {
  location,
  money,
  noDrilling,
  plannedDrilling,
  projectTitle,
  regionName,
  sharePrice,
  spelling,
  when,
  type Ctx,
  type Draft,
  type DrillingFacts,
} from './context.ts';
import { num, p, ul } from './document.ts';
import { AU_BROKERS, LENDERS, ROYALTY_COMPANIES, UK_BROKERS, UNDERWRITERS, ZA_BROKERS } from './vocabulary-data.ts';

/** What the money is for; often drilling, which the analysis must pick up. */
function useOfProceeds(ctx: Ctx, drillingChance: number): { items: string[]; text: string; facts: DrillingFacts } {
  const { rng, project } = ctx;
  const sp = spelling(ctx);
  if (rng.chance(drillingChance)) {
    const plan = plannedDrilling(ctx);
    const metres = plan.facts.drillingMeters ?? 0;
    return {
      items: [
        `a ${num(metres)}-metre drill ${sp.program} at ${project.name} in ${regionName(project)}, ${plan.facts.drillingTimeline ?? ''}`,
        'metallurgical test work and environmental baseline studies',
        'general working capital',
      ],
      text: plan.text,
      facts: plan.facts,
    };
  }
  return {
    items: [
      `advancing permitting and engineering studies at ${project.name} in ${regionName(project)}`,
      rng.pick(['claim maintenance and community programs', 'geophysical surveys and target generation']),
      'general working capital and corporate purposes',
    ],
    text: `The financing strengthens the balance sheet ahead of the next phase of work at ${project.name}.`,
    facts: noDrilling,
  };
}

const AU_STATE_ADJECTIVES: Record<string, string> = {
  'Western Australia': 'Western Australian',
  'South Australia': 'South Australian',
  Queensland: 'Queensland',
  'New South Wales': 'New South Wales',
  Victoria: 'Victorian',
  Tasmania: 'Tasmanian',
  'Northern Territory': 'Northern Territory',
};

const holdPeriod = 'Securities issued under the offering will be subject to a hold period of four months and one day.';

export function writePrivatePlacement(ctx: Ctx): Draft {
  const { rng, project, company } = ctx;
  const amount = rng.float(0.4, 12, 2);
  const price = rng.float(0.05, 1.8, 2);
  const units = Math.round((amount * 1e6) / price / 1000) * 1000;
  const warrant = rng.float(price * 1.3, price * 2, 2);
  const brokered = rng.chance(0.4);
  const use = useOfProceeds(ctx, 0.65);
  const au = company.market === 'au';
  const uk = company.market === 'uk' || company.market === 'za';
  const word = au ? 'Placement' : uk ? 'Placing' : `${brokered ? 'Brokered' : 'Non-Brokered'} Private Placement`;
  return {
    title: rng.pick([
      `${company.headline} Announces ${word} of up to ${money(ctx, amount)}`,
      `${company.headline} Raises ${money(ctx, amount)} to Fund Work at ${project.name}`,
      `${company.headline} Closes ${rng.pick(['Oversubscribed', 'Upsized', 'First Tranche of'])} ${word}`,
    ]),
    lead: au
      ? `is pleased to announce it has received firm commitments for a placement of ${num(units)} new fully paid ordinary shares at ${sharePrice(ctx, price)} per share to raise ${money(ctx, amount)} (before costs).`
      : `announces a ${word.toLowerCase().replace('placing', 'placing')} of up to ${num(units)} units at ${sharePrice(ctx, price)} per unit for gross proceeds of up to ${money(ctx, amount)}.`,
    more: au
      ? `The placement was strongly supported by ${rng.pick(['new domestic and offshore institutions', 'existing shareholders and sophisticated investors', 'resource-focused funds'])}, with ${rng.pick(AU_BROKERS)} acting as lead manager.`
      : uk
        ? `The placing was arranged by ${rng.pick(company.market === 'uk' ? UK_BROKERS : ZA_BROKERS)} and is conditional on admission of the new shares.`
        : `Each unit consists of one common share and one-half of one share purchase warrant, each whole warrant exercisable at ${sharePrice(ctx, warrant)} for ${rng.pick([24, 36])} months.`,
    blocks: [
      p('The proceeds will fund:'),
      ul(use.items),
      p(use.text),
      p(
        au
          ? `Settlement is expected on ${when.date(rng.int(5, 10))}. Directors intend to subscribe for ${money(ctx, rng.float(0.05, 0.4, 2))} of shares, subject to shareholder approval.`
          : `${brokered ? `${rng.pick(UNDERWRITERS)} is acting as lead agent.` : `Finder's fees may be paid in cash and warrants.`} Insiders may participate in the offering. Closing is expected on or about ${when.date(rng.int(7, 21))}. ${company.market === 'na' ? holdPeriod : ''}`.trim(),
      ),
    ],
    technical: false,
    facts: use.facts,
  };
}

export function writeBoughtDeal(ctx: Ctx): Draft {
  const { rng, project, company } = ctx;
  const amount = rng.float(8, 60, 0);
  const price = rng.float(0.4, 5, 2);
  const lead = rng.pick(UNDERWRITERS);
  const use = useOfProceeds(ctx, 0.5);
  return {
    title: rng.pick([
      `${company.headline} Announces ${money(ctx, amount)} Bought Deal Financing`,
      `${company.headline} Upsizes Bought Deal to ${money(ctx, amount * 1.15)}`,
    ]),
    lead: `has entered into an agreement with a syndicate of underwriters led by ${lead} under which the underwriters have agreed to buy ${num(Math.round((amount * 1e6) / price / 1000) * 1000)} common shares at ${sharePrice(ctx, price)} per share on a bought deal basis, for gross proceeds of ${money(ctx, amount)}.`,
    more: `The underwriters have an option to purchase up to an additional 15% of the offering, exercisable up to 30 days after closing.`,
    blocks: [
      p('Net proceeds will be used for:'),
      ul(use.items),
      p(use.text),
      p(
        `The offering will be made by way of a prospectus supplement in all provinces of Canada except Quebec and is expected to close on or about ${when.date(rng.int(14, 25))}. The offering is subject to regulatory approvals, including that of the exchange.`,
      ),
    ],
    technical: false,
    facts: use.facts,
    project: { name: project.name, country: project.country, ...(project.state ? { state: project.state } : {}) },
  };
}

export function writeFlowThrough(ctx: Ctx): Draft {
  const { rng, project, company } = ctx;
  const amount = rng.float(1, 15, 1);
  const hard = rng.float(0.1, 1.5, 2);
  const ft = Math.round(hard * rng.float(1.2, 1.6) * 100) / 100;
  const plan = plannedDrilling(ctx);
  return {
    title: rng.pick([
      `${company.headline} Announces ${money(ctx, amount)} Flow-Through Financing for ${project.name} Drilling`,
      `${company.headline} Launches ${money(ctx, amount)} Flow-Through and Hard-Dollar Private Placement`,
    ]),
    lead: `announces a non-brokered private placement of flow-through common shares at ${sharePrice(ctx, ft)} per share, and hard-dollar units at ${sharePrice(ctx, hard)} per unit, for aggregate gross proceeds of up to ${money(ctx, amount)}.`,
    more: `Gross proceeds from the flow-through shares will be used for Canadian exploration expenses that qualify as flow-through mining expenditures at the ${projectTitle(project)} in ${location(project)}.`,
    blocks: [
      p(plan.text),
      ul([
        `Qualifying expenditures will be renounced to subscribers with an effective date no later than December 31, ${when.year(0)}`,
        `The flow-through price represents a ${Math.round((ft / hard - 1) * 100)}% premium to the hard-dollar price`,
        holdPeriod,
      ]),
    ],
    technical: false,
    facts: plan.facts,
  };
}

export function writeRightsOffering(ctx: Ctx): Draft {
  const { rng, project, company } = ctx;
  const ratio = rng.pick(['1 for 4', '1 for 5', '1 for 6', '2 for 7', '1 for 3']);
  const price = rng.float(0.02, 0.9, 3);
  const amount = rng.float(2, 30, 1);
  const name =
    company.market === 'au' ? 'Entitlement Offer' : company.market === 'uk' ? 'Open Offer' : 'Rights Offering';
  const use = useOfProceeds(ctx, 0.45);
  return {
    title: `${company.headline} Launches ${money(ctx, amount)} ${rng.pick(['Pro-Rata ', 'Renounceable ', 'Non-Renounceable ', ''])}${name}`,
    lead: `announces a ${ratio} ${name.toLowerCase()} at ${sharePrice(ctx, price)} per new share to raise approximately ${money(ctx, amount)} to advance its ${projectTitle(project)} in ${location(project)}.`,
    more: `The offer price is a ${rng.int(10, 30)}% discount to the 15-day volume-weighted average price, and the offer is ${rng.pick(['fully underwritten', 'partially underwritten', 'supported by the major shareholder'])}.`,
    blocks: [
      p('Funds raised will be applied to:'),
      ul(use.items),
      p(use.text),
      p(
        `The record date for the ${name.toLowerCase()} is ${when.date(rng.int(5, 9))}, and the offer is expected to close on ${when.date(rng.int(21, 30))}. Eligible shareholders may apply for additional shares beyond their entitlement.`,
      ),
    ],
    technical: false,
    facts: use.facts,
  };
}

export function writeDebtFinancing(ctx: Ctx): Draft {
  const { rng, project, company } = ctx;
  const amount = rng.float(25, 400, 0);
  const lender = rng.pick(LENDERS);
  const tenor = rng.int(5, 8);
  return {
    title: rng.pick([
      `${company.headline} Secures ${money(ctx, amount, 'US$')} Project Finance Facility for ${project.name}`,
      `${company.headline} Signs Credit-Approved Term Sheet for ${money(ctx, amount, 'US$')} Debt Package`,
    ]),
    lead: `has signed a ${money(ctx, amount, 'US$')} senior secured project finance facility with ${lender} to fund construction of its ${projectTitle(project)} in ${location(project)}.`,
    more: `The facility has a ${tenor}-year term, an interest rate of SOFR plus ${num(rng.float(4, 8, 2), 2)}%, and a ${rng.int(18, 30)}-month repayment holiday.`,
    highlights: [
      `Together with cash on hand, fully funds the project to first production`,
      `No mandatory hedging; cost overrun facility of ${money(ctx, amount * 0.1, 'US$')} available`,
      `First drawdown expected in ${when.quarter(1)}`,
    ],
    blocks: [
      p(
        `The facility is subject to customary conditions precedent, including final documentation and an independent technical review. ${rng.pick(['Offtake discussions for the remaining uncommitted production are ongoing.', 'Export credit agency cover is being considered for a portion of the facility.'])}`,
      ),
    ],
    technical: false,
    facts: noDrilling,
  };
}

export function writeRoyaltyStream(ctx: Ctx): Draft {
  const { rng, project, company, profile } = ctx;
  const amount = rng.float(10, 150, 0);
  const buyer = rng.pick(ROYALTY_COMPANIES);
  const stream = rng.chance(0.5);
  const pct = stream ? rng.int(4, 25) : rng.float(1, 3, 1);
  return {
    title: stream
      ? `${company.headline} Enters ${money(ctx, amount, 'US$')} ${profile.product.replace(/^\w/, (c) => c.toUpperCase())} Stream with ${buyer}`
      : `${company.headline} Sells ${num(pct, 1)}% NSR Royalty on ${project.name} for ${money(ctx, amount, 'US$')}`,
    lead: stream
      ? `has entered into a streaming agreement with ${buyer} for ${money(ctx, amount, 'US$')} in upfront deposits, in exchange for ${pct}% of payable ${profile.product} from its ${projectTitle(project)} in ${location(project)}.`
      : `has agreed to sell a ${num(pct, 1)}% net smelter return royalty on its ${projectTitle(project)} in ${location(project)} to ${buyer} for ${money(ctx, amount, 'US$')} in cash.`,
    more: stream
      ? `${buyer} will pay ${rng.int(10, 25)}% of the spot price for each unit delivered.`
      : `The Company retains the right to buy back one third of the royalty before commercial production.`,
    blocks: [
      p(
        `Proceeds will be used towards ${rng.pick(['construction of the project', 'completing the feasibility study and early works', 'retiring existing debt and funding pre-development'])}. The agreement avoids equity dilution at current share prices.`,
      ),
    ],
    technical: false,
    facts: noDrilling,
  };
}

export function writeGovernmentFunding(ctx: Ctx): Draft {
  const { rng, project, company } = ctx;
  const au = project.country === 'AU';
  const amount = rng.float(0.05, au ? 0.22 : 4, 2);
  const plan = plannedDrilling(ctx);
  const programme =
    project.country === 'AU'
      ? `the ${AU_STATE_ADJECTIVES[project.region ?? ''] ?? 'State'} Government's co-funded exploration drilling program`
      : project.country === 'CA'
        ? `a provincial junior exploration assistance program`
        : project.country === 'US'
          ? `a federal critical minerals grant program`
          : `a national critical minerals development fund`;
  return {
    title: rng.pick([
      `${company.headline} Awarded ${money(ctx, amount)} Government Grant for ${project.name} Drilling`,
      `${company.headline} Receives Co-Funding for Drilling at ${projectTitle(project)}`,
    ]),
    lead: `has been awarded ${money(ctx, amount)} under ${programme} to support drilling at its ${projectTitle(project)} in ${location(project)}.`,
    more: plan.text,
    blocks: [
      p(
        `The grant covers up to half of direct drilling costs and was awarded through a competitive, merit-based process. ${company.short} was one of ${rng.int(20, 60)} successful applicants.`,
      ),
    ],
    technical: false,
    facts: plan.facts,
  };
}
