import { findCountry } from '@mining-hub/contract/reference-data';
import { CITIES, type City } from '../news/corpus/companies.ts';
import { asciiLower, PHONE_DIGITS } from '../news/corpus/context.ts';
import { createRng, seedOf, type Rng } from '../news/corpus/random.ts';
import { FIRST_NAMES, LAST_NAMES } from '../news/corpus/vocabulary-data.ts';
import type { ProjectContact, ScrapedProject } from '../../adapters/project-sources/project-source.ts';
import {
  COMPANY_PROFILES,
  COMPANY_WORD,
  companyStem,
  CORPORATE_TITLES,
  type DemoExchange,
  EARLY_SITE_TITLES,
  fillDigits,
  GENERIC_WORDS,
  JS_ONLY_SHARE,
  LATE_SITE_TITLES,
  LEGAL_SUFFIX,
  MARKET,
  MARKET_CAP_MUSD,
  NAMERS,
  nameStyleOf,
  parseRegions,
  PEOPLE,
  peopleOf,
  type PeoplePool,
  PROJECT_STAGES,
  PROJECTS_PER_COUNTRY,
  type ProjectStage,
  REGIONS_TABLE,
  type RegionSeed,
  SECONDARY_COUNTRIES,
  STAGE_WEIGHTS,
} from './demo-directory-data.ts';

/*
 * The demo directory: a bundled, fictional directory of mining projects, their owners and contacts,
 * generated deterministically (seeded) so every run and every test sees the same data. Company names,
 * tickers, people and project names are invented; websites and e-mail addresses use the reserved
 * .example domain, and phone numbers the fiction ranges where a country has one. Regions and the towns
 * named in locations are real places, so the data reads like a real directory.
 */

export interface DemoContact extends ProjectContact {
  title: string;
  email: string;
  phone: string;
}

export interface DemoCompany {
  /** `C-001`… */
  id: string;
  name: string;
  ticker: string;
  exchange: DemoExchange;
  /** Millions of US dollars. */
  market_cap_musd: number;
  /** https://www.<slug>.example */
  website: string;
  /** <slug>.example: the contacts' e-mail domain. */
  domain: string;
  /** ISO code of the country the company is listed and based in (GB for London listings). */
  home_country: string;
  head_office: string;
  project_gids: string[];
}

export interface DemoProject {
  /** `AU-0001`: the country code and a number, stable across runs. */
  gid: string;
  name: string;
  /** Commodity symbols as in the contract's reference data, the main one first. */
  commodities: string[];
  stage: ProjectStage;
  /** ISO 3166-1 alpha-2. */
  country: string;
  region: string;
  location: string;
  owner: DemoCompany;
  contacts: DemoContact[];
  /** The project page renders its contacts with JavaScript only. */
  js_only: boolean;
}

export interface DemoCountry {
  code: string;
  name: string;
  projectCount: number;
}

export interface DemoDirectory {
  projects: readonly DemoProject[];
  companies: readonly DemoCompany[];
  /** Countries with projects, by name. */
  countries: readonly DemoCountry[];
  project(gid: string): DemoProject | undefined;
  /** Projects of one country in gid order; empty for a country without projects. */
  projectsIn(countryCode: string): readonly DemoProject[];
}

interface CompanyDraft {
  index: number;
  exchange: DemoExchange;
  home: string;
  primary: string;
  secondary: string[];
  stem: string;
  projects: DraftProject[];
}

interface DraftProject {
  gid: string;
  name: string;
  commodities: string[];
  stage: ProjectStage;
  country: string;
  region: RegionSeed;
  location: string;
  js_only: boolean;
}

function weightedIndex(rng: Rng, weights: readonly number[]): number {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let roll = rng.next() * total;
  for (let i = 0; i < weights.length; i++) {
    roll -= weights[i] ?? 0;
    if (roll < 0) return i;
  }
  return weights.length - 1;
}

const DIRECTIONS = ['north', 'north-east', 'east', 'south-east', 'south', 'south-west', 'west', 'north-west'];

function draftProjects(regions: readonly RegionSeed[]): DraftProject[] {
  const takenNames = new Set<string>();
  const projects: DraftProject[] = [];
  for (const [country, count] of Object.entries(PROJECTS_PER_COUNTRY)) {
    const countryRegions = regions.filter((region) => region.country === country);
    const countryProjects: DraftProject[] = [];
    for (let n = 1; n <= count; n++) {
      const gid = `${country}-${String(n).padStart(4, '0')}`;
      const rng = createRng(seedOf(`demo-directory:project:${gid}`));
      const region =
        countryRegions[
          weightedIndex(
            rng,
            countryRegions.map((r) => r.weight),
          )
        ];
      if (!region) throw new Error(`no regions for ${country}`);
      const namer = NAMERS[nameStyleOf(country, region.name)];
      let name = namer(rng);
      for (let attempt = 0; takenNames.has(name) && attempt < 50; attempt++) name = namer(rng);
      // A name every namer gave already: number it, as directories do with neighbouring claims.
      for (let suffix = 2; takenNames.has(name); suffix++) name = `${name.replace(/ \d+$/, '')} ${suffix}`;
      takenNames.add(name);
      const town = rng.pick(region.towns);
      const location = rng.chance(0.1) ? `near ${town}` : `${rng.int(3, 45) * 5} km ${rng.pick(DIRECTIONS)} of ${town}`;
      countryProjects.push({
        gid,
        name,
        commodities: [...rng.pick(region.suites)],
        stage: PROJECT_STAGES[weightedIndex(rng, STAGE_WEIGHTS)] ?? 'Exploration',
        country,
        region,
        location,
        js_only: false,
      });
    }
    // An exact share of each country renders its contacts with JavaScript (30 %, rounded).
    const flagged = createRng(seedOf(`demo-directory:js-only:${country}`)).pickSome(
      countryProjects,
      Math.round(count * JS_ONLY_SHARE),
    );
    for (const project of flagged) project.js_only = true;
    projects.push(...countryProjects);
  }
  return projects;
}

function draftCompanies(): CompanyDraft[] {
  const rng = createRng(seedOf('demo-directory:companies'));
  const stems = new Set<string>();
  const drafts: CompanyDraft[] = [];
  for (const profile of COMPANY_PROFILES) {
    for (const [primary, count] of Object.entries(profile.primary)) {
      for (let i = 0; i < count; i++) {
        let stem = companyStem(rng);
        while (stems.has(stem)) stem = companyStem(rng);
        stems.add(stem);
        const others = (SECONDARY_COUNTRIES[profile.home] ?? []).filter((country) => country !== primary);
        const secondary = rng.chance(0.32) ? rng.pickSome(others, rng.pick([1, 1, 2])) : [];
        drafts.push({
          index: drafts.length + 1,
          exchange: profile.exchange,
          home: profile.home,
          primary,
          secondary,
          stem,
          projects: [],
        });
      }
    }
  }
  return drafts;
}

/** Every company gets a project in its main country first, then in its other countries, then at random. */
function assignOwners(
  projects: readonly DraftProject[],
  companies: readonly CompanyDraft[],
): Map<string, CompanyDraft> {
  const owners = new Map<string, CompanyDraft>();
  for (const country of Object.keys(PROJECTS_PER_COUNTRY)) {
    const rng = createRng(seedOf(`demo-directory:owners:${country}`));
    const here = rng.shuffle(projects.filter((project) => project.country === country));
    const primaries = rng.shuffle(companies.filter((company) => company.primary === country));
    const secondaries = rng.shuffle(companies.filter((company) => company.secondary.includes(country)));
    const candidates = [...primaries, ...secondaries];
    const weights = candidates.map((company) => (company.primary === country ? 3 : 1));
    here.forEach((project, i) => {
      const owner = candidates[i] ?? candidates[weightedIndex(rng, weights)];
      if (!owner) throw new Error(`no company holds projects in ${country}`);
      owners.set(project.gid, owner);
      owner.projects.push(project);
    });
  }
  return owners;
}

function tickerFor(rng: Rng, stem: string, word: string, taken: Set<string>): string {
  const letters = `${stem}${word}`.toUpperCase().replace(/[^A-Z]/g, '');
  const first = letters.charAt(0);
  for (let i = 1; i < letters.length; i++) {
    for (let j = i + 1; j < letters.length; j++) {
      const ticker = `${first}${letters.charAt(i)}${letters.charAt(j)}`;
      if (!taken.has(ticker)) return ticker;
    }
  }
  for (;;) {
    const ticker = `${first}${String.fromCharCode(65 + rng.int(0, 25))}${String.fromCharCode(65 + rng.int(0, 25))}`;
    if (!taken.has(ticker)) return ticker;
  }
}

interface CompanyPeople {
  company: DemoCompany;
  /** Head-office people: the leader, the technical head and the investor contact. */
  people: DemoContact[];
  /** Addresses in the company's house style; site staff get theirs from it too. */
  emails: (first: string, last: string) => string;
}

function finishCompanies(drafts: readonly CompanyDraft[], takenPeople: Set<string>): Map<CompanyDraft, CompanyPeople> {
  const tickers = new Set<string>();
  const finished = new Map<CompanyDraft, CompanyPeople>();
  for (const draft of drafts) {
    const rng = createRng(seedOf(`demo-directory:company:${draft.stem}`));
    const counts = new Map<string, number>();
    for (const project of draft.projects) {
      const main = project.commodities[0] ?? '';
      counts.set(main, (counts.get(main) ?? 0) + 1);
    }
    const dominant = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
    const themed = COMPANY_WORD[dominant];
    const word = themed && rng.chance(0.55) ? themed : rng.pick(GENERIC_WORDS);
    const name = `${draft.stem} ${word} ${rng.pick(LEGAL_SUFFIX[draft.exchange])}`;
    const ticker = tickerFor(rng, draft.stem, word, tickers);
    tickers.add(ticker);
    const slug = asciiLower(`${draft.stem}${word}`);
    const [low, high] = MARKET_CAP_MUSD[draft.exchange];
    const producer = draft.projects.some((project) => project.stage === 'Production');
    const marketCap = rng.logUniform(producer ? Math.min(high, low * 5) : low, high, 1);
    const cities = Object.values(CITIES).filter((city: City) => city.country === draft.home);
    const hq = rng.pick(cities);
    const company: DemoCompany = {
      id: `C-${String(draft.index).padStart(3, '0')}`,
      name,
      ticker,
      exchange: draft.exchange,
      market_cap_musd: marketCap,
      website: `https://www.${slug}.example`,
      domain: `${slug}.example`,
      home_country: draft.home,
      head_office: hq.name,
      project_gids: draft.projects.map((project) => project.gid).sort(),
    };
    const emails = createEmailer(rng.int(0, 2), company.domain);
    const digits = PHONE_DIGITS[draft.home] ?? 4;
    const people = CORPORATE_TITLES[MARKET[draft.exchange]].map((titles): DemoContact => {
      const person = uniquePerson(rng, PEOPLE.en ?? { first: FIRST_NAMES, last: LAST_NAMES }, takenPeople);
      return {
        name: `${person.first} ${person.last}`,
        title: rng.pick(titles),
        email: emails(person.first, person.last),
        phone: `${hq.phone}${String(rng.int(0, 10 ** digits - 1)).padStart(digits, '0')}`,
      };
    });
    finished.set(draft, { company, people, emails });
  }
  return finished;
}

function uniquePerson(rng: Rng, pool: PeoplePool, taken: Set<string>): { first: string; last: string } {
  let first = rng.pick(pool.first);
  let last = rng.pick(pool.last);
  for (let attempt = 0; taken.has(`${first} ${last}`) && attempt < 60; attempt++) {
    first = rng.pick(pool.first);
    last = rng.pick(pool.last);
  }
  taken.add(`${first} ${last}`);
  return { first, last };
}

/** E-mail addresses in one house style per company, unique within its domain. */
function createEmailer(style: number, domain: string): (first: string, last: string) => string {
  const used = new Set<string>();
  return (first, last) => {
    const f = asciiLower(first);
    const l = asciiLower(last);
    const base = [`${f}.${l}`, `${f.charAt(0)}${l}`, `${f}${l.charAt(0)}`][style] ?? `${f}.${l}`;
    let local = base;
    for (let n = 2; used.has(local); n++) local = `${base}${n}`;
    used.add(local);
    return `${local}@${domain}`;
  };
}

/** Builds the whole directory; deterministic, so two builds are deep-equal. */
export function buildDemoDirectory(): DemoDirectory {
  const regions = parseRegions(REGIONS_TABLE);
  const drafts = draftProjects(regions);
  const companyDrafts = draftCompanies();
  const owners = assignOwners(drafts, companyDrafts);
  const takenPeople = new Set<string>();
  const finished = finishCompanies(companyDrafts, takenPeople);

  const projects = drafts.map((draft): DemoProject => {
    const ownerDraft = owners.get(draft.gid);
    const owned = ownerDraft ? finished.get(ownerDraft) : undefined;
    if (!owned) throw new Error(`project ${draft.gid} has no owner`);
    const rng = createRng(seedOf(`demo-directory:contacts:${draft.gid}`));
    const count = [1, 2, 3][weightedIndex(rng, [25, 45, 30])] ?? 1;
    const leader = owned.people[weightedIndex(rng, [50, 35, 15])] ?? owned.people[0];
    const contacts: DemoContact[] = leader ? [leader] : [];
    const late = ['Development', 'Production', 'Care & Maintenance'].includes(draft.stage);
    const pool = peopleOf(draft.country, draft.region.name);
    const titles = rng.shuffle(late ? LATE_SITE_TITLES : EARLY_SITE_TITLES);
    while (contacts.length < count) {
      const person = uniquePerson(rng, pool, takenPeople);
      contacts.push({
        name: `${person.first} ${person.last}`,
        title: titles[contacts.length - 1] ?? 'Project Manager',
        email: owned.emails(person.first, person.last),
        phone: fillDigits(rng, draft.region.phone),
      });
    }
    return {
      gid: draft.gid,
      name: draft.name,
      commodities: draft.commodities,
      stage: draft.stage,
      country: draft.country,
      region: draft.region.name,
      location: draft.location,
      owner: owned.company,
      contacts,
      js_only: draft.js_only,
    };
  });

  const byGid = new Map(projects.map((project) => [project.gid, project]));
  const byCountry = new Map<string, DemoProject[]>();
  for (const project of projects) {
    const list = byCountry.get(project.country) ?? [];
    list.push(project);
    byCountry.set(project.country, list);
  }
  const countries = [...byCountry.entries()]
    .map(([code, list]): DemoCountry => ({ code, name: findCountry(code)?.name ?? code, projectCount: list.length }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  return {
    projects,
    companies: [...finished.values()].map((entry) => entry.company),
    countries,
    project: (gid) => byGid.get(gid),
    projectsIn: (countryCode) => byCountry.get(countryCode.toUpperCase()) ?? [],
  };
}

let cached: DemoDirectory | undefined;

/** The demo directory, built once per process. */
export function loadDemoDirectory(): DemoDirectory {
  cached ??= buildDemoDirectory();
  return cached;
}

/** A demo project as the scraper should read it from `sourceUrl`: what crawler tests compare against. */
export function demoProjectAsScraped(project: DemoProject, sourceUrl: string): ScrapedProject {
  return {
    gid: project.gid,
    name: project.name,
    commodities: [...project.commodities],
    stage: project.stage,
    country: project.country,
    region: project.region,
    location: project.location,
    owner: {
      name: project.owner.name,
      ticker: project.owner.ticker,
      exchange: project.owner.exchange,
      market_cap_musd: project.owner.market_cap_musd,
      website: project.owner.website,
    },
    contacts: project.contacts.map((contact) => ({ ...contact })),
    source_url: sourceUrl,
  };
}
