import { z } from 'zod';
import { accountRefSchema, httpUrlSchema, successData } from './common.ts';
import { MAX_WATCH_RECIPIENTS, webhookFormatSchema } from './watches.ts';

/** One signal of an alert digest, as the webhook body carries it. */
export const alertSignalSchema = z.object({
  article_id: z.number().int(),
  title: z.string(),
  /** Absolute link to the article. */
  url: z.string(),
  company: z.string().nullable(),
  buying_intent_score: z.string().nullable(),
  signal_summary: z.string().nullable(),
  /** Short phrases behind the score, strongest first (absent in digests queued before issue 35). */
  intent_reasons: z.array(z.string()).optional(),
  /** The company page (issue 34) the signal's story joined, when it joined one (absent in older digests). */
  account: accountRefSchema.optional(),
});
export type AlertSignal = z.infer<typeof alertSignalSchema>;

/** What a digest holds: the watch and its new signals. */
export const alertDigestSchema = z.object({
  watch: z.object({ id: z.number().int(), name: z.string() }),
  signals: z.array(alertSignalSchema),
});
export type AlertDigest = z.infer<typeof alertDigestSchema>;

/**
 * The JSON body POSTed to a watch's webhook. `text` is a readable chat message (Slack, Mattermost), so an
 * incoming-webhook URL of those works as is; programs read `watch` and `signals`.
 */
export const webhookPayloadSchema = alertDigestSchema.extend({
  text: z.string(),
  signals: z.array(
    alertSignalSchema.extend({
      /** Absolute link that opens the signal in the app (`/signals/{article_id}`). */
      signal_url: z.string(),
      intent_reasons: z.array(z.string()),
      /** Absolute link to the company page (`/companies/{id}`) of the account the signal joined; null when none. */
      company_url: z.string().nullable(),
    }),
  ),
});
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;

/** `POST /watches/test-alert`: a sample digest sent at once to a webhook, to e-mail addresses, or both. */
export const testAlertRequestSchema = z
  .object({
    webhook_url: httpUrlSchema.optional(),
    /** How to speak to `webhook_url` (the watch form's choice); the signed generic body by default. */
    webhook_format: webhookFormatSchema.default('generic'),
    email_to: z.array(z.string().trim().email().max(254)).max(MAX_WATCH_RECIPIENTS).optional(),
  })
  .refine((body) => body.webhook_url !== undefined || (body.email_to ?? []).length > 0, {
    message: 'give a webhook_url or at least one email_to address',
  });
export type TestAlertRequest = z.infer<typeof testAlertRequestSchema>;

/** Per channel asked for: 'sent', or why it was not. */
export const testAlertResultSchema = z.object({ webhook: z.string().optional(), email: z.string().optional() });
export type TestAlertResult = z.infer<typeof testAlertResultSchema>;
export const testAlertResponseSchema = successData(testAlertResultSchema);
