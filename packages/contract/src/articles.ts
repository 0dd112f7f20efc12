import { z } from 'zod';

/** Article lifecycle (SPEC.md section 4). */
export const ARTICLE_STATUSES = [
  'fetched',
  'expanded',
  'summarised',
  'pushed_to_hubspot',
  'failed_expansion',
  'failed_summary',
  'failed_push',
] as const;
export const articleStatusSchema = z.enum(ARTICLE_STATUSES);
export type ArticleStatus = z.infer<typeof articleStatusSchema>;

/**
 * What is being done with an article right now: a batch holds it and it waits its turn (queued), or a
 * step runs on it (processing); null when neither. Meanwhile `status` and `failure_reason` still tell the
 * outcome of its last step (an article pushed again after failed_push is failed_push until the push ends).
 */
export const ARTICLE_ACTIVITIES = ['queued', 'processing'] as const;
export const articleActivitySchema = z
  .enum(ARTICLE_ACTIVITIES)
  .nullable()
  .describe(
    'queued: a running batch holds the article; processing: a step runs on it; null: neither. status and failure_reason keep the last outcome until the step ends.',
  );
export type ArticleActivity = z.infer<typeof articleActivitySchema>;

/** The buying-intent scale (SPEC.md section 9), lowest first. */
export const BUYING_INTENT_LEVELS = ['Low', 'Medium', 'High', 'Very High'] as const;
export const buyingIntentSchema = z.enum(BUYING_INTENT_LEVELS);
export type BuyingIntent = z.infer<typeof buyingIntentSchema>;
