import * as cheerio from 'cheerio';
import { z } from 'zod';
import { fetchTextWithLimits } from '../../adapters/http-fetch.ts';
import type {
  CrawlRequest,
  CrawlResponse,
  ProjectContact,
  ProjectOwner,
  ProjectSource,
  ScrapedProject,
} from '../../adapters/project-sources/project-source.ts';

/** Matches a project page once its contacts are in the document (static pages match from the start). */
export const DEMO_DIRECTORY_READY_SELECTOR = 'article[data-gid][data-contacts-state="rendered"]';

type Doc = cheerio.CheerioAPI;
type Selection = ReturnType<Doc>;

const clean = (text: string) => text.replace(/\s+/g, ' ').trim();
const textOrNull = (selection: Selection) => {
  const text = clean(selection.first().text());
  return text === '' ? null : text;
};

/**
 * The bundled demo directory, read over HTTP from the app that serves it at `baseUrl` (its origin,
 * e.g. http://127.0.0.1:8000): list pages per country for discovery, one page per project for assembly.
 */
export function createDemoDirectorySource(baseUrl: string): ProjectSource {
  const origin = baseUrl.replace(/\/+$/, '');
  const countryRequest = (code: string): CrawlRequest => ({
    url: `${origin}/demo-directory/countries/${encodeURIComponent(code)}`,
  });

  return {
    name: 'Demo directory',
    browserReadySelector: DEMO_DIRECTORY_READY_SELECTOR,

    // Read from the index page, as a crawler of a real directory would.
    async listCountries() {
      const { text } = await fetchTextWithLimits(`${origin}/demo-directory/countries`, {
        timeoutMs: 15_000,
        maxBytes: 2 * 1024 * 1024,
        contentTypes: ['text/html'],
      });
      const $ = cheerio.load(text);
      const codes = $('[data-directory-countries] [data-country]')
        .map((_i, element) => $(element).attr('data-country') ?? '')
        .get()
        .filter((code) => /^[A-Z]{2}$/.test(code));
      if (codes.length === 0) throw new Error('the demo directory index lists no countries');
      return codes;
    },

    discoveryRequests: (countryCode) => [countryRequest(countryCode)],

    parseDiscovery(response) {
      const $ = cheerio.load(response.body);
      const list = $('[data-directory-list]');
      if (list.length === 0) throw new Error(`not a demo directory list page: ${response.url}`);
      const gids = list
        .find('a[data-project-link]')
        .map((_i, element) => gidFromLink(new URL($(element).attr('href') ?? '', response.url)))
        .get()
        .filter((gid): gid is string => gid !== null);
      const nextHref = list.find('a[rel~="next"]').first().attr('href');
      const next = nextHref ? [{ url: new URL(nextHref, response.url).href }] : [];
      return { gids: [...new Set(gids)], next };
    },

    projectRequest: (gid) => ({ url: `${origin}/demo-directory/projects/${encodeURIComponent(gid)}` }),

    parseProject(gid, response) {
      const { $, article } = projectArticle(gid, response);
      const state = article.attr('data-contacts-state');
      if (state === 'failed') throw new Error('the page could not load its contacts');
      if (state === 'rendered') return { kind: 'project', project: readProject($, article, gid, response.url) };
      // The contacts come from a script. Where the page names what that script loads, read it over HTTP too.
      const contactsSource = article.find('[data-field="contacts"]').first().attr('data-contacts-src');
      if (!contactsSource) return { kind: 'needs-browser' };
      return {
        kind: 'needs-data',
        request: { url: new URL(contactsSource, response.url).href, headers: { accept: 'application/json' } },
      };
    },

    parseProjectData(gid, page, data) {
      const { $, article } = projectArticle(gid, page);
      return { ...readProject($, article, gid, page.url), contacts: readContactsJson(gid, data) };
    },
  };
}

/** The page's project article, checked to be the project asked for. */
function projectArticle(gid: string, response: CrawlResponse): { $: Doc; article: Selection } {
  const $ = cheerio.load(response.body);
  const article = $('article[data-gid]').first();
  if (article.length === 0) throw new Error(`not a demo directory project page: ${response.url}`);
  if (article.attr('data-gid') !== gid) {
    throw new Error(`the page is project ${article.attr('data-gid') ?? '?'}, not ${gid}`);
  }
  return { $, article };
}

const optionalText = z
  .string()
  .nullish()
  .transform((text) => (text ? clean(text) || null : null));
const contactsAnswerSchema = z.object({
  gid: z.string(),
  contacts: z.array(z.object({ name: z.string(), title: optionalText, email: optionalText, phone: optionalText })),
});

/** The contacts a JavaScript-only page's script would load, read from the JSON itself. */
function readContactsJson(gid: string, data: CrawlResponse): ProjectContact[] {
  let body: unknown;
  try {
    body = JSON.parse(data.body);
  } catch {
    throw new Error(`the contacts at ${data.url} are not JSON`);
  }
  const answer = contactsAnswerSchema.safeParse(body);
  if (!answer.success) throw new Error(`the contacts at ${data.url} are not in the expected shape`);
  if (answer.data.gid !== gid)
    throw new Error(`the contacts at ${data.url} are project ${answer.data.gid}'s, not ${gid}`);
  return answer.data.contacts
    .map((contact) => ({ ...contact, name: clean(contact.name) }))
    .filter((contact) => contact.name !== '');
}

function gidFromLink(url: URL): string | null {
  const match = /^\/demo-directory\/projects\/([^/]+)$/.exec(url.pathname);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

function readProject($: Doc, article: Selection, gid: string, sourceUrl: string): ScrapedProject {
  const field = (name: string, scope: Selection = article) => scope.find(`[data-field="${name}"]`).first();
  const name = textOrNull(field('name'));
  if (!name) throw new Error('the project page has no project name');
  const country = field('country').attr('data-code')?.trim().toUpperCase() ?? '';
  if (!/^[A-Z]{2}$/.test(country)) throw new Error('the project page has no country code');
  const commodities = field('commodities')
    .find('[data-symbol]')
    .map((_i, element) => clean($(element).attr('data-symbol') ?? ''))
    .get()
    .filter((symbol) => symbol !== '');
  const contacts = field('contacts')
    .find('[data-contact]')
    .map((_i, element): ProjectContact | undefined => {
      const item = $(element);
      const contactName = textOrNull(field('contact-name', item));
      if (!contactName) return undefined;
      return {
        name: contactName,
        title: textOrNull(field('contact-title', item)),
        email: textOrNull(field('contact-email', item)),
        phone: textOrNull(field('contact-phone', item)),
      };
    })
    .get()
    .filter((contact): contact is ProjectContact => contact !== undefined);
  return {
    gid,
    name,
    commodities: [...new Set(commodities)],
    stage: textOrNull(field('stage')),
    country,
    region: textOrNull(field('region')),
    location: textOrNull(field('location')),
    owner: readOwner(field('owner')),
    contacts,
    source_url: sourceUrl,
  };
}

function readOwner(section: Selection): ProjectOwner | null {
  if (section.length === 0) return null;
  const field = (name: string) => section.find(`[data-field="${name}"]`).first();
  const name = textOrNull(field('owner-name'));
  if (!name) return null;
  const marketCap = Number(field('owner-market-cap').attr('data-musd'));
  const website = field('owner-website').find('a[href]').first().attr('href') ?? textOrNull(field('owner-website'));
  return {
    name,
    ticker: textOrNull(field('owner-ticker')),
    exchange: textOrNull(field('owner-exchange')),
    market_cap_musd:
      field('owner-market-cap').attr('data-musd') !== undefined && Number.isFinite(marketCap) ? marketCap : null,
    website: website ?? null,
  };
}
