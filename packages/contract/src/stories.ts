import { z } from 'zod';

/** One copy of a release: the feed or site that carried it, its link and its time. */
export const storySourceSchema = z.object({
  article_id: z.number().int(),
  /** The feed's or site's name, as the article's `source`. */
  name: z.string(),
  url: z.string().nullable(),
  /** ISO 8601; null when the copy carried no date. */
  published_at: z.string().nullable(),
});
export type StorySource = z.infer<typeof storySourceSchema>;

/**
 * The release an article is a copy of (issue 32). Listings show the story once, as its primary article;
 * `sources` lists every copy, the primary first, then by time.
 */
export const storySchema = z.object({
  id: z.number().int(),
  primary_article_id: z.number().int(),
  sources: z.array(storySourceSchema),
});
export type Story = z.infer<typeof storySchema>;
