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

/** The buying-intent scale (SPEC.md section 9), lowest first. */
export const BUYING_INTENT_LEVELS = ['Low', 'Medium', 'High', 'Very High'] as const;
export const buyingIntentSchema = z.enum(BUYING_INTENT_LEVELS);
export type BuyingIntent = z.infer<typeof buyingIntentSchema>;
