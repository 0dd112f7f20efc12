import { z } from 'zod';
import { buyingIntentSchema } from './articles.ts';
import { httpUrlSchema, successData } from './common.ts';
import { fetchNewsRequestSchema } from './news.ts';

/** Issue 17's limits: a schedule of 1 minute to a day, at most 20 e-mail recipients. */
export const WATCH_INTERVAL_MINUTES = { min: 1, max: 1440 } as const;
export const MAX_WATCH_RECIPIENTS = 20;

/**
 * How a watch's webhook is spoken to (issue 35): the signed generic JSON body, a Slack incoming webhook
 * (a Block Kit message), or a Microsoft Teams Workflows webhook (an Adaptive Card).
 */
export const WEBHOOK_FORMATS = ['generic', 'slack', 'teams'] as const;
export const webhookFormatSchema = z.enum(WEBHOOK_FORMATS);
export type WebhookFormat = z.infer<typeof webhookFormatSchema>;

/** The fields of a watch as a client sends them; every one is required on create unless it has a default. */
const watchFields = {
  name: z.string().trim().min(1, 'must not be empty').max(200),
  /** The fetch request of SPEC.md section 7 (`dateRange`, `country`, `commodity`, …). */
  filters: fetchNewsRequestSchema,
  interval_minutes: z.number().int().min(WATCH_INTERVAL_MINUTES.min).max(WATCH_INTERVAL_MINUTES.max),
  /** Push articles at or above this buying intent to the CRM; null analyses and alerts, never pushes. */
  push_min_intent: buyingIntentSchema.nullable(),
  webhook_url: httpUrlSchema.nullable(),
  webhook_format: webhookFormatSchema,
  email_to: z.array(z.string().trim().email().max(254)).max(MAX_WATCH_RECIPIENTS),
  enabled: z.boolean(),
  /** Only stories about companies the watch's user owns (their accounts, issue 34). */
  my_accounts: z.boolean(),
};

/** `POST /watches`. */
export const createWatchRequestSchema = z.object({
  ...watchFields,
  push_min_intent: watchFields.push_min_intent.default(null),
  webhook_url: watchFields.webhook_url.default(null),
  webhook_format: watchFields.webhook_format.default('generic'),
  email_to: watchFields.email_to.default([]),
  enabled: watchFields.enabled.default(true),
  my_accounts: watchFields.my_accounts.default(false),
});
export type CreateWatchRequest = z.input<typeof createWatchRequestSchema>;
export type WatchInput = z.output<typeof createWatchRequestSchema>;

/** `PATCH /watches/{id}`: any of the fields; `{enabled: false}` switches a watch off. */
export const updateWatchRequestSchema = z.object(watchFields).partial();
export type UpdateWatchRequest = z.input<typeof updateWatchRequestSchema>;
export type WatchChanges = z.output<typeof updateWatchRequestSchema>;

export const WATCH_RUN_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;

export const watchRunSchema = z.object({
  id: z.number().int(),
  status: z.enum(WATCH_RUN_STATUSES),
  trigger: z.enum(['schedule', 'manual']),
  queued_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  /** Articles the run's fetch found that no earlier run of this watch had seen. */
  new_articles: z.number().int(),
  /** Of those, how many this run analysed (ones analysed before are not analysed again). */
  analysed: z.number().int(),
  /** Pushed to the CRM by this run (at or above the watch's threshold, never twice). */
  pushed: z.number().int(),
  /** Signals in this run's digest (each article alerted at most once per watch). */
  alerted: z.number().int(),
  error: z.string().nullable(),
});
export type WatchRun = z.infer<typeof watchRunSchema>;

/**
 * A saved watch's filters as the server answers them: the fetch request's output, already in codes. Its name-to-code
 * transforms are left out: a response schema with a transform cannot encode (a watch for copper answered 500).
 */
const savedFiltersSchema = fetchNewsRequestSchema.extend({
  country: z.string(),
  state: z.string(),
  commodity: z.array(z.string()),
});

export const watchSchema = z.object({
  id: z.number().int(),
  owner_id: z.number().int(),
  name: z.string(),
  filters: savedFiltersSchema,
  interval_minutes: z.number().int(),
  push_min_intent: buyingIntentSchema.nullable(),
  webhook_url: z.string().nullable(),
  webhook_format: webhookFormatSchema,
  email_to: z.array(z.string()),
  enabled: z.boolean(),
  my_accounts: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  /** When the schedule next runs it (null while switched off). */
  next_run_at: z.string().nullable(),
  last_run: watchRunSchema.nullable(),
});
export type Watch = z.infer<typeof watchSchema>;

export const watchResponseSchema = successData(watchSchema);
export const watchListResponseSchema = successData(z.array(watchSchema));
export const watchRunResponseSchema = successData(watchRunSchema);
export const watchRunsResponseSchema = successData(z.array(watchRunSchema));
