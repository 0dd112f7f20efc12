import { z } from 'zod';
import { accountRefSchema, successData } from './common.ts';
import { buyingIntentSchema } from './articles.ts';
import { ARTICLE_PAGE_SIZE, pageQuerySchema, successPage } from './news.ts';

/** Where pushes go: the local outbox in the database (offline default) or HubSpot (HUBSPOT_ACCESS_TOKEN). */
export const CRM_DESTINATION_KINDS = ['outbox', 'hubspot'] as const;
export const crmDestinationSchema = z.object({
  kind: z.enum(CRM_DESTINATION_KINDS),
  /** The name buttons and badges use: 'CRM (local outbox)' or 'HubSpot'. */
  label: z.string(),
});
export type CrmDestination = z.infer<typeof crmDestinationSchema>;
export const crmDestinationResponseSchema = successData(crmDestinationSchema);

/** A person the push sent to the CRM, with HubSpot's id and page when HubSpot holds them. */
export const crmContactSchema = z.object({
  name: z.string(),
  job_title: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  hubspot_id: z.string().nullable(),
  hubspot_url: z.string().nullable(),
});
export type CrmContactView = z.infer<typeof crmContactSchema>;

/** One pushed article as the CRM holds it. */
export const crmRecordSchema = z.object({
  article_id: z.number().int(),
  title: z.string(),
  company_name: z.string(),
  domain: z.string().nullable(),
  ticker: z.string().nullable(),
  /** The company page (issue 34) the pushed article's story joined; null when none. */
  account: accountRefSchema,
  contacts: z.array(crmContactSchema),
  buying_intent_score: buyingIntentSchema.nullable(),
  signal_summary: z.string().nullable(),
  /** Absolute: the article's own link, a demo page on this app's origin, or the app's page for the article. */
  source_url: z.string(),
  /** ISO 8601. */
  pushed_at: z.string(),
  /** Null for pushes made before this was recorded, or by a user since removed. */
  pushed_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** HubSpot's ids and pages when HubSpot is the destination; links are null while the account is unknown. */
  hubspot: z
    .object({
      company_id: z.string().nullable(),
      company_url: z.string().nullable(),
      note_id: z.string().nullable(),
    })
    .nullable(),
  /**
   * The company's account as the local outbox recorded it with the push (issue 34): what HubSpot holds in
   * the mining_hub_* company properties and the project notes or records. Null for HubSpot pushes (see
   * the record there) and pushes without a known company.
   */
  pushed_account: z
    .object({
      heat: z.number(),
      stage: z.string().nullable(),
      latest_facts: z.string(),
      url: z.string(),
      projects: z.array(
        z.object({
          id: z.number().int(),
          name: z.string(),
          stage: z.string().nullable(),
          country: z.string().nullable(),
          commodities: z.array(z.string()),
        }),
      ),
    })
    .nullable()
    .optional(),
});
export type CrmRecord = z.infer<typeof crmRecordSchema>;

/** Paged like the article lists: 20 a page by default, at most 100. */
export const CRM_OUTBOX_PAGE_SIZE = ARTICLE_PAGE_SIZE;
export const crmOutboxQuerySchema = pageQuerySchema;
export type CrmOutboxQuery = z.infer<typeof crmOutboxQuerySchema>;

/** What was pushed, newest first: a member's own pushes, everyone's for an admin. */
export const crmOutboxResponseSchema = successPage(crmRecordSchema);

/** `GET /crm-outbox/{article id}`: one pushed article's record (the signal detail links to it after Push). */
export const crmRecordResponseSchema = successData(crmRecordSchema);
export type CrmOutboxResponse = z.infer<typeof crmOutboxResponseSchema>;
