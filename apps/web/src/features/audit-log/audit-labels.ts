import type { AuditAction } from '@mining-hub/contract/audit';

/** How each recorded action reads on the Audit Log screen (the filter's options and the table). */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  user_created: 'User created',
  user_role_changed: 'Role changed',
  user_renamed: 'User renamed',
  user_disabled: 'User disabled',
  user_enabled: 'User enabled',
  user_password_reset: 'Password reset',
  password_changed: 'Password changed',
  sign_in_throttled: 'Sign-in throttled',
  prompt_created: 'Prompt created',
  prompt_updated: 'Prompt updated',
  prompt_activated: 'Prompt activated',
  scraper_started: 'Scraper started',
  scraper_paused: 'Scraper paused',
  scraper_resumed: 'Scraper resumed',
  scraper_stopped: 'Scraper stopped',
  scraper_output_deleted: 'Scraper output deleted',
  settings_changed: 'Settings changed',
  company_owner_changed: 'Account owner changed',
  company_merged: 'Companies merged',
  company_split: 'Companies split',
  ownership_rule_created: 'Ownership rule added',
  ownership_rule_deleted: 'Ownership rule removed',
  account_review_resolved: 'Account review resolved',
};
