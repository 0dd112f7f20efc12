import { z } from 'zod';
import { articleStatusSchema } from './articles.ts';
import { evaluationProgressSchema } from './evaluation.ts';

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
  /**
   * Articles left out because a market-cap or outstanding-shares range is set and the product knows neither
   * figure of their company; absent when none were.
   */
  no_company_data: z.number().int().optional(),
});
export type FetchSourceReport = z.infer<typeof fetchSourceReportSchema>;

/**
 * One source's line of a fetch report: 'read 12 items, skipped 2: no title', 'read 12 items, skipped 3: no
 * title (2), no link or guid (1)', 'failed: HTTP 500' or, when it failed part-way, 'read 40 items; failed: …';
 * with '; 5 left out: company market cap or shares unknown' when a range left articles out for lack of data.
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
  const skipped = report.skipped > 0 ? `${items}, skipped ${number(report.skipped)}${why}` : items;
  const read = report.no_company_data
    ? `${skipped}; ${number(report.no_company_data)} left out: ${NO_COMPANY_DATA}`
    : skipped;
  if (!report.error) return read;
  return report.read > 0 ? `${read}; failed: ${report.error}` : `failed: ${report.error}`;
}

/** Why an article is left out when a market-cap or shares range is set: the product knows neither figure. */
export const NO_COMPANY_DATA = 'company market cap or shares unknown';

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

/**
 * Where a message stands in its topic: the server numbers the messages it publishes per topic (one publishing
 * process, one audience, one subject such as a batch), 1, 2, 3… A client that sees a number skip knows it
 * missed one and catches up. Optional: catch-up messages, read from the database, carry none.
 */
const sequenced = {
  topic: z.string().max(200).optional(),
  seq: z.number().int().positive().optional(),
};

/** Every message the WebSocket at /ws sends: `{type, ...}` (SPEC.md sections 3 and 7). */
export const liveMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('progress_update'), session_id: z.string(), data: fetchProgressSchema, ...sequenced }),
  z.object({
    type: z.literal('batch_progress'),
    batch_session_id: z.string(),
    data: z.record(z.string(), z.unknown()),
    ...sequenced,
  }),
  z.object({
    type: z.literal('article_status_update'),
    article_id: z.number().int(),
    status: articleStatusSchema,
    ...sequenced,
  }),
  z.object({ type: z.literal('articles_updated'), session_id: z.string().optional(), ...sequenced }),
  z.object({ type: z.literal('article_updated'), article_id: z.number().int(), ...sequenced }),
  z.object({ type: z.literal('stats_updated'), ...sequenced }),
  /** The user's notifications changed (a new digest, read elsewhere): the bell refetches. */
  z.object({ type: z.literal('notifications_updated'), ...sequenced }),
  /** A run of one of the user's watches was queued, started or finished. */
  z.object({ type: z.literal('watch_run_updated'), watch_id: z.number().int(), ...sequenced }),
  /** An evaluation run the user started moved on (articles done, or its status changed). */
  z.object({ type: z.literal('evaluation_progress'), ...evaluationProgressSchema.shape, ...sequenced }),
  /** The server's database is unreachable (`down`) or back (`up`); the live badge says so. */
  z.object({ type: z.literal('service_status'), database: z.enum(['up', 'down']) }),
  /**
   * Messages may have been missed (the server listened again after losing its database, or the client asked
   * after a gap): the catch-up messages came just before this; refetch what is on screen.
   */
  z.object({ type: z.literal('resync') }),
]);
export type LiveMessage = z.infer<typeof liveMessageSchema>;
export type LiveMessageType = LiveMessage['type'];

/** What a client may send on the socket: `catch_up` asks for the state of its runs after it saw a gap. */
export const liveClientMessageSchema = z.discriminatedUnion('type', [z.object({ type: z.literal('catch_up') })]);
export type LiveClientMessage = z.infer<typeof liveClientMessageSchema>;

/**
 * The close code of a socket whose session ended (sign-out, password change, removed user, expiry).
 * The client does not reconnect on it until its auth check says it is still signed in.
 */
export const LIVE_SESSION_ENDED_CLOSE_CODE = 4401;
