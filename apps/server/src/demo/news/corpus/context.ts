import { COMMODITIES, findCountry, findState } from '@mining-hub/contract/reference-data';
import type { ArticleTypeValue } from '@mining-hub/contract/reference-data';
import { CITIES, type City, type CompanySeed, type Exchange, type ProjectSeed } from './companies.ts';
import { num, type Block } from './document.ts';
import { profileFor, type GradeProfile } from './grades-data.ts';
import { createRng, seedOf, type Rng } from './random.ts';
import { DEPOSITS, FIRST_NAMES, LAST_NAMES, type DepositStyle } from './vocabulary-data.ts';

/** One person of a 'For further information' block, in the default prompt schema's field names. */
export interface Contact {
  first_name: string;
  last_name: string;
  job_title: string;
  email: string;
  phone_number: string;
}

/** What an analyser should find about drilling in an article. */
export interface DrillingFacts {
  /** True when the article announces drilling that is planned or under way. */
  drillingPlanned: boolean;
  /** Metres of that planned or continuing drilling, when the article gives a figure. */
  drillingMeters?: number;
  /** The timeline phrase exactly as the article words it ('starting in Q2 2026'). */
  drillingTimeline?: string;
}

export type Market = 'na' | 'au' | 'uk' | 'za';

export interface Company extends CompanySeed {
  market: Market;
  hq: City;
  /** The name without its legal suffix, as headlines use it. */
  headline: string;
  people: { ceo: Contact; cfo: Contact; geologist: Contact; ir: Contact; chair: Contact };
  /** How this company lays out its contact block. */
  contactStyle: 0 | 1 | 2;
}

export interface Ctx {
  rng: Rng;
  type: ArticleTypeValue;
  company: Company;
  project: ProjectSeed;
  deposit: DepositStyle;
  profile: GradeProfile;
  /** Another company, for mergers and bids. */
  other: Company;
  /** Companies already referred to in the corpus, for vendors and partners. */
  all: readonly Company[];
}

/** What a type's writer produces; the assembler adds dateline, boilerplate and contacts. */
export interface Draft {
  title: string;
  /** Completes the first sentence after the company's name: 'is pleased to announce ...'. */
  lead: string;
  /** Rest of the first paragraph. */
  more?: string;
  highlights?: readonly string[];
  blocks: Block[];
  /** Words the chief executive is quoted as saying. */
  quote?: string;
  /** Adds the qualified / competent person statement. */
  technical: boolean;
  /** Set when the article is about a project other than the company's own (an acquisition). */
  project?: { name: string; country: string; state?: string };
  commodities?: readonly string[];
  facts: DrillingFacts;
}

// ---------------------------------------------------------------------------------------------------

const MARKETS: Record<Exchange, Market> = {
  TSX: 'na',
  TSXV: 'na',
  CSE: 'na',
  'NYSE American': 'na',
  ASX: 'au',
  AIM: 'uk',
  LSE: 'uk',
  JSE: 'za',
};

const TITLES: Record<Market, Record<keyof Company['people'], readonly string[]>> = {
  na: {
    ceo: ['President & CEO', 'President, CEO & Director', 'Chief Executive Officer', 'CEO & Director'],
    cfo: ['Chief Financial Officer', 'CFO & Corporate Secretary'],
    geologist: ['VP Exploration', 'Vice President, Exploration', 'Chief Geologist'],
    ir: [
      'Investor Relations',
      'Manager, Investor Relations',
      'VP Corporate Development',
      'Director, Investor Relations',
    ],
    chair: ['Executive Chairman', 'Chairman of the Board'],
  },
  au: {
    ceo: ['Managing Director', 'Managing Director & CEO'],
    cfo: ['CFO & Company Secretary', 'Company Secretary'],
    geologist: ['Exploration Manager', 'Head of Geology', 'Technical Director'],
    ir: ['Investor Relations', 'Media & Investor Relations'],
    chair: ['Non-Executive Chair', 'Chairman'],
  },
  uk: {
    ceo: ['Chief Executive Officer', 'CEO'],
    cfo: ['Finance Director', 'Chief Financial Officer'],
    geologist: ['Technical Director', 'Exploration Director'],
    ir: ['Investor Relations', 'Head of Investor Relations'],
    chair: ['Non-Executive Chairman'],
  },
  za: {
    ceo: ['Chief Executive Officer', 'CEO'],
    cfo: ['Financial Director', 'Chief Financial Officer'],
    geologist: ['Head of Exploration', 'Technical Director'],
    ir: ['Investor Relations', 'Head of Investor Relations'],
    chair: ['Independent Non-Executive Chairman'],
  },
};

/** Digits after the head-office prefix of CITIES, per country (the demo project directory uses them too). */
export const PHONE_DIGITS: Readonly<Record<string, number>> = { CA: 2, US: 2, AU: 4, GB: 3, ZA: 4 };

/** Lower-case ASCII letters only: the local part of a made-up email address or domain. */
export const asciiLower = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');

/** Gives every company its people: names unique across the corpus, emails at the company's domain. */
export function buildCompanies(seeds: readonly CompanySeed[]): Company[] {
  const taken = new Set<string>();
  return seeds.map((seed) => {
    const rng = createRng(seedOf(`company:${seed.ticker}`));
    const market = MARKETS[seed.exchange];
    const hq: City = CITIES[seed.city];
    const emailStyle = rng.int(0, 3);
    const digits = PHONE_DIGITS[hq.country] ?? 4;
    const person = (role: keyof Company['people']): Contact => {
      let first = rng.pick(FIRST_NAMES);
      let last = rng.pick(LAST_NAMES);
      while (taken.has(`${first} ${last}`)) {
        first = rng.pick(FIRST_NAMES);
        last = rng.pick(LAST_NAMES);
      }
      taken.add(`${first} ${last}`);
      const f = asciiLower(first);
      const l = asciiLower(last);
      const local = [`${f}.${l}`, `${f.charAt(0)}${l}`, f, `${f}${l.charAt(0)}`][emailStyle] ?? f;
      const phone = `${hq.phone}${String(rng.int(0, 10 ** digits - 1)).padStart(digits, '0')}`;
      return {
        first_name: first,
        last_name: last,
        job_title: rng.pick(TITLES[market][role]),
        email: `${local}@${seed.domain}`,
        phone_number: phone,
      };
    };
    const people = {
      ceo: person('ceo'),
      cfo: person('cfo'),
      geologist: person('geologist'),
      ir: person('ir'),
      chair: person('chair'),
    };
    const headline = seed.name.replace(/,? (Corp\.|Inc\.|Ltd\.?|plc|Limited|Corporation)$/, '');
    const contactStyle = market === 'au' ? 2 : rng.pick([0, 0, 1] as const);
    return { ...seed, market, hq, headline, people, contactStyle };
  });
}

export function makeCtx(
  rng: Rng,
  type: ArticleTypeValue,
  company: Company,
  project: ProjectSeed,
  all: readonly Company[],
): Ctx {
  const deposit: DepositStyle = DEPOSITS[project.deposit];
  const profile = profileFor(deposit.profile ?? project.commodities[0] ?? 'Au');
  const others = all.filter((c) => c.ticker !== company.ticker);
  return { rng, type, company, project, deposit, profile, other: rng.pick(others), all };
}

// ---------------------------------------------------------------------------------------------------
// Phrases shared by the writers
// ---------------------------------------------------------------------------------------------------

/** 'open pit mining', 'solution mining', 'in-situ recovery (ISR)'. */
export function miningMethod(deposit: DepositStyle): string {
  return /mining|recovery|reclamation|extraction/.test(deposit.mining) ? deposit.mining : `${deposit.mining} mining`;
}

/** 'an orogenic', 'an 8,000-metre', 'an 11-year': 'a' before a vowel sound, wherever templates meet. */
export function fixArticles(text: string): string {
  return text.replace(/(^|[\s(“>])([Aa]) (?=[aeioAEIO](?!ne\b|ne-)|u(?!ni|s|r)|8|1[18](?:[,.\-\s%]|$))/g, '$1$2n ');
}

/** A date token, resolved against the article's publication date when the corpus is loaded. */
export const when = {
  date: (days: number) => `{{date:${days}}}`,
  dmy: (days: number) => `{{dmy:${days}}}`,
  quarter: (quarters: number) => `{{q:${quarters}}}`,
  month: (months: number) => `{{mon:${months}}}`,
  monthYear: (months: number) => `{{mony:${months}}}`,
  year: (years: number) => `{{yr:${years}}}`,
  yy: (years: number) => `{{yy:${years}}}`,
  half: (halves: number) => `{{half:${halves}}}`,
};

export const full = (c: Contact) => `${c.first_name} ${c.last_name}`;

/** "Kaamos Metals'" and "Karnavik's". */
export const possessive = (name: string) => (name.endsWith('s') ? `${name}'` : `${name}'s`);

const SMALL_WORDS = new Set(['of', 'and', 'at', 'in', 'on', 'for', 'to', 'the', 'with', 'a', 'an', 'by']);

/** Headline case: 'Ounces of Gold', 'Down-Plunge'. */
export function titleCase(text: string): string {
  return text
    .split(' ')
    .map((word, i) => (i > 0 && SMALL_WORDS.has(word) ? word : word.replace(/(^|-)\p{Ll}/gu, (m) => m.toUpperCase())))
    .join(' ');
}

/** The reporting code as headlines shorten it: 'JORC', 'NI 43-101'. */
export const codeName = (code: string) => code.replace(/ Code \(\d+\)$/, '');

const commodityName = (symbol: string) => COMMODITIES.find((c) => c.symbol === symbol)?.name ?? symbol;

/** 'Copper-Gold', 'Silver-Lead-Zinc', 'Rare Earth'. */
export function commodityLabel(project: ProjectSeed, max = 2): string {
  return project.commodities
    .slice(0, max)
    .map((s) =>
      commodityName(s)
        .replace(/^PGMs$/, 'PGM')
        .replace(/^Rare Earths$/, 'Rare Earth')
        .replace(/^Iron Ore$/, 'Iron Ore'),
    )
    .join('-');
}

/** 'Tundra Lake Gold Project'. */
export const projectTitle = (project: ProjectSeed) => `${project.name} ${commodityLabel(project)} Project`;

/** 'Ontario', 'Western Australia', 'Ashanti Region'. */
export function regionName(project: { country: string; state?: string; region?: string }): string {
  if (project.state) return findState(project.state)?.name ?? project.state;
  return project.region ?? '';
}

export const countryName = (code: string) => findCountry(code)?.name ?? code;

/** 'the Red Lake mining district, Ontario, Canada'. */
export function location(project: ProjectSeed): string {
  return `${project.area}, ${regionName(project)}, ${countryName(project.country)}`;
}

export function spelling(ctx: Ctx) {
  const intl = ctx.company.market !== 'na';
  return {
    mineralization: intl ? 'mineralisation' : 'mineralization',
    mineralized: intl ? 'mineralised' : 'mineralized',
    program: ctx.company.market === 'uk' || ctx.company.market === 'za' ? 'programme' : 'program',
  };
}

const CURRENCY: Record<Market, { sign: string; rate: number }> = {
  na: { sign: 'C$', rate: 1.36 },
  au: { sign: 'A$', rate: 1.52 },
  uk: { sign: '£', rate: 0.79 },
  za: { sign: 'R', rate: 18.2 },
};

/** An amount given in US$ millions, in the company's home currency: 'C$12.5 million'. */
export function money(ctx: Ctx, usdMillions: number, currency?: 'US$'): string {
  const { sign, rate } = currency
    ? { sign: currency, rate: 1 }
    : ctx.company.exchange === 'NYSE American'
      ? { sign: 'US$', rate: 1 }
      : CURRENCY[ctx.company.market];
  const amount = usdMillions * rate;
  if (amount < 1) return `${sign}${num(Math.round(amount * 200) * 5000)}`;
  const decimals = amount < 20 && !Number.isInteger(Math.round(amount * 10) / 10) ? 1 : 0;
  return `${sign}${num(amount, decimals)} million`;
}

/** Share prices in the home currency: 'C$0.42', 'A$0.085', '12.5p'. */
export function sharePrice(ctx: Ctx, usd: number): string {
  if (ctx.company.market === 'uk') return `${num(usd * 79, 1)}p`;
  if (ctx.company.market === 'za') return `R${num(usd * 18.2, 2)}`;
  const { sign, rate } =
    ctx.company.exchange === 'NYSE American' ? { sign: 'US$', rate: 1 } : CURRENCY[ctx.company.market];
  const value = usd * rate;
  return `${sign}${num(value, value < 0.1 ? 3 : 2)}`;
}

/** '3.20 g/t Au', '1.45% Cu', '1,240 ppm Li'. */
export function grade(profile: GradeProfile, value: number): string {
  const text = num(value, profile.decimals);
  return profile.unit === '%' ? `${text}% ${profile.label}` : `${text} ${profile.unit} ${profile.label}`;
}

/** Contained metal of a resource: '1.24 Moz Au', '905 Mlb Cu', '412,000 t LCE'. */
export function contained(profile: GradeProfile, megatonnes: number, gradeValue: number): string {
  const tonnes = megatonnes * 1e6;
  switch (profile.contained) {
    case 'oz': {
      const oz = (tonnes * gradeValue) / 31.1035;
      return oz >= 1e6
        ? `${num(oz / 1e6, 2)} Moz ${profile.label}`
        : `${num(Math.round(oz / 1000))} koz ${profile.label}`;
    }
    case 'Mlb': {
      const lb = ((tonnes * gradeValue) / 100) * 2204.62;
      return `${num(lb / 1e6, lb < 1e8 ? 1 : 0)} Mlb ${profile.label}`;
    }
    case 't': {
      const metal = (tonnes * gradeValue) / 100;
      return metal >= 1e6
        ? `${num(metal / 1e6, 2)} Mt ${profile.label}`
        : `${num(Math.round(metal / 100) * 100)} t ${profile.label}`;
    }
    case 'Mt':
      return `${num((tonnes * gradeValue) / 100 / 1e6, 1)} Mt ${profile.label}`;
    case 'LCE': {
      const factor = profile.factor ?? 1;
      const lithium = profile.unit === '%' ? (tonnes * gradeValue) / 100 : (tonnes * gradeValue) / 1e6; // ppm and mg/L per m³
      return `${num(Math.round((lithium * factor) / 1000) * 1000)} t LCE`;
    }
    case 'none':
      return '-';
  }
}

/** Secondary commodities that carry a by-product grade, with their profiles. */
export function byProducts(ctx: Ctx): { symbol: string; profile: GradeProfile }[] {
  return ctx.project.commodities
    .slice(1)
    .flatMap((symbol) => {
      try {
        const profile = profileFor(symbol);
        return profile.byProduct ? [{ symbol, profile }] : [];
      } catch {
        return [];
      }
    })
    .slice(0, 2);
}

/** The broad area a country's contractors, labs and permits come from. */
export function areaKey(country: string): 'CA' | 'US' | 'AU' | 'LATAM' | 'AFRICA' | 'OTHER' {
  if (country === 'CA' || country === 'US' || country === 'AU') return country;
  if (['PE', 'CL', 'MX', 'EC', 'CO', 'AR', 'BR', 'GY'].includes(country)) return 'LATAM';
  if (['ZA', 'GH', 'NA', 'TZ', 'ZM', 'CD', 'BW', 'ML', 'BF', 'CI', 'GN', 'MZ'].includes(country)) return 'AFRICA';
  return 'OTHER';
}

export function drillContractor(ctx: Ctx, pools: Readonly<Record<string, readonly string[]>>): string {
  return ctx.rng.pick(pools[areaKey(ctx.project.country)] ?? pools.OTHER ?? ['a local drilling contractor']);
}

/** A drilling timeline phrase and the sentence fragment it sits in. */
export function drillTimeline(ctx: Ctx): string {
  return ctx.rng.pick([
    `starting in ${when.quarter(1)}`,
    `beginning in ${when.monthYear(2)}`,
    `commencing in ${when.monthYear(1)}`,
    `scheduled to start in ${when.month(2)}`,
    `during ${when.half(1)}`,
    `starting in ${when.month(1)}`,
    `expected to begin in ${when.quarter(1)}`,
    `with crews to mobilise in ${when.month(1)}`,
  ]);
}

/** Metres of a program, a round figure. */
export function programMetres(ctx: Ctx, min = 2_000, max = 30_000): number {
  return Math.round(ctx.rng.logUniform(min, max, 0) / 500) * 500;
}

/** One sentence announcing planned drilling, with the facts it states. */
export function plannedDrilling(
  ctx: Ctx,
  options: { withMetres?: boolean } = {},
): { text: string; facts: DrillingFacts } {
  const { rng } = ctx;
  const program = spelling(ctx).program;
  const metres = programMetres(ctx);
  const timeline = drillTimeline(ctx);
  const drill = ctx.deposit.drill;
  if (options.withMetres === false) {
    return {
      text: rng.pick([
        `The Company intends to drill test the highest-priority targets, with drilling ${timeline}.`,
        `Permitting for a maiden drill ${program} is under way, with drilling ${timeline}.`,
      ]),
      facts: { drillingPlanned: true, drillingTimeline: timeline },
    };
  }
  const text = rng.pick([
    `A ${num(metres)}-metre ${drill} drilling ${program} is planned, ${timeline}.`,
    `The Company plans to complete approximately ${num(metres)} metres of ${drill} drilling, ${timeline}.`,
    `A fully funded ${num(metres)} m ${drill} drill ${program} will follow, ${timeline}.`,
    `${ctx.company.short} expects to drill ${num(metres)} metres in ${rng.int(12, 60)} holes, ${timeline}.`,
  ]);
  return { text, facts: { drillingPlanned: true, drillingMeters: metres, drillingTimeline: timeline } };
}

export const noDrilling: DrillingFacts = { drillingPlanned: false };

/** Hole names like 'TL-{{yy:0}}-014'. */
export function holePrefix(project: ProjectSeed): string {
  const initials = project.name
    .split(/[\s-]+/)
    .filter((w) => /^\p{Lu}/u.test(w))
    .map((w) => w.charAt(0))
    .join('');
  return (initials.length >= 2 ? initials : project.name.slice(0, 3))
    .toUpperCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '');
}
