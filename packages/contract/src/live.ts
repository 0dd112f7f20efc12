import { z } from 'zod';
import { articleStatusSchema } from './articles.ts';

/** Fetch progress data (SPEC.md section 3). */
export const fetchProgressSchema = z.object({
  message: z.string(),
  progress: z.number(),
  current_page: z.number().int(),
  total_pages: z.number().int(),
  articles_found: z.number().int(),
  status: z.string(),
});

/** Every message the WebSocket at /ws sends: `{type, ...}` (SPEC.md sections 3 and 7). */
export const liveMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('progress_update'), session_id: z.string(), data: fetchProgressSchema }),
  z.object({
    type: z.literal('batch_progress'),
    batch_session_id: z.string(),
    data: z.record(z.string(), z.unknown()),
  }),
  z.object({ type: z.literal('article_status_update'), article_id: z.number().int(), status: articleStatusSchema }),
  z.object({ type: z.literal('articles_updated'), session_id: z.string().optional() }),
  z.object({ type: z.literal('article_updated'), article_id: z.number().int() }),
  z.object({ type: z.literal('stats_updated') }),
]);
export type LiveMessage = z.infer<typeof liveMessageSchema>;
export type LiveMessageType = LiveMessage['type'];

/**
 * The close code of a socket whose session ended (sign-out, password change, removed user, expiry).
 * The client does not reconnect on it until its auth check says it is still signed in.
 */
export const LIVE_SESSION_ENDED_CLOSE_CODE = 4401;
