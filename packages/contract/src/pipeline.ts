import { z } from 'zod';
import { articleSchema } from './news.ts';
import { successData } from './common.ts';

export const MAX_BATCH_ARTICLES = 1000;
/** How many of a batch's failures its status lists. */
export const MAX_BATCH_FAILURES_LISTED = 20;

const articleId = z.number().int().positive().max(2_147_483_647);

/** Body of the single-article steps: expand, process (analyse), push. */
export const articleStepRequestSchema = z.object({ article_id: articleId });
export const articleStepResponseSchema = successData(articleSchema);

const selectedArticleIds = z
  .array(articleId)
  .min(1)
  .max(MAX_BATCH_ARTICLES)
  .refine((ids) => new Set(ids).size === ids.length, { message: 'article ids must not repeat' });

/** `POST /batch/process-selected` (SPEC.md section 7); `push: false` stops each article once it is analysed. */
export const processSelectedRequestSchema = z.object({
  article_ids: selectedArticleIds,
  push: z
    .boolean()
    .default(true)
    .describe(
      'Push each article to the CRM once analysed (the default, as SPEC.md defines Process Selected); false stops at summarised, for review before push.',
    ),
});
export type ProcessSelectedRequest = z.input<typeof processSelectedRequestSchema>;

/** `POST /batch/push-selected`: pushes analysed (reviewed) articles to the CRM as a batch. */
export const pushSelectedRequestSchema = z.object({
  article_ids: selectedArticleIds.describe(
    'Analysed articles (summarised, or failed_push to retry); ones already pushed are counted done, not pushed again.',
  ),
});
export type PushSelectedRequest = z.input<typeof pushSelectedRequestSchema>;

/**
 * What a batch does with each article: every remaining step (process), expand and analyse only (analyse),
 * or only the push of analysed articles (push).
 */
export const BATCH_MODES = ['process', 'analyse', 'push'] as const;
export type BatchMode = (typeof BATCH_MODES)[number];

export const processSelectedResponseSchema = z.object({
  success: z.literal(true),
  batch_session_id: z.string(),
  article_count: z.number().int(),
  /** Selected articles left out because another running batch already holds them. */
  skipped_count: z.number().int(),
});

/** Batch status (SPEC.md section 3). */
export const batchStatusSchema = z.object({
  batch_session_id: z.string(),
  status: z.enum(['running', 'completed']),
  total_articles: z.number().int(),
  completed: z.number().int(),
  failed: z.number().int(),
  progress_percentage: z.number(),
  results: z.object({ expanded: z.number().int(), analyzed: z.number().int(), pushed_to_hubspot: z.number().int() }),
  /** The batch's failed articles with why (the service's own words, e.g. HubSpot's), by article id. */
  failures: z
    .array(z.object({ article_id: z.number().int(), reason: z.string() }))
    .max(MAX_BATCH_FAILURES_LISTED)
    .describe(`The articles that failed in this batch, with why; at most ${MAX_BATCH_FAILURES_LISTED}.`),
});
export type BatchStatus = z.infer<typeof batchStatusSchema>;

export const batchParamsSchema = z.object({ id: z.string().uuid() });
