import { z } from 'zod';
import { articleSchema } from './news.ts';
import { successData } from './common.ts';

export const MAX_BATCH_ARTICLES = 1000;

const articleId = z.number().int().positive().max(2_147_483_647);

/** Body of the single-article steps: expand, process (analyse), push. */
export const articleStepRequestSchema = z.object({ article_id: articleId });
export const articleStepResponseSchema = successData(articleSchema);

export const processSelectedRequestSchema = z.object({
  article_ids: z
    .array(articleId)
    .min(1)
    .max(MAX_BATCH_ARTICLES)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'article ids must not repeat' }),
});

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
});
export type BatchStatus = z.infer<typeof batchStatusSchema>;

export const batchParamsSchema = z.object({ id: z.string().uuid() });
