import { z } from 'zod';
import { isAllTime, isWholeRange, RANGE_DEFAULT, type NewsQuery } from '@mining-hub/contract/news';
import { fetchTextWithLimits, FetchError } from '../http-fetch.ts';
import type { NewsSource, SourceArticle } from './news-source.ts';

const PER_PAGE = 50;
const MAX_PAGES = 100;
const MAX_ATTEMPTS = 4;
const DAY_MS = 86_400_000;

const mininghubArticleSchema = z.object({
  id: z.union([z.string(), z.number()]),
  title: z.string(),
  source: z.string().nullish(),
  url: z.string().nullish(),
  summary: z.string().nullish(),
  content: z.string().nullish(),
  date: z.string().nullish(),
  type: z.string().nullish(),
  pdf_url: z.string().nullish(),
  commodities: z.array(z.string()).nullish(),
  country: z.string().nullish(),
  state: z.string().nullish(),
  company: z
    .object({
      name: z.string().nullish(),
      ticker: z.string().nullish(),
      /** US$ million, as the projects API gives a holder's. */
      market_cap: z.number().nullish(),
      /** Millions of shares. */
      shares_outstanding: z.number().nullish(),
    })
    .nullish(),
  project: z.string().nullish(),
});
const mininghubPageSchema = z.object({
  data: z.array(mininghubArticleSchema),
  meta: z.object({ current_page: z.number().int(), last_page: z.number().int(), total: z.number().int().optional() }),
});

/** The MiningHub news API's query string for a filter set; its vocabulary is the one the spec's filters mirror. */
export function buildMininghubParams(query: NewsQuery, page: number, now: Date): URLSearchParams {
  const params = new URLSearchParams();
  const set = (key: string, value: string) => value !== '' && params.set(key, value);
  set('country', query.country);
  set('state', query.state);
  set('area', query.area);
  for (const symbol of query.commodity) params.append('commodity[]', symbol);
  for (const type of query.type) params.append('type[]', type);
  set('article', query.article);
  set('project', query.project);
  set('company', query.company);
  set('ticker', query.ticker);
  set('free-text-search', query.free_text_search);
  // All Time asks for everything the API holds: no start date.
  if (!isAllTime(query.dateRange)) {
    params.set('date_from', new Date(now.getTime() - query.dateRange * DAY_MS).toISOString().slice(0, 10));
  }
  params.set('date_to', now.toISOString().slice(0, 10));
  for (const where of ['countryWhere', 'stateWhere', 'areaWhere', 'commoditiesWhere']) params.set(where, 'all');
  // A whole range is no filter (the API would drop companies it has no figures for, or above the panel's top);
  // a maximum at the top is open-ended.
  for (const [name, range] of [
    ['marketcap', query.marketcap],
    ['outstandingshares', query.outstandingshares],
  ] as const) {
    if (isWholeRange(range)) continue;
    params.set(`${name}[min]`, String(range.min));
    if (range.max < RANGE_DEFAULT.max) params.set(`${name}[max]`, String(range.max));
  }
  params.set('page', String(page));
  params.set('per_page', String(PER_PAGE));
  return params;
}

export interface MininghubOptions {
  token: string;
  baseUrl: string;
  /** Waits between retries; tests shorten it. */
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The licensed MiningHub API: filters server-side, pages through results, retries 429 and 5xx. */
export function createMininghubSource(options: MininghubOptions): NewsSource {
  const sleep = options.sleep ?? defaultSleep;

  async function getPage(url: string, signal: AbortSignal) {
    for (let attempt = 1; ; attempt++) {
      try {
        const { text } = await fetchTextWithLimits(url, {
          timeoutMs: 20_000,
          maxBytes: 10 * 1024 * 1024,
          contentTypes: ['application/json'],
          headers: { authorization: `Bearer ${options.token}`, accept: 'application/json' },
          signal,
        });
        const parsed = mininghubPageSchema.safeParse(JSON.parse(text));
        if (!parsed.success) throw new Error('malformed MiningHub answer');
        return parsed.data;
      } catch (error) {
        const status = error instanceof FetchError ? error.status : undefined;
        const retryable = status === 429 || (status !== undefined && status >= 500) || error instanceof SyntaxError;
        if (!retryable || attempt >= MAX_ATTEMPTS) throw error;
        const retryAfterMs = error instanceof FetchError ? error.retryAfterMs : undefined;
        await sleep(Math.min(30_000, retryAfterMs ?? 1000 * 2 ** (attempt - 1)));
      }
    }
  }

  return {
    name: 'MiningHub',
    filtersServerSide: true,
    async *fetchPages(query, { now, signal }) {
      for (let page = 1; page <= MAX_PAGES; page++) {
        const url = `${options.baseUrl.replace(/\/$/, '')}/news?${buildMininghubParams(query, page, now)}`;
        const answer = await getPage(url, signal);
        const totalPages = Math.min(MAX_PAGES, Math.max(1, answer.meta.last_page));
        yield { articles: answer.data.map(toSourceArticle), page, totalPages };
        if (page >= totalPages) return;
      }
    },
  };
}

function toSourceArticle(item: z.infer<typeof mininghubArticleSchema>): SourceArticle {
  const published = item.date ? new Date(item.date) : null;
  const figures = {
    marketCapMusd: item.company?.market_cap ?? null,
    sharesOutstandingM: item.company?.shares_outstanding ?? null,
  };
  return {
    sourceKey: `mininghub:${item.id}`,
    title: item.title,
    source: item.source ?? 'MiningHub',
    url: item.url ?? null,
    description: item.summary ?? null,
    content: item.content ?? null,
    articleType: item.pdf_url ? 'pdf' : 'news',
    pdfUrl: item.pdf_url ?? null,
    publishedAt: published && !Number.isNaN(published.getTime()) ? published : null,
    tags: {
      commodities: item.commodities ?? [],
      countries: item.country ? [item.country] : [],
      states: item.state ? [item.state] : [],
      type: item.type ?? null,
      company: item.company?.name ?? null,
      ticker: item.company?.ticker ?? null,
      project: item.project ?? null,
    },
    ...(figures.marketCapMusd !== null || figures.sharesOutstandingM !== null ? { companyFigures: figures } : {}),
    raw: {
      date: item.date ?? null,
      link: item.url ?? null,
      pdf_iframe_url: item.pdf_url ?? null,
      mininghub_id: item.id,
    },
  };
}
