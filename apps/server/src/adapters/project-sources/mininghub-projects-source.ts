import { z } from 'zod';
import { COUNTRIES, commodityNameToSymbol, findCountry } from '@mining-hub/contract/reference-data';
import type {
  CrawlRequest,
  CrawlResponse,
  ProjectContact,
  ProjectOwner,
  ProjectPartner,
  ProjectSource,
} from './project-source.ts';

/** Projects per discovery page; the API's maximum. */
export const MININGHUB_PROJECTS_PER_PAGE = 100;
/** Discovery pages per country at most (100,000 projects): a runaway `last_page` cannot flood the queue. */
const MAX_PAGES = 1000;

const idSchema = z.union([z.string().min(1), z.number()]).transform(String);
const text = z.string().nullish();

/** One page of `GET /projects?country=AU&page=1&per_page=100`; a bare array (unpaged answer) is read too. */
const discoverySchema = z.union([
  z.object({
    data: z.array(z.object({ gid: idSchema }).loose()),
    meta: z.object({ current_page: z.number().int(), last_page: z.number().int() }).loose(),
  }),
  z.array(z.object({ gid: idSchema }).loose()),
]);

const companySchema = z
  .object({
    id: idSchema.nullish(),
    company_name: z.string(),
    percentage: z.number().nullish(),
    root_ticker: text,
    ticker: text,
    exchange: text,
    market_cap: z.number().nullish(),
    website: text,
  })
  .loose();

const contactSchema = z
  .object({
    name: text,
    first_name: text,
    last_name: text,
    title: text,
    job_title: text,
    email: text,
    phone: text,
    phone_number: text,
  })
  .loose();

/**
 * `GET /projects/{gid}/relationships`: the project with the companies holding it (`jv` ownership with
 * percentages, `option` as nested arrays, `nsrs` royalty holders) and its contacts.
 */
const relationshipsSchema = z
  .object({
    project: z
      .object({
        gid: idSchema,
        project_name: z.string().min(1),
        commodities: z.union([z.array(z.string()), z.string()]).nullish(),
        stage: text,
        country: text,
        state: text,
        location: text,
      })
      .loose(),
    jv: z.array(companySchema).nullish(),
    option: z.array(z.array(companySchema)).nullish(),
    nsrs: z.array(companySchema).nullish(),
    contacts: z.array(contactSchema).nullish(),
  })
  .loose();

type ApiCompany = z.infer<typeof companySchema>;

export interface MiningHubProjectsOptions {
  token: string;
  /** The API root, e.g. https://api.mininghub.com/v1 (MININGHUB_BASE_URL). */
  baseUrl: string;
}

/**
 * The licensed MiningHub API as a project source: its projects filter by country for discovery (paged
 * JSON) and the project relationships by gid for assembly. The token goes in the same Authorization
 * header as the news source sends.
 */
export function createMiningHubProjectsSource(options: MiningHubProjectsOptions): ProjectSource {
  const root = options.baseUrl.replace(/\/+$/, '');
  const headers = { authorization: `Bearer ${options.token}`, accept: 'application/json' };
  const discoveryRequest = (country: string, page: number): CrawlRequest => {
    const params = new URLSearchParams({ country, page: String(page), per_page: String(MININGHUB_PROJECTS_PER_PAGE) });
    return { url: `${root}/projects?${params}`, headers };
  };

  return {
    name: 'MiningHub',
    // Every project answer is JSON: nothing ever waits for a browser.
    browserReadySelector: 'body',

    // The API has no list of covered countries; production mode asks it about every ISO country.
    listCountries: async () => COUNTRIES.map((country) => country.code),

    discoveryRequests: (countryCode) => [discoveryRequest(countryCode.toUpperCase(), 1)],

    parseDiscovery(response) {
      const parsed = discoverySchema.safeParse(parseJson(response));
      if (!parsed.success) throw new Error(`malformed MiningHub projects page: ${describe(parsed.error)}`);
      if (Array.isArray(parsed.data)) return { gids: unique(parsed.data.map((item) => item.gid)), next: [] };
      const { data, meta } = parsed.data;
      const url = new URL(response.url);
      const country = url.searchParams.get('country') ?? '';
      // Page 1 queues the rest at once, so the crawler fetches them in parallel rather than in a chain.
      const next: CrawlRequest[] = [];
      if (meta.current_page === 1 && country) {
        for (let page = 2; page <= Math.min(meta.last_page, MAX_PAGES); page++)
          next.push(discoveryRequest(country, page));
      }
      return { gids: unique(data.map((item) => item.gid)), next };
    },

    projectRequest: (gid) => ({ url: `${root}/projects/${encodeURIComponent(gid)}/relationships`, headers }),

    parseProject(gid, response) {
      const parsed = relationshipsSchema.safeParse(parseJson(response));
      if (!parsed.success) throw new Error(`malformed MiningHub relationships answer: ${describe(parsed.error)}`);
      const { project, jv, option, contacts } = parsed.data;
      if (project.gid !== gid) throw new Error(`MiningHub answered project ${project.gid} for ${gid}`);
      const country = findCountry(project.country ?? '')?.code;
      if (!country) throw new Error(`MiningHub project ${gid} has no known country (${project.country ?? 'none'})`);
      return {
        kind: 'project',
        project: {
          gid,
          name: project.project_name.trim(),
          commodities: readCommodities(project.commodities),
          stage: blankToNull(project.stage),
          country,
          region: blankToNull(project.state),
          location: blankToNull(project.location),
          owner: ownerOf(jv ?? [], option ?? []),
          joint_venture: partnersOf(jv ?? []),
          contacts: (contacts ?? []).map(toContact).filter((contact): contact is ProjectContact => contact !== null),
          source_url: response.url,
        },
      };
    },
  };
}

function parseJson(response: CrawlResponse): unknown {
  try {
    return JSON.parse(response.body);
  } catch {
    throw new Error(`MiningHub answered something that is not JSON (${response.contentType || 'no content type'})`);
  }
}

const describe = (error: z.ZodError) =>
  error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`)
    .join('; ');

const unique = (values: string[]) => [...new Set(values)];

const blankToNull = (value: string | null | undefined) => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

/** Symbols as the contract's reference data writes them; the API sends symbols or names ("Gold, Copper"). */
function readCommodities(value: string[] | string | null | undefined): string[] {
  const items = typeof value === 'string' ? value.split(',') : (value ?? []);
  return unique(
    items
      .map((item) => item.trim())
      .filter((item) => item !== '')
      .map(commodityNameToSymbol),
  );
}

/** The owner is the largest joint-venture holder; without ownership data, the first optionee. */
function ownerOf(jv: ApiCompany[], option: ApiCompany[][]): ProjectOwner | null {
  const holder = [...jv].sort((a, b) => (b.percentage ?? 0) - (a.percentage ?? 0))[0] ?? option.flat()[0];
  if (!holder || holder.company_name.trim() === '') return null;
  return {
    name: holder.company_name.trim(),
    ticker: blankToNull(holder.root_ticker ?? holder.ticker),
    exchange: blankToNull(holder.exchange),
    market_cap_musd: holder.market_cap ?? null,
    website: blankToNull(holder.website),
  };
}

/** Every joint-venture holder with its share: accounts record them all as the project's owners. */
function partnersOf(jv: ApiCompany[]): ProjectPartner[] {
  return jv
    .filter((holder) => holder.company_name.trim() !== '')
    .map((holder) => ({
      name: holder.company_name.trim(),
      ticker: blankToNull(holder.root_ticker ?? holder.ticker),
      exchange: blankToNull(holder.exchange),
      share_pct: holder.percentage ?? null,
    }));
}

function toContact(contact: z.infer<typeof contactSchema>): ProjectContact | null {
  const name =
    blankToNull(contact.name) ?? blankToNull([contact.first_name, contact.last_name].filter(Boolean).join(' '));
  if (!name) return null;
  return {
    name,
    title: blankToNull(contact.title ?? contact.job_title),
    email: blankToNull(contact.email),
    phone: blankToNull(contact.phone ?? contact.phone_number),
  };
}
