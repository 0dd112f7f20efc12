import type { MiningFacts } from '@mining-hub/contract/facts';
import type { AlertDigest } from '@mining-hub/contract/alerts';
import type { AuditAction } from '@mining-hub/contract/audit';
import type { LandingPage } from '@mining-hub/contract/auth';
import type { NotificationItem } from '@mining-hub/contract/notifications';
import type { WebhookFormat } from '@mining-hub/contract/watches';
import type { FunctionSchema } from '@mining-hub/contract/prompts';
import type { ScraperMode, ScraperProgress, ScraperSettings } from '@mining-hub/contract/scraper';
import type { ColumnType, Generated, GeneratedAlways } from 'kysely';

/** Kysely's view of the tables the migrations create. */
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  login_throttle: LoginThrottleTable;
  quick_links: QuickLinksTable;
  widgets: WidgetsTable;
  prompts: PromptsTable;
  prompt_versions: PromptVersionsTable;
  articles: ArticlesTable;
  news_sessions: NewsSessionsTable;
  session_articles: SessionArticlesTable;
  signals_generation: SignalsGenerationTable;
  auto_mode_configs: AutoModeConfigsTable;
  crm_companies: CrmCompaniesTable;
  crm_contacts: CrmContactsTable;
  crm_notes: CrmNotesTable;
  crm_company_keys: CrmCompanyKeysTable;
  crm_project_records: CrmProjectRecordsTable;
  pipeline_batches: PipelineBatchesTable;
  pipeline_batch_items: PipelineBatchItemsTable;
  scraper_runs: ScraperRunsTable;
  audit_log: AuditLogTable;
  alerts: AlertsTable;
  alert_articles: AlertArticlesTable;
  alert_settings: AlertSettingsTable;
  watches: WatchesTable;
  watch_runs: WatchRunsTable;
  watch_seen_articles: WatchSeenArticlesTable;
  notifications: NotificationsTable;
  digest_settings: DigestSettingsTable;
  digest_sends: DigestSendsTable;
  stories: StoriesTable;
  story_bands: StoryBandsTable;
  companies: CompaniesTable;
  company_names: CompanyNamesTable;
  company_tickers: CompanyTickersTable;
  projects: ProjectsTable;
  project_owners: ProjectOwnersTable;
  company_stories: CompanyStoriesTable;
  company_events: CompanyEventsTable;
  company_contacts: CompanyContactsTable;
  company_merges: CompanyMergesTable;
  account_reviews: AccountReviewsTable;
  account_story_sync: AccountStorySyncTable;
  account_imports: AccountImportsTable;
  company_crm_links: CompanyCrmLinksTable;
  account_list_state: AccountListStateTable;
  ownership_rules: OwnershipRulesTable;
  company_owner_alerts: CompanyOwnerAlertsTable;
}

type CreatedAt = ColumnType<Date, Date | undefined, never>;

export interface UsersTable {
  id: Generated<number>;
  email: string;
  name: string;
  password_hash: string;
  role: 'admin' | 'member';
  created_at: CreatedAt;
  /** Migration 008: a disabled user cannot sign in and has no sessions. */
  disabled: Generated<boolean>;
  last_sign_in_at: Date | null;
  /** Migration 020: where the user lands after sign-in; null for their role's default. */
  landing_page: Generated<LandingPage | null>;
}

/** Append-only (migration 008's trigger refuses updates and deletes). */
export interface AuditLogTable {
  id: Generated<number>;
  at: Generated<Date>;
  actor_id: number | null;
  actor_email: string | null;
  action: AuditAction;
  target: string | null;
  detail: string | null;
}

/** Migration 010: one row, bumped by triggers whenever which signals a listing holds may change. */
export interface SignalsGenerationTable {
  only_row: boolean;
  generation: ColumnType<string, never, never>;
}

export interface SessionsTable {
  /** SHA-256 of the cookie token, so a database dump cannot be replayed as cookies. */
  id: string;
  user_id: number;
  created_at: CreatedAt;
  last_seen_at: Date;
  expires_at: Date;
}

export interface LoginThrottleTable {
  key: string;
  failures: number;
  window_started_at: Date;
}

export interface QuickLinksTable {
  id: Generated<number>;
  user_id: number;
  label: string;
  url: string;
  color: string;
  icon: string | null;
  created_at: CreatedAt;
}

export interface WidgetsTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  type: string;
  content: string;
  size: string;
  grid_row: number;
  grid_col: number;
  created_at: CreatedAt;
}

/** Migration 013: saved fetch filters run on a schedule (issue 17). */
export interface WatchesTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  filters: ColumnType<unknown, string, string>;
  interval_minutes: number;
  push_min_intent: string | null;
  webhook_url: string | null;
  /** Migration 020. */
  webhook_format: Generated<WebhookFormat>;
  email_to: ColumnType<string[], string[] | undefined, string[]>;
  enabled: Generated<boolean>;
  /** Migration 022: the run matches only stories about companies the watch's user owns. */
  my_accounts: Generated<boolean>;
  next_run_at: ColumnType<Date, Date | undefined, Date>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export type WatchRunStatus = 'queued' | 'running' | 'completed' | 'failed';

export interface WatchRunsTable {
  id: Generated<number>;
  watch_id: number;
  trigger: 'schedule' | 'manual';
  status: Generated<WatchRunStatus>;
  queued_at: CreatedAt;
  started_at: Date | null;
  finished_at: Date | null;
  new_articles: Generated<number>;
  analysed: Generated<number>;
  pushed: Generated<number>;
  alerted: Generated<number>;
  error: string | null;
}

export interface WatchSeenArticlesTable {
  watch_id: number;
  article_id: number;
  seen_at: CreatedAt;
  alerted_at: Date | null;
}

/** Migration 023: the daily digest's settings, per user. */
export interface DigestSettingsTable {
  user_id: number;
  enabled: boolean;
  hour: number;
  time_zone: string;
  unsubscribe_token: string;
  updated_at: Generated<Date>;
}

/** Migration 023: one row per user and local day a digest was claimed for. */
export interface DigestSendsTable {
  user_id: number;
  local_date: string;
  window_end: Date;
  signals: Generated<number>;
  status: Generated<'claimed' | 'sent' | 'empty' | 'failed'>;
  error: string | null;
}

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  at: CreatedAt;
  title: string;
  body: string;
  link: string | null;
  /** Migration 020: one line per signal, each with its own link. */
  items: ColumnType<NotificationItem[], string | undefined, string>;
  read_at: Date | null;
}

export interface ArticlesTable {
  id: Generated<number>;
  source_key: string;
  title: string;
  source: string;
  url: string | null;
  description: string | null;
  content: string | null;
  expanded_description: string | null;
  full_content: string | null;
  article_type: string;
  pdf_iframe_url: string | null;
  published_at: Date | null;
  fetched_at: Generated<Date>;
  raw_json: ColumnType<Record<string, unknown>, string, string>;
  commodities: string[];
  countries: string[];
  states: string[];
  type_group: string | null;
  type: string | null;
  company: string | null;
  ticker: string | null;
  project: string | null;
  status: Generated<string>;
  failure_reason: string | null;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
  analysis: ColumnType<Record<string, unknown> | null, string | null, string | null>;
  analysis_prompt_id: number | null;
  analysis_prompt_version: number | null;
  analysis_prompt_updated_at: Date | null;
  analysed_at: Date | null;
  crm_company_id: string | null;
  crm_contact_ids: ColumnType<Record<string, string>, string | undefined, string>;
  crm_note_id: string | null;
  pushed_at: Date | null;
  pushed_by: number | null;
  /** Migration 010: taken out of the signals inbox (per article, like its status), when and by whom. */
  dismissed_at: Date | null;
  dismissed_by: number | null;
  /** Migration 010, generated: buying intent as 0 (none) … 4 (Very High), and published_at ?? fetched_at. */
  intent_rank: ColumnType<number, never, never>;
  signal_at: ColumnType<Date, never, never>;
  step_running: string | null;
  step_started_at: Date | null;
  /** Migration 016: a batch holds the article (its item is pending). */
  queued_in_batch: Generated<boolean>;
  /** Bumped by a trigger on every update (migration 007); validates cached list pages. */
  row_version: Generated<number>;
  /** Migration 011: copied out of the analysis when it is stored, for list pages. */
  buying_intent_score: 'Low' | 'Medium' | 'High' | 'Very High' | null;
  intent_reasons: ColumnType<string[], string[] | undefined, string[]>;
  signal_summary: string | null;
  /** Migration 017: the story (one release, all its copies) the article belongs to; null until assigned. */
  story_id: number | null;
  /** Migration 018: the facts extractor's reading of the expanded text (modules/facts/article-facts.ts). */
  facts: ColumnType<MiningFacts | null, string | null, string | null>;
  facts_version: number | null;
  fact_headline: string | null;
  fact_tags: ColumnType<string[], string[] | undefined, string[]>;
}

export interface PipelineBatchesTable {
  id: string;
  user_id: number;
  total: number;
  created_at: CreatedAt;
  finished_at: Date | null;
  /** Migration 011: which steps the batch runs (see BatchMode). */
  mode: ColumnType<'process' | 'analyse' | 'push', 'process' | 'analyse' | 'push' | undefined, never>;
}

export interface PipelineBatchItemsTable {
  batch_id: string;
  article_id: number;
  state: Generated<'pending' | 'done' | 'failed'>;
  error: string | null;
}

export interface NewsSessionsTable {
  id: string;
  user_id: number;
  query: ColumnType<Record<string, unknown>, string, string>;
  status: Generated<string>;
  message: Generated<string>;
  progress: Generated<number>;
  current_page: Generated<number>;
  total_pages: Generated<number>;
  articles_found: Generated<number>;
  created_at: CreatedAt;
  finished_at: Date | null;
}

export interface SessionArticlesTable {
  session_id: string;
  article_id: number;
  position: number;
}

export interface AutoModeConfigsTable {
  user_id: number;
  filters: ColumnType<Record<string, unknown>, string, string>;
  updated_at: Generated<Date>;
}

/** `function_schema` is a json column: written as JSON text, read back parsed. */
export interface PromptsTable {
  id: Generated<number>;
  name: string;
  prompt_text: string;
  description: string | null;
  function_schema: ColumnType<FunctionSchema, string, string>;
  is_active: Generated<boolean>;
  version: Generated<number>;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

export interface PromptVersionsTable {
  id: Generated<number>;
  prompt_id: number;
  version: number;
  name: string;
  prompt_text: string;
  description: string | null;
  function_schema: ColumnType<FunctionSchema, string, never>;
  created_at: CreatedAt;
}

/** The local CRM outbox (migration 004): what HubSpot would hold when no access token is set. */
export interface CrmCompaniesTable {
  id: Generated<number>;
  name: string;
  domain: string | null;
  ticker: string | null;
  /** The account pushed with the company (migration 028): heat, stage, latest facts, url and projects. */
  account: ColumnType<OutboxAccount | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

/** `crm_companies.account`: what HubSpot's mining_hub_* properties and project notes hold. */
export interface OutboxAccount {
  heat: number;
  stage: string | null;
  latest_facts: string;
  url: string;
  projects: { id: number; name: string; stage: string | null; country: string | null; commodities: string[] }[];
}

/** What a push wrote per project and CRM (migration 028), so repushes update it rather than duplicate. */
export interface CrmProjectRecordsTable {
  crm: string;
  project_id: number;
  kind: 'object' | 'note';
  crm_id: string;
  hash: string;
  updated_at: Generated<Date>;
}

export interface CrmContactsTable {
  id: Generated<number>;
  company_id: number | null;
  email: string | null;
  first_name: string;
  last_name: string;
  job_title: string | null;
  phone: string | null;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

export interface CrmNotesTable {
  id: Generated<number>;
  article_id: number;
  company_id: number | null;
  title: string;
  body: string;
  contact_ids: ColumnType<number[], number[] | undefined, number[]>;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

export type ScraperRunState = 'running' | 'paused' | 'stopping' | 'completed' | 'cancelled' | 'failed';

export interface ScraperRunsTable {
  id: Generated<number>;
  status: ScraperRunState;
  mode: ScraperMode;
  settings: ColumnType<ScraperSettings, string, string>;
  started_by: number | null;
  started_at: CreatedAt;
  finished_at: Date | null;
  owner: string | null;
  heartbeat_at: Date | null;
  host: string | null;
  pid: number | null;
  progress: ColumnType<ScraperProgress | null, string | null, string | null>;
  error: string | null;
}

export type AlertChannel = 'webhook' | 'email';

/** Migration 014: one digest per channel, delivered by a job; `status` is the delivery log. */
export interface AlertsTable {
  id: Generated<number>;
  watch_id: number;
  channel: AlertChannel;
  webhook_url: string | null;
  /** Migration 020: the format the alert was queued with. */
  webhook_format: Generated<WebhookFormat>;
  email_to: ColumnType<string[], string[] | undefined, string[]>;
  digest: ColumnType<AlertDigest, string, string>;
  status: Generated<'pending' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: CreatedAt;
  sent_at: Date | null;
}

/** Each article alerted at most once per watch and channel (the primary key). */
export interface AlertArticlesTable {
  watch_id: number;
  channel: AlertChannel;
  article_id: number;
  alert_id: number;
}

export interface AlertSettingsTable {
  name: string;
  value: string;
  created_at: CreatedAt;
}

/** Migration 015: the company id each company key was pushed as, per CRM adapter. */
export interface CrmCompanyKeysTable {
  crm: string;
  company_key: string;
  company_id: string;
  updated_at: Generated<Date>;
}

/** Migration 017: one release; its primary article carries the pipeline's work for every copy. */
export interface StoriesTable {
  id: Generated<number>;
  primary_article_id: number;
  title_key: string;
  fingerprint: ColumnType<unknown, string, string>;
  issuer: string | null;
  published_at: Date | null;
  first_seen_at: CreatedAt;
}

/** Migration 017: the LSH band keys of each story's fingerprint, for candidate look-up. */
export interface StoryBandsTable {
  band_key: string;
  story_id: number;
}

/** Migration 019 (issue 34): accounts. */
export type ProjectStage =
  'exploration' | 'resource' | 'scoping_pea' | 'pfs' | 'fs' | 'construction' | 'production' | 'care_maintenance';
export type CompanyEventKind =
  'financing_closed' | 'financing_announced' | 'programme_planned' | 'results' | 'resource' | 'study' | 'stage_change';

export interface CompaniesTable {
  id: Generated<number>;
  name: string;
  website: string | null;
  domain: string | null;
  country: string | null;
  market_cap_musd: number | null;
  shares_m: number | null;
  owner_id: number | null;
  /** Migration 022: the ownership rule that set `owner_id` (null: an admin chose, or no owner). */
  owner_rule_id: Generated<number | null>;
  merged_into: number | null;
  heat_base: Generated<number>;
  /** Σ base of the events after account_list_state's starts (migration 026). */
  heat_recent_7d: Generated<number>;
  heat_recent_30d: Generated<number>;
  /** The rise over the window, in heat_base's units: what the list's `heat_change` sort orders by. */
  heat_rise_7d: GeneratedAlways<number>;
  heat_rise_30d: GeneratedAlways<number>;
  last_event_at: Date | null;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

export interface AccountListStateTable {
  only_row: Generated<boolean>;
  since_7d: Date;
  since_30d: Date;
  live_companies: number;
}

export interface CompanyNamesTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  name_key: string;
  core_key: string;
  kind: 'name' | 'alias' | 'former';
}

export interface CompanyTickersTable {
  ticker: string;
  company_id: number;
}

export interface ProjectsTable {
  id: Generated<number>;
  name: string;
  name_key: string;
  country: string | null;
  state: string | null;
  commodities: Generated<string[]>;
  stage: ProjectStage | null;
  location: string | null;
  source_key: string | null;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

export interface ProjectOwnersTable {
  project_id: number;
  company_id: number;
  share_pct: number | null;
}

export interface CompanyStoriesTable {
  company_id: number;
  story_id: number;
}

export interface CompanyEventsTable {
  id: Generated<number>;
  company_id: number;
  project_id: number | null;
  story_id: number | null;
  kind: CompanyEventKind;
  occurred_at: Date;
  weight: number;
  base: number;
  summary: string;
}

export interface AccountStorySyncTable {
  story_id: number;
  synced_at: Generated<Date>;
}

export interface AccountImportsTable {
  file_name: string;
  imported_at: Generated<Date>;
  companies: number;
  projects: number;
}

export interface CompanyCrmLinksTable {
  crm_company_id: number;
  company_id: number;
}

export interface CompanyContactsTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  email: string | null;
  job_title: string | null;
  phone: string | null;
  source: 'scraper' | 'news' | 'crm';
  contact_key: string;
}

export interface CompanyMergesTable {
  id: Generated<number>;
  survivor_id: number;
  merged_id: number;
  moved: ColumnType<unknown, string, string>;
  actor_id: number | null;
  merged_at: CreatedAt;
  split_at: Date | null;
}

export interface AccountReviewsTable {
  id: Generated<number>;
  mention: string;
  tickers: string[];
  candidate_ids: number[];
  reason: string;
  source: string;
  story_id: number | null;
  created_at: CreatedAt;
  resolved_at: Date | null;
}

/** Migration 022. */
export interface OwnershipRulesTable {
  id: Generated<number>;
  kind: 'country' | 'commodity';
  value: string;
  user_id: number;
  created_at: CreatedAt;
}

export interface CompanyOwnerAlertsTable {
  story_id: number;
  user_id: number;
  company_id: number;
  article_id: number;
  alerted_at: Generated<Date>;
}
