import {
  ARTICLE_TYPE_GROUPS,
  articleTypeGroupOf,
  type ArticleTypeGroupValue,
  type ArticleTypeValue,
} from '@mining-hub/contract/reference-data';
import { assemble } from './corpus/assemble.ts';
import { COMPANIES, type ProjectSeed } from './corpus/companies.ts';
import {
  buildCompanies,
  makeCtx,
  type Company,
  type Contact,
  type Ctx,
  type Draft,
  type DrillingFacts,
} from './corpus/context.ts';
import {
  writeAcquisition,
  writeDivestiture,
  writeEarnIn,
  writeJointVenture,
  writeMerger,
  writeOption,
  writeTakeoverBid,
} from './corpus/deals.ts';
import {
  writeAssayResults,
  writeDrillingCommenced,
  writeDrillingCompleted,
  writeDrillProgram,
  writeDrillResults,
} from './corpus/drilling.ts';
import {
  writeBoughtDeal,
  writeDebtFinancing,
  writeFlowThrough,
  writeGovernmentFunding,
  writePrivatePlacement,
  writeRightsOffering,
  writeRoyaltyStream,
} from './corpus/financings.ts';
import { createRng, seedOf, type Rng } from './corpus/random.ts';
import { writeResource } from './corpus/resources.ts';
import {
  writeConstruction,
  writeCorporateUpdate,
  writeExplorationUpdate,
  writeFeasibility,
  writeManagementChange,
  writePea,
  writePermitting,
  writeProductionUpdate,
} from './corpus/updates.ts';
import { WIRES } from './corpus/vocabulary-data.ts';

/*
 * The offline demo news corpus: fictional but realistic mining press releases, assembled from the
 * hand-written building blocks in ./corpus/ with a seeded PRNG. Everything but the dates is the
 * same on every run; dates (and the 'Q3 2026'-style timelines inside the text) are placed relative to
 * the `now` the corpus is loaded at, so the 'Today' preset always finds articles.
 *
 * PDF articles point at `/demo-news/pdf/{id}.pdf`, which the app serves itself. Their `content` is
 * plain text, what a PDF extractor would return; this module does not produce the PDF files — the
 * route serving them renders one from `content`.
 */

export type { Contact as DemoContact, DrillingFacts as DemoFacts };

export interface DemoArticle {
  /** Stable across runs: 'demo-0001'. */
  id: string;
  title: string;
  source: string;
  /** The app's own page for the article. */
  url: string;
  /** One or two plain-text sentences. */
  description: string;
  /** Full body: HTML for some articles, plain text for the rest. */
  content: string;
  publishedAt: Date;
  articleType: 'news' | 'pdf';
  pdfUrl?: string;
  company: {
    name: string;
    ticker: string;
    exchange: string;
    website: string;
    /** Market capitalisation in millions of US dollars. */
    marketCapMusd: number;
    /** Shares outstanding, in millions. */
    sharesOutstandingM: number;
  };
  /** Commodity symbols from reference-data COMMODITIES, the main one first. */
  commodities: string[];
  /** ISO 3166-1 alpha-2 country of the project. */
  country: string;
  /** US state or Canadian province code. */
  state?: string;
  project?: string;
  typeGroup: ArticleTypeGroupValue;
  type: ArticleTypeValue;
  /** The people of the 'For further information, please contact:' block; empty when there is none. */
  contacts: Contact[];
  /** Drilling facts the text states, for checking an analyser against known truth. */
  facts: DrillingFacts;
}

export const DEMO_ARTICLE_COUNT = 500;
const PDF_COUNT = 9;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type Eligible = (company: Company, project: ProjectSeed) => boolean;

const any: Eligible = () => true;
const stage =
  (...stages: ProjectSeed['stage'][]): Eligible =>
  (_, project) =>
    stages.includes(project.stage);
const canadianFlowThrough: Eligible = (company, project) =>
  company.market === 'na' && company.exchange !== 'NYSE American' && project.country === 'CA';

/** Every type's writer, how often it appears within its group, and which projects it suits. */
const WRITERS: Record<ArticleTypeValue, { write: (ctx: Ctx) => Draft; weight: number; eligible: Eligible }> = {
  'drill-results': { write: writeDrillResults, weight: 4, eligible: any },
  'drill-program': { write: writeDrillProgram, weight: 3, eligible: stage('exploration', 'development') },
  'assay-results': { write: writeAssayResults, weight: 2, eligible: any },
  'drilling-commenced': { write: writeDrillingCommenced, weight: 2, eligible: any },
  'drilling-completed': { write: writeDrillingCompleted, weight: 1.5, eligible: any },
  acquisition: { write: writeAcquisition, weight: 3, eligible: any },
  merger: { write: writeMerger, weight: 1.5, eligible: stage('exploration', 'development') },
  'takeover-bid': { write: writeTakeoverBid, weight: 1, eligible: stage('development', 'production') },
  'option-agreement': { write: writeOption, weight: 2.5, eligible: stage('exploration') },
  'joint-venture': { write: writeJointVenture, weight: 1, eligible: stage('exploration') },
  'earn-in': { write: writeEarnIn, weight: 1.5, eligible: stage('exploration') },
  divestiture: { write: writeDivestiture, weight: 1, eligible: any },
  'exploration-update': { write: writeExplorationUpdate, weight: 3, eligible: stage('exploration') },
  permitting: { write: writePermitting, weight: 2, eligible: stage('exploration', 'development') },
  'preliminary-economic-assessment': { write: writePea, weight: 1.5, eligible: stage('exploration', 'development') },
  'feasibility-study': { write: writeFeasibility, weight: 1.2, eligible: stage('development') },
  construction: { write: writeConstruction, weight: 1, eligible: stage('development') },
  'production-update': { write: writeProductionUpdate, weight: 1.2, eligible: stage('production') },
  'management-change': { write: writeManagementChange, weight: 1.5, eligible: any },
  'corporate-update': { write: writeCorporateUpdate, weight: 2, eligible: any },
  'private-placement': { write: writePrivatePlacement, weight: 4, eligible: any },
  'bought-deal': {
    write: writeBoughtDeal,
    weight: 1.5,
    eligible: (c) => c.exchange === 'TSX' || c.exchange === 'TSXV',
  },
  'flow-through-financing': { write: writeFlowThrough, weight: 2, eligible: canadianFlowThrough },
  'rights-offering': { write: writeRightsOffering, weight: 1, eligible: (c) => c.market !== 'na' },
  'debt-financing': { write: writeDebtFinancing, weight: 1, eligible: stage('development', 'production') },
  'royalty-stream': { write: writeRoyaltyStream, weight: 1, eligible: stage('development', 'production') },
  'government-funding': {
    write: writeGovernmentFunding,
    weight: 1,
    eligible: (_, p) => ['AU', 'CA', 'US'].includes(p.country) && p.stage === 'exploration',
  },
  'maiden-resource': { write: writeResource, weight: 2, eligible: stage('exploration') },
  'resource-update': { write: writeResource, weight: 2, eligible: any },
  'mineral-resource-estimate': { write: writeResource, weight: 1.5, eligible: any },
  'reserve-estimate': { write: writeResource, weight: 1, eligible: stage('development', 'production') },
};

/** Share of the corpus each group takes. */
const GROUP_SHARE: Record<ArticleTypeGroupValue, number> = {
  drilling: 0.3,
  'company-project-updates': 0.25,
  financings: 0.2,
  'mergers-acquisitions': 0.14,
  'resource-estimate': 0.11,
};

interface Planned {
  id: string;
  type: ArticleTypeValue;
  company: Company;
  project: ProjectSeed;
  pdf: boolean;
  html: boolean;
  withContacts: boolean;
  wire: string;
  /** How long before `now` the article is published. */
  ageMs: number;
}

function weightedPick<T>(rng: Rng, items: readonly { item: T; weight: number }[]): T {
  const total = items.reduce((sum, i) => sum + i.weight, 0);
  let roll = rng.next() * total;
  for (const { item, weight } of items) {
    roll -= weight;
    if (roll < 0) return item;
  }
  const last = items.at(-1);
  if (!last) throw new Error('weighted pick from an empty list');
  return last.item;
}

/** Publication ages: a dozen in the last day, two dozen more in the week, the rest over the year. */
function ages(rng: Rng, count: number): number[] {
  const list = Array.from({ length: count }, (_, i) => {
    // Newsrooms publish more than a year's average lately, and sales staff look at recent news most:
    // a full page for 'Today', and Gold + Canada + Last 30 Days has pages to browse.
    if (i < 22) return rng.float(0.25, 22) * HOUR;
    if (i < 70) return rng.float(1.05, 6.9) * DAY;
    if (i < 200) return rng.float(7, 29.5) * DAY;
    return rng.float(30, 364) * DAY;
  });
  return rng.shuffle(list.map((ms) => Math.round(ms / 60_000) * 60_000));
}

function plan(companies: readonly Company[]): Planned[] {
  const rng = createRng(seedOf('demo-corpus:plan'));
  const groups = ARTICLE_TYPE_GROUPS.map((g) => g.group);
  const slots = groups.flatMap((group) =>
    Array.from({ length: Math.round(GROUP_SHARE[group] * DEMO_ARTICLE_COUNT) }, () => group),
  );
  while (slots.length < DEMO_ARTICLE_COUNT) slots.push('drilling');
  const order = rng.shuffle(slots).slice(0, DEMO_ARTICLE_COUNT);
  const used = new Map<string, number>();
  const pairs = companies.flatMap((company) => company.projects.map((project) => ({ company, project })));
  const articleAges = ages(rng, DEMO_ARTICLE_COUNT);
  const planned = order.map((group, i): Planned => {
    const types = ARTICLE_TYPE_GROUPS.find((g) => g.group === group)?.types ?? [];
    const type = weightedPick(
      rng,
      types.map((t) => ({ item: t.value, weight: WRITERS[t.value].weight })),
    );
    const eligible = pairs.filter(({ company, project }) => WRITERS[type].eligible(company, project));
    // Spread articles across companies: the least-used of a few random candidates.
    const candidates = rng.pickSome(eligible, 4);
    const chosen = candidates.sort((a, b) => (used.get(a.company.ticker) ?? 0) - (used.get(b.company.ticker) ?? 0))[0];
    if (!chosen) throw new Error(`no project suits ${type}`);
    used.set(chosen.company.ticker, (used.get(chosen.company.ticker) ?? 0) + 1);
    return {
      id: `demo-${String(i + 1).padStart(4, '0')}`,
      type,
      company: chosen.company,
      project: chosen.project,
      pdf: false,
      html: rng.chance(0.34),
      withContacts: rng.chance(0.76),
      wire: rng.chance(0.7) ? 'Demo Mining Wire' : rng.pick(WIRES.slice(1)),
      ageMs: articleAges[i] ?? DAY,
    };
  });
  // ASX, AIM and JSE companies publish announcements as PDFs.
  const pdfs = rng.pickSome(
    planned.filter((a) => a.company.market !== 'na'),
    PDF_COUNT,
  );
  for (const article of pdfs) {
    article.pdf = true;
    article.html = false;
  }
  return planned;
}

type BaseArticle = Omit<DemoArticle, 'publishedAt'> & { ageMs: number };

function build(): BaseArticle[] {
  const companies = buildCompanies(COMPANIES);
  const titles = new Set<string>();
  return plan(companies).map((planned) => {
    let draft: Draft | undefined;
    let ctx: Ctx | undefined;
    for (let attempt = 0; attempt < 8 && (!draft || titles.has(draft.title)); attempt++) {
      ctx = makeCtx(
        createRng(seedOf(`${planned.id}:${attempt}`)),
        planned.type,
        planned.company,
        planned.project,
        companies,
      );
      draft = WRITERS[planned.type].write(ctx);
    }
    if (!draft || !ctx) throw new Error(`could not write ${planned.id}`);
    if (titles.has(draft.title)) draft = { ...draft, title: `${draft.title} (${planned.company.ticker})` };
    titles.add(draft.title);
    const body = assemble(ctx, draft, planned);
    const project = draft.project ?? planned.project;
    const { company } = planned;
    return {
      id: planned.id,
      title: body.title,
      source: planned.wire,
      url: `/demo-news/articles/${planned.id}`,
      description: body.description,
      content: body.content,
      articleType: planned.pdf ? 'pdf' : 'news',
      ...(planned.pdf ? { pdfUrl: `/demo-news/pdf/${planned.id}.pdf` } : {}),
      company: {
        name: company.name,
        ticker: company.ticker,
        exchange: company.exchange,
        website: `https://www.${company.domain}`,
        marketCapMusd: company.marketCapMusd,
        sharesOutstandingM: company.sharesOutstandingM,
      },
      commodities: [...(draft.commodities ?? planned.project.commodities)],
      country: project.country,
      ...(project.state ? { state: project.state } : {}),
      project: project.name,
      typeGroup: articleTypeGroupOf(planned.type),
      type: planned.type,
      contacts: body.contacts,
      facts: draft.facts,
      ageMs: planned.ageMs,
    };
  });
}

// ---------------------------------------------------------------------------------------------------
// Dates relative to publication
// ---------------------------------------------------------------------------------------------------

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const monthName = (index: number) => MONTHS[((index % 12) + 12) % 12] ?? '';

/** Resolves the `{{kind:offset}}` tokens the writers leave, against the publication date (UTC). */
export function resolveDates(text: string, published: Date): string {
  const year = published.getUTCFullYear();
  const month = published.getUTCMonth();
  return text.replace(/\{\{(\w+):(-?\d+)\}\}/g, (token, kind: string, raw: string) => {
    const n = Number(raw);
    switch (kind) {
      case 'date':
      case 'dmy': {
        const d = new Date(published.getTime() + n * DAY);
        const day = d.getUTCDate();
        const name = monthName(d.getUTCMonth());
        return kind === 'date' ? `${name} ${day}, ${d.getUTCFullYear()}` : `${day} ${name} ${d.getUTCFullYear()}`;
      }
      case 'q': {
        const index = year * 4 + Math.floor(month / 3) + n;
        return `Q${(index % 4) + 1} ${Math.floor(index / 4)}`;
      }
      case 'mon':
        return monthName(month + n);
      case 'mony': {
        const index = year * 12 + month + n;
        return `${monthName(index)} ${Math.floor(index / 12)}`;
      }
      case 'yr':
        return String(year + n);
      case 'yy':
        return String(year + n).slice(-2);
      case 'half': {
        const index = year * 2 + (month < 6 ? 0 : 1) + n;
        return `the ${index % 2 === 0 ? 'first' : 'second'} half of ${Math.floor(index / 2)}`;
      }
      default:
        return token;
    }
  });
}

let cached: BaseArticle[] | undefined;

/**
 * The demo corpus dated relative to `now`: built once per process, re-dated on every call. Newest
 * first; at least a dozen articles fall within the 24 hours before `now`.
 */
export function loadDemoCorpus(now: Date): DemoArticle[] {
  cached ??= build();
  return cached
    .map(({ ageMs, ...article }): DemoArticle => {
      const publishedAt = new Date(now.getTime() - ageMs);
      const resolve = (text: string) => resolveDates(text, publishedAt);
      return {
        ...article,
        title: resolve(article.title),
        description: resolve(article.description),
        content: resolve(article.content),
        publishedAt,
        company: { ...article.company },
        commodities: [...article.commodities],
        contacts: article.contacts.map((c) => ({ ...c })),
        facts: {
          ...article.facts,
          ...(article.facts.drillingTimeline ? { drillingTimeline: resolve(article.facts.drillingTimeline) } : {}),
        },
      };
    })
    .sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime());
}
