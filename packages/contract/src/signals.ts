import { z } from 'zod';
import {
  ARTICLE_STATUSES,
  articleActivitySchema,
  articleStatusSchema,
  BUYING_INTENT_LEVELS,
  buyingIntentSchema,
} from './articles.ts';
import { accountRefSchema, idParamsSchema } from './common.ts';
import { ARTICLE_PAGE_SIZE, MAX_ARTICLE_PAGE_SIZE, successPage } from './news.ts';
import { STUDY_STAGES, studyStageSchema } from './facts.ts';
import { commoditySymbolSchema, countryCodeSchema } from './reference-data.ts';
import { storySchema } from './stories.ts';

/** Orders of the inbox: buying intent highest first (the default), newest first, or by company name. */
export const SIGNAL_SORTS = ['intent', 'newest', 'company'] as const;
export type SignalSort = (typeof SIGNAL_SORTS)[number];

/** The `status` filter's values: a pipeline status, or 'dismissed' for the signals taken out of the inbox. */
export const SIGNAL_STATUS_FILTERS = [...ARTICLE_STATUSES, 'dismissed'] as const;
export type SignalStatusFilter = (typeof SIGNAL_STATUS_FILTERS)[number];

/**
 * The `fact` filter's values: the release carries a closed financing, a planned drill programme, drill
 * intercepts, a resource estimate, an economic study (facts of packages/contract/src/facts.ts).
 */
export const SIGNAL_FACT_FILTERS = [
  'financing-closed',
  'programme-planned',
  'intercepts',
  'resource',
  'study',
] as const;
export type SignalFactFilter = (typeof SIGNAL_FACT_FILTERS)[number];

/** A comma-separated query parameter (`intent=High,Very High`) as a list of at most `max` checked values. */
const commaList = <T extends z.ZodType<unknown, string>>(item: T, max: number) =>
  z
    .string()
    .max(2000)
    .transform((value) =>
      value
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part !== ''),
    )
    .pipe(z.array(item).max(max));

/** A calendar day, `YYYY-MM-DD` (UTC). */
const isoDay = z.iso.date({ error: 'must be a date (YYYY-MM-DD)' });

/** `GET /signals`: filters, order and page of the signals inbox. Every filter is optional. */
export const signalsQuerySchema = z
  .object({
    /** Buying-intent levels, any of them (`High,Very High`). */
    intent: commaList(buyingIntentSchema, BUYING_INTENT_LEVELS.length).optional(),
    /** Commodities by name or symbol, any of them. */
    commodity: commaList(commoditySymbolSchema, 100).optional(),
    /** Countries by ISO code or name, any of them. */
    country: commaList(countryCodeSchema, 100).optional(),
    /** Pipeline statuses, any of them; with 'dismissed' the dismissed signals instead of the inbox. */
    status: commaList(z.enum(SIGNAL_STATUS_FILTERS), SIGNAL_STATUS_FILTERS.length).optional(),
    /** Facts the release carries, every one of them (`financing-closed,programme-planned`). */
    fact: commaList(z.enum(SIGNAL_FACT_FILTERS), SIGNAL_FACT_FILTERS.length).optional(),
    /** Study stages, any of them (`PFS,FS,DFS`). */
    stage: commaList(studyStageSchema, STUDY_STAGES.length).optional(),
    /** Part of the title, company or signal summary, any case. */
    q: z.string().trim().max(200).optional(),
    /** First and last day (UTC, both included) of the article's date. */
    from: isoDay.optional(),
    to: isoDay.optional(),
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    page_size: z.coerce.number().int().min(1).max(MAX_ARTICLE_PAGE_SIZE).default(ARTICLE_PAGE_SIZE),
    sort: z.enum(SIGNAL_SORTS).default('intent'),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'from must not be after to',
    path: ['from'],
  });
export type SignalsQuery = z.output<typeof signalsQuerySchema>;
export type SignalsQueryInput = z.input<typeof signalsQuerySchema>;

/** One row of the inbox: an analysed article with its buying intent, why, and where it stands. */
export const signalSchema = z.object({
  article_id: z.number().int(),
  company: z.string().nullable(),
  title: z.string(),
  /** Null when the active prompt's schema has no (valid) buying intent. */
  buying_intent_score: buyingIntentSchema.nullable(),
  /** Short phrases behind the score; empty when the analysis gave none. */
  intent_reasons: z.array(z.string()),
  signal_summary: z.string().nullable(),
  /** Commodity symbols and country codes the article is tagged with. */
  commodities: z.array(z.string()),
  countries: z.array(z.string()),
  /** The article's date (published, else fetched), ISO 8601. */
  date: z.string(),
  status: articleStatusSchema,
  activity: articleActivitySchema,
  /** ISO 8601 when the signal was dismissed, else null. */
  dismissed_at: z.string().nullable(),
  /** The source link; null when the article has none (the app's own article page stands in). */
  url: z.string().nullable(),
  /**
   * The release's strongest fact as one line ("C$4M closed · drilling", "10,000 m RC Q1", "PFS NPV US$412M";
   * fact-lines.ts `strongestFact`); null when its facts are none or not read yet.
   */
  strongest_fact: z.string().nullable(),
  /** The release this signal is, with every source that carried it (null for an article not yet grouped). */
  story: storySchema.nullable(),
  /** The company page this signal's story joined (the inbox shows its name when `company` is null). */
  account: accountRefSchema,
});
export type Signal = z.infer<typeof signalSchema>;

export const signalsPageResponseSchema = successPage(signalSchema);
export type SignalsPageResponse = z.infer<typeof signalsPageResponseSchema>;

/** `POST /article/{id}/dismiss` and `/restore`. */
export const signalParamsSchema = idParamsSchema;
export const dismissalResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ article_id: z.number().int(), dismissed_at: z.string().nullable() }),
});
export type DismissalResponse = z.infer<typeof dismissalResponseSchema>;
