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

/**
 * `analysis.rubric_intent`: with an AI provider, the intent rubric's score over the extracted facts
 * (docs/ARCHITECTURE.md, "Intent from facts"), kept beside the AI's `buying_intent_score`, never over it.
 */
export const RUBRIC_INTENT_FIELD = 'rubric_intent';
export const rubricIntentSchema = z.object({
  level: buyingIntentSchema,
  /** The facts the level rests on: 'C$4.0M placement closed, funds 5,000 m drilling'. */
  reasons: z.array(z.string()),
  /** The AI's buying_intent_score is another level. */
  disagrees: z.boolean(),
});
export type RubricIntent = z.infer<typeof rubricIntentSchema>;
