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
