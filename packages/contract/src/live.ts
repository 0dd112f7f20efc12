import { z } from 'zod';
import { articleStatusSchema } from './articles.ts';

/**
 * What one source of a finished fetch gave: the items it read, how many of them it could not use (counted
 * by reason, e.g. {"no title": 2}), and why it failed altogether when it did.
 */
export const fetchSourceReportSchema = z.object({
  name: z.string(),
  read: z.number().int(),
  skipped: z.number().int(),
  skip_reasons: z.record(z.string(), z.number().int()),
  error: z.string().nullable(),
});
export type FetchSourceReport = z.infer<typeof fetchSourceReportSchema>;

/**
 * One source's line of a fetch report: 'read 12 items, skipped 2: no title', 'read 12 items, skipped 3: no
 * title (2), no link or guid (1)', 'failed: HTTP 500' or, when it failed part-way, 'read 40 items; failed: …'.
 */
export function describeSourceReport(report: Omit<FetchSourceReport, 'name'>): string {
  const number = (n: number) => n.toLocaleString('en-US');
  const reasons = Object.entries(report.skip_reasons);
  const why =
    reasons.length === 1
      ? `: ${reasons[0]?.[0]}`
      : reasons.length > 1
        ? `: ${reasons.map(([reason, n]) => `${reason} (${number(n)})`).join(', ')}`
        : '';
  const items = `read ${number(report.read)} ${report.read === 1 ? 'item' : 'items'}`;
  const read = report.skipped > 0 ? `${items}, skipped ${number(report.skipped)}${why}` : items;
  if (!report.error) return read;
  return report.read > 0 ? `${read}; failed: ${report.error}` : `failed: ${report.error}`;
}

/** Fetch progress data (SPEC.md section 3); the final update of a completed fetch adds a report per source. */
export const fetchProgressSchema = z.object({
  message: z.string(),
  progress: z.number(),
  current_page: z.number().int(),
  total_pages: z.number().int(),
  articles_found: z.number().int(),
  status: z.string(),
  sources: z.array(fetchSourceReportSchema).optional(),
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
