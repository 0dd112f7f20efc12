import { z } from 'zod';
import { successPage } from './news.ts';

/** Everything an admin (or the throttle) does that the audit log records. */
export const AUDIT_ACTIONS = [
  'user_created',
  'user_role_changed',
  'user_renamed',
  'user_disabled',
  'user_enabled',
  'user_password_reset',
  'password_changed',
  'sign_in_throttled',
  'prompt_created',
  'prompt_updated',
  'prompt_activated',
  'scraper_started',
  'scraper_paused',
  'scraper_resumed',
  'scraper_stopped',
  'scraper_output_deleted',
  'settings_changed',
  'company_owner_changed',
  'company_merged',
  'company_split',
  'ownership_rule_created',
  'ownership_rule_deleted',
  'account_review_resolved',
] as const;
export const auditActionSchema = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof auditActionSchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  /** ISO 8601. */
  at: z.string(),
  /** Null when no signed-in user did it (the throttle, the command line). */
  actor_email: z.string().nullable(),
  action: auditActionSchema,
  /** What it was done to: a user's email, a prompt's name, a file name. */
  target: z.string().nullable(),
  detail: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(50),
  action: auditActionSchema.optional(),
  /** The actor's email, matched case-insensitively as a substring. */
  actor: z.string().trim().max(254).optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditListResponseSchema = successPage(auditEntrySchema);
