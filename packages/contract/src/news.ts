import { z } from 'zod';
import { articleActivitySchema, articleStatusSchema, buyingIntentSchema } from './articles.ts';
import { accountRefSchema, successData } from './common.ts';
import { miningFactsSchema } from './facts.ts';
import { storySchema } from './stories.ts';
import {
  articleTypeFilterSchema,
  commoditySymbolSchema,
  countryCodeSchema,
  stateCodeSchema,
} from './reference-data.ts';

/** Spec limits (SPEC.md section 9). */
export const ARTICLE_PAGE_SIZE = 20;
export const MAX_ARTICLE_PAGE_SIZE = 100;
export const MAX_DATE_RANGE_DAYS = 3650;

/**
 * Whether a `dateRange` means 'All Time' (SPEC.md sends it as 3650, the longest range): no lower bound on
 * the date, every item a source holds, however old.
 */
export function isAllTime(dateRange: number): boolean {
  return dateRange >= MAX_DATE_RANGE_DAYS;
}
/** Market cap and outstanding shares are in millions; the filter panel defaults to 0–10,000. */
export const RANGE_DEFAULT = { min: 0, max: 10_000 } as const;

const text = (max = 200) => z.string().trim().max(max).default('');
/** An optional reference value: '' means any, anything else must be known (and is normalised to its code). */
const optionalCode = <T extends z.ZodType<string, string>>(schema: T) => z.union([z.literal(''), schema]).default('');

export const numberRangeSchema = z
  .object({ min: z.number().min(0).max(1e9), max: z.number().min(0).max(1e9) })
  .refine((range) => range.min <= range.max, { message: 'min must not be greater than max', path: ['min'] });
export type NumberRange = z.infer<typeof numberRangeSchema>;

/** Whether a range is the filter panel's whole range (0 to its top, 10,000 million): it leaves nothing out. */
export function isWholeRange(range: NumberRange): boolean {
  return range.min <= RANGE_DEFAULT.min && range.max >= RANGE_DEFAULT.max;
}

/** Whether a figure (in millions) lies in a range; a maximum at the panel's top (10,000) has no upper bound. */
export function isInRange(value: number, range: NumberRange): boolean {
  return value >= range.min && (range.max >= RANGE_DEFAULT.max || value <= range.max);
}

/** `POST /fetch-news-session` (SPEC.md section 7): the filter set with the date preset turned into days. */
export const fetchNewsRequestSchema = z.object({
  dateRange: z.number().int().min(1).max(MAX_DATE_RANGE_DAYS),
  country: optionalCode(countryCodeSchema),
  state: optionalCode(stateCodeSchema),
  area: text(200),
  commodity: z.array(commoditySymbolSchema).max(100).default([]),
  type: z.array(articleTypeFilterSchema).max(50).default([]),
  free_text_search: text(500),
  company: text(),
  project: text(),
  ticker: text(40),
  article: text(),
  marketcap: numberRangeSchema.default(RANGE_DEFAULT),
  outstandingshares: numberRangeSchema.default(RANGE_DEFAULT),
});
export type FetchNewsRequest = z.input<typeof fetchNewsRequestSchema>;
export type NewsQuery = z.output<typeof fetchNewsRequestSchema>;

export const fetchNewsResponseSchema = z.object({
  success: z.literal(true),
  session_id: z.string(),
  message: z.string(),
});

export const articleSchema = z.object({
  article_id: z.number().int(),
  title: z.string(),
  source: z.string(),
  url: z.string().nullable(),
  description: z.string().nullable(),
  excerpt: z.string().nullable(),
  content: z.string().nullable(),
  text: z.string().nullable(),
  expanded_description: z.string().nullable(),
  full_content: z.string().nullable(),
  status: articleStatusSchema,
  failure_reason: z.string().nullable(),
  activity: articleActivitySchema,
  article_type: z.string(),
  pdf_iframe_url: z.string().nullable(),
  fetched_at: z.string(),
  published_at: z.string().nullable(),
  raw_json: z.object({
    date: z.string().nullable().optional(),
    link: z.string().nullable().optional(),
    pdf_iframe_url: z.string().nullable().optional(),
  }),
  commodities: z.array(z.string()),
  countries: z.array(z.string()),
  states: z.array(z.string()),
  type_group: z.string().nullable(),
  type: z.string().nullable(),
  company: z.string().nullable(),
  ticker: z.string().nullable(),
  project: z.string().nullable(),
  /** The AI analysis (fields of the prompt's output schema) once the article is analysed. */
  analysis: z.record(z.string(), z.unknown()).nullable(),
  /** Copied out of the analysis for list pages: null until analysed, or when the prompt scores no intent. */
  buying_intent_score: buyingIntentSchema.nullable(),
  /** The evidence behind the intent, as short phrases; empty when the analysis gave none. */
  intent_reasons: z.array(z.string()),
  /** The analysis's one-line sales signal. */
  signal_summary: z.string().nullable(),
  analysis_prompt_id: z.number().int().nullable(),
  analysis_prompt_version: z.number().int().nullable(),
  crm_company_id: z.string().nullable(),
  /** The story (release) this article is; null only for an article stored before stories and not yet grouped. */
  story: storySchema.nullable(),
  /** The company page (issue 34) the article's story joined; null when none. */
  account: accountRefSchema,
  /**
   * The mining facts read from the expanded text (every fact's start/end index `factsText`, fact-lines.ts);
   * null on list items and for an article not expanded yet. A copy serves its story's facts.
   */
  facts: miningFactsSchema.nullable(),
});
export type Article = z.infer<typeof articleSchema>;

export const paginationSchema = z.object({
  current_page: z.number().int(),
  page_size: z.number().int(),
  total_count: z.number().int(),
  total_pages: z.number().int(),
  has_next: z.boolean(),
  has_prev: z.boolean(),
});
export type Pagination = z.infer<typeof paginationSchema>;

/** `{success, data: [item, …], pagination}`: one page of a listing (signals, the CRM outbox, the audit log). */
export const successPage = <T extends z.ZodType>(item: T) =>
  z.object({ success: z.literal(true), data: z.array(item), pagination: paginationSchema });

export const sessionParamsSchema = z.object({ sessionId: z.string().uuid() });
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  page_size: z.coerce.number().int().min(1).max(MAX_ARTICLE_PAGE_SIZE).default(ARTICLE_PAGE_SIZE),
});

/**
 * A page of a session's articles. List items carry no bodies: content, text, expanded_description,
 * full_content and analysis are null there; `GET /article/{id}` answers them in full. The intent, its
 * reasons and the one-line summary are on list items too.
 */
export const articlePageResponseSchema = z.object({ data: z.array(articleSchema), pagination: paginationSchema });
export type ArticlePageResponse = z.infer<typeof articlePageResponseSchema>;
export const articleIdsResponseSchema = successData(z.object({ article_ids: z.array(z.number().int()) }));
export const articleResponseSchema = successData(articleSchema);
export const articleParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** The filter set the page keeps and saves as the automatic configuration (SPEC.md section 3). */
export const filterSetSchema = z.object({
  country: text(100),
  state: text(100),
  area: text(200),
  commodity: z.array(z.string().max(60)).max(100).default([]),
  type: z.array(z.string().max(60)).max(100).default([]),
  project: text(),
  company: text(),
  ticker: text(40),
  article: text(),
  'free-text-search': text(500),
  dateFilter: z
    .object({
      preset: z.enum(['today', 'last-3-days', 'last-7-days', 'last-30-days', 'this-year', 'all-time', 'custom']),
      customRange: z
        .object({ startDate: z.string().max(40).nullable(), endDate: z.string().max(40).nullable() })
        .nullable()
        .default(null),
    })
    .default({ preset: 'today', customRange: null }),
  countryWhere: text(20).default('all'),
  stateWhere: text(20).default('all'),
  areaWhere: text(20).default('all'),
  commoditiesWhere: text(20).default('all'),
  marketcap: numberRangeSchema.default(RANGE_DEFAULT),
  outstandingshares: numberRangeSchema.default(RANGE_DEFAULT),
  projectSize: z.tuple([z.number().nullable(), z.number().nullable()]).default([null, null]),
});
export type FilterSet = z.infer<typeof filterSetSchema>;

export const autoModeResponseSchema = successData(filterSetSchema.nullable());
