import { COMMODITIES } from '@mining-hub/contract/reference-data';
import {
  countryName,
  fixArticles,
  full,
  location,
  projectTitle,
  regionName,
  when,
  type Company,
  type Contact,
  type Ctx,
  type Draft,
} from './context.ts';
import { h, p, renderHtml, renderText, ul, type Block } from './document.ts';
import { reportingCode } from './resources.ts';

const EXCHANGE_NAMES: Record<Company['exchange'], string> = {
  TSX: 'Toronto Stock Exchange',
  TSXV: 'TSX Venture Exchange',
  CSE: 'Canadian Securities Exchange',
  ASX: 'Australian Securities Exchange',
  'NYSE American': 'NYSE American',
  AIM: 'AIM market of the London Stock Exchange',
  LSE: 'Main Market of the London Stock Exchange',
  JSE: 'Johannesburg Stock Exchange',
};

export interface Assembled {
  title: string;
  description: string;
  content: string;
  contacts: Contact[];
}

export interface AssembleOptions {
  html: boolean;
  withContacts: boolean;
  wire: string;
}

function mention(ctx: Ctx): string {
  const { company, rng } = ctx;
  const listing = `(${company.exchange}: ${company.ticker})`;
  if (ctx.type === 'merger') return `${company.name} ${listing} (“${company.short}”)`;
  const alias = rng.pick([` (“${company.short}” or the “Company”)`, ` (“${company.short}”)`, '']);
  return company.market === 'uk' || company.market === 'za'
    ? `${company.name}${alias || ` (“${company.short}” or “the Company”)`} ${listing}`
    : `${company.name} ${listing}${alias}`;
}

function opening(ctx: Ctx, wire: string): string {
  const { company, rng } = ctx;
  if (company.market !== 'na') return '';
  const region = company.hq.dateline.split(', ')[1] ?? '';
  return rng.chance(0.5)
    ? `${company.hq.dateline}, ${when.date(0)} /${wire}/ - `
    : `${company.hq.name}, ${region}--(${wire} - ${when.date(0)}) - `;
}

function qualifiedPerson(ctx: Ctx): Block {
  const { company } = ctx;
  const person = company.people.geologist;
  const name = full(person);
  const rc = reportingCode(ctx);
  switch (company.market) {
    case 'na':
      return rc.code === 'S-K 1300'
        ? p(
            `The technical information in this news release has been reviewed and approved by ${name}, CPG, ${person.job_title} of ${company.short}, a qualified person as defined in subpart 1300 of Regulation S-K.`,
          )
        : p(
            `The scientific and technical information in this news release has been reviewed and approved by ${name}, P.Geo., ${person.job_title} of ${company.short}, a Qualified Person as defined by National Instrument 43-101 – Standards of Disclosure for Mineral Projects.`,
          );
    case 'au':
    case 'uk':
      return p(
        `The information in this announcement that relates to Exploration Results and Mineral Resources is based on, and fairly represents, information compiled by ${name}, a Competent Person who is a Member of the Australasian Institute of Mining and Metallurgy. ${name} is a full-time employee of the Company and has sufficient experience relevant to the style of mineralisation under consideration to qualify as a Competent Person as defined in the ${rc.code}. ${name} consents to the inclusion of the matters based on this information in the form and context in which it appears.`,
      );
    case 'za':
      return p(
        `The technical information in this announcement has been reviewed and approved by ${name}, Pr.Sci.Nat., ${person.job_title}, who is registered with the South African Council for Natural Scientific Professions and is a Competent Person as defined by the ${rc.code}.`,
      );
  }
}

function about(ctx: Ctx): Block[] {
  const { company, rng } = ctx;
  const [flagship, second] = company.projects;
  if (!flagship) return [];
  const commodity = COMMODITIES.find((c) => c.symbol === flagship.commodities[0])?.name.toLowerCase() ?? 'mineral';
  const kind =
    flagship.stage === 'production'
      ? `${commodity} producer`
      : flagship.stage === 'development'
        ? `${commodity} developer`
        : `mineral exploration company`;
  const interest = rng.pick(['100%-owned', '100%-owned', '80%-owned', 'wholly owned']);
  const text = [
    `${company.name} is a ${company.hq.name}-based ${kind} focused on ${flagship.stage === 'production' ? 'operating and expanding' : 'advancing'} its ${interest} ${projectTitle(flagship)}, located in ${location(flagship)}.`,
    second
      ? `The Company also holds the ${projectTitle(second)} in ${second.area}, ${regionName(second)}${second.country === flagship.country ? '' : `, ${countryName(second.country)}`}.`
      : '',
    `${company.short}'s shares trade on the ${EXCHANGE_NAMES[company.exchange]} under the symbol “${company.ticker}”.`,
  ]
    .filter(Boolean)
    .join(' ');
  return [h(`About ${company.name}`), p(text)];
}

function caution(ctx: Ctx): Block[] {
  const { company, rng } = ctx;
  const blocks: Block[] = [];
  if (company.market === 'na' ? rng.chance(0.75) : rng.chance(0.35)) {
    blocks.push(
      h(
        company.market === 'na'
          ? 'Cautionary Note Regarding Forward-Looking Information'
          : 'Forward-Looking Statements',
      ),
      p(
        `This ${company.market === 'na' ? 'news release' : 'announcement'} contains forward-looking ${company.market === 'na' ? 'information within the meaning of applicable securities legislation' : 'statements'}, including statements about planned work programs, timing and expected results. These statements are based on management's current expectations and are subject to risks and uncertainties, including exploration results, commodity prices, permitting and the availability of financing, that could cause actual results to differ materially. The Company undertakes no obligation to update them except as required by law.`,
      ),
    );
  }
  if (company.exchange === 'TSXV') {
    blocks.push(
      p(
        'Neither TSX Venture Exchange nor its Regulation Services Provider (as that term is defined in the policies of the TSX Venture Exchange) accepts responsibility for the adequacy or accuracy of this release.',
      ),
    );
  }
  if (company.exchange === 'CSE') {
    blocks.push(
      p(
        'The Canadian Securities Exchange has not reviewed, approved or disapproved the contents of this news release.',
      ),
    );
  }
  if (company.market === 'uk') {
    blocks.push(
      p(
        'This announcement contains inside information for the purposes of Article 7 of the UK version of Regulation (EU) No 596/2014 (UK MAR).',
      ),
    );
  }
  if (company.market === 'au') {
    blocks.push(p(`This announcement has been authorised for release by the Board of ${company.name}.`));
  }
  return blocks;
}

function contactPeople(ctx: Ctx): Contact[] {
  const { company, rng } = ctx;
  const { ceo, cfo, geologist, ir } = company.people;
  const count = rng.pick([1, 1, 2, 2, 2, 3]);
  const rest = rng.shuffle([ir, ir, cfo, geologist]).filter((c, i, all) => all.indexOf(c) === i);
  return [ceo, ...rest].slice(0, count);
}

function contactBlocks(ctx: Ctx, people: readonly Contact[]): Block[] {
  const style = ctx.company.contactStyle;
  const blocks: Block[] = [];
  if (ctx.company.market === 'na' && ctx.rng.chance(0.4)) {
    const ceo = ctx.company.people.ceo;
    blocks.push({ kind: 'lines', lines: ['ON BEHALF OF THE BOARD OF DIRECTORS', full(ceo), ceo.job_title] });
  }
  blocks.push(p('For further information, please contact:'));
  for (const person of people) {
    const lines =
      style === 0
        ? [full(person), person.job_title, `Tel: ${person.phone_number}`, `Email: ${person.email}`]
        : style === 1
          ? [`${full(person)}, ${person.job_title}`, `Phone: ${person.phone_number} | Email: ${person.email}`]
          : [full(person), person.job_title, `T: ${person.phone_number}`, `E: ${person.email}`];
    blocks.push({ kind: 'lines', lines });
  }
  return blocks;
}

/** Wraps a type's draft in the dateline, quote, technical statement, boilerplate and contact block. */
export function assemble(ctx: Ctx, draft: Draft, options: AssembleOptions): Assembled {
  const { company, rng } = ctx;
  const ceo = company.people.ceo;
  const firstParagraph = `${opening(ctx, options.wire)}${mention(ctx)} ${draft.lead}${draft.more ? ` ${draft.more}` : ''}`;
  const highlights: Block[] = draft.highlights?.length ? [h('Highlights'), ul(draft.highlights)] : [];
  const quote = draft.quote
    ? p(
        rng.chance(0.5)
          ? `“${draft.quote},” said ${full(ceo)}, ${ceo.job_title} of ${company.short}.`
          : `${full(ceo)}, ${ceo.job_title}, commented: “${draft.quote}.”`,
      )
    : undefined;
  const body = [...draft.blocks];
  if (quote) {
    const at = body.findIndex((b) => b.kind === 'h');
    body.splice(at > 0 ? at : body.length, 0, quote);
  }
  const header: Block[] =
    company.market === 'na' ? [] : [p(company.market === 'au' ? `ASX Announcement | ${when.dmy(0)}` : when.dmy(0))];
  const lead = p(firstParagraph);
  const blocks: Block[] = [
    ...header,
    ...(company.market === 'au' ? [...highlights, lead] : [lead, ...highlights]),
    ...body,
    ...(draft.technical ? [qualifiedPerson(ctx)] : []),
    ...about(ctx),
    ...caution(ctx),
  ];
  const contacts = options.withContacts ? contactPeople(ctx) : [];
  if (contacts.length > 0) blocks.push(...contactBlocks(ctx, contacts));
  else if (rng.chance(0.5))
    blocks.push(p(`Further information is available on the Company's website at www.${company.domain}.`));
  const content = options.html
    ? renderHtml(blocks)
    : renderText(blocks, company.market === 'au' ? '•' : rng.pick(['•', '-']));
  const sentence = `${company.name} ${draft.lead}`;
  const description = draft.more && sentence.length + draft.more.length < 320 ? `${sentence} ${draft.more}` : sentence;
  const title = fixArticles(draft.title.replace(/ million\b/g, ' Million'));
  return { title, description: fixArticles(description), content: fixArticles(content), contacts };
}
