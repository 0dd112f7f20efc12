import { z } from 'zod';
import { successData } from './common.ts';
import { paginationSchema } from './news.ts';

/**
 * Accounts (issue 34): every mining company and project the product reads about, with its stories, dated
 * events, heat and owner. Companies are shared: every member sees every company.
 */

export const PROJECT_STAGES = [
  'exploration',
  'resource',
  'scoping_pea',
  'pfs',
  'fs',
  'construction',
  'production',
  'care_maintenance',
] as const;
export const projectStageSchema = z.enum(PROJECT_STAGES);
export type ProjectStage = z.infer<typeof projectStageSchema>;

/** What the screens write for each stage. */
export const PROJECT_STAGE_LABELS: Record<ProjectStage, string> = {
  exploration: 'Exploration',
  resource: 'Resource',
  scoping_pea: 'Scoping / PEA',
  pfs: 'PFS',
  fs: 'FS',
  construction: 'Construction',
  production: 'Production',
  care_maintenance: 'Care and maintenance',
};

export const COMPANY_EVENT_KINDS = [
  'financing_closed',
  'financing_announced',
  'programme_planned',
  'results',
  'resource',
  'study',
  'stage_change',
] as const;
export const companyEventKindSchema = z.enum(COMPANY_EVENT_KINDS);
export type CompanyEventKind = z.infer<typeof companyEventKindSchema>;

const MAX_ID = 2_147_483_647;
const shortText = z.string().trim().min(1).max(100);

export const COMPANY_PAGE_SIZE = 25;
export const MAX_COMPANY_PAGE_SIZE = 100;

export const companyListQuerySchema = z.object({
  /** `heat`: hottest first; `heat_change`: the largest rise over `window` first. */
  sort: z.enum(['heat', 'heat_change', 'name']).default('heat'),
  window: z.enum(['7d', '30d']).default('7d'),
  /** A commodity symbol of the reference data: 'Au', 'Cu', 'Li'. */
  commodity: z.string().trim().min(1).max(8).optional(),
  /** ISO 3166 alpha-2: a project's country or the head office's. */
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code')
    .transform((value) => value.toUpperCase())
    .optional(),
  stage: projectStageSchema.optional(),
  /** `me`: the caller's accounts ("My accounts"); a user id; `none`: companies nobody owns. */
  owner: z.union([z.enum(['me', 'none']), z.coerce.number().int().positive().max(MAX_ID)]).optional(),
  /** Part of a name, an alias or a listing ('TSXV:ABC', 'ABC'). */
  q: z.string().trim().min(1).max(100).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  page_size: z.coerce.number().int().min(1).max(MAX_COMPANY_PAGE_SIZE).default(COMPANY_PAGE_SIZE),
});
export type CompanyListQuery = z.output<typeof companyListQuerySchema>;

export const userRefSchema = z.object({ id: z.number().int(), name: z.string() });

export const companySummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** `EXCHANGE:SYMBOL`, main listing first. */
  tickers: z.array(z.string()),
  country: z.string().nullable(),
  market_cap_musd: z.number().nullable(),
  owner: userRefSchema.nullable(),
  /** Today's heat: the decayed sum of the company's event weights (docs/ARCHITECTURE.md, "Accounts"). */
  heat: z.number(),
  heat_change_7d: z.number(),
  heat_change_30d: z.number(),
  /** Heat at the end of each of the last 13 weeks, oldest first: the list's sparkline. */
  heat_sparkline: z.array(z.number()),
  projects: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      stage: projectStageSchema.nullable(),
      country: z.string().nullable(),
    }),
  ),
  commodities: z.array(z.string()),
  story_count: z.number().int(),
  last_event_at: z.string().nullable(),
});
export type CompanySummary = z.infer<typeof companySummarySchema>;
export const companyListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(companySummarySchema),
  pagination: paginationSchema,
});

export const projectSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  country: z.string().nullable(),
  state: z.string().nullable(),
  location: z.string().nullable(),
  commodities: z.array(z.string()),
  stage: projectStageSchema.nullable(),
  owners: z.array(z.object({ company_id: z.number().int(), name: z.string(), share_pct: z.number().nullable() })),
});
export type Project = z.infer<typeof projectSchema>;

export const companyEventSchema = z.object({
  id: z.number().int(),
  kind: companyEventKindSchema,
  /** ISO 8601. */
  occurred_at: z.string(),
  summary: z.string(),
  weight: z.number(),
  /** What it adds to today's heat. */
  heat_now: z.number(),
  story_id: z.number().int().nullable(),
  project: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type CompanyEvent = z.infer<typeof companyEventSchema>;

export const timelineEntrySchema = z.object({
  story_id: z.number().int(),
  /** The story's primary article, which the app's article pages open. */
  article_id: z.number().int(),
  title: z.string(),
  url: z.string().nullable(),
  /** ISO 8601: when the release was published (first seen when the feed gave no date). */
  published_at: z.string(),
  /** How many copies (wires, feeds) carried the release. */
  copies: z.number().int(),
  events: z.array(companyEventSchema),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

export const companyContactSchema = z.object({
  name: z.string(),
  email: z.string().nullable(),
  job_title: z.string().nullable(),
  phone: z.string().nullable(),
  source: z.enum(['scraper', 'news', 'crm']),
});

export const companyDetailSchema = companySummarySchema.omit({ projects: true }).extend({
  aliases: z.array(z.string()),
  former_names: z.array(z.string()),
  website: z.string().nullable(),
  domain: z.string().nullable(),
  shares_m: z.number().nullable(),
  projects: z.array(projectSchema),
  timeline: z.array(timelineEntrySchema),
  contacts: z.array(companyContactSchema),
  /** One point a day for the last 90 days, oldest first. */
  heat_history: z.array(z.object({ date: z.string(), heat: z.number() })),
  /** The events behind today's heat, largest share first. */
  why_now: z.array(companyEventSchema),
  crm: z.object({
    status: z.enum(['pushed', 'not_pushed']),
    /** The CRM view in this app, or HubSpot's company page when HubSpot holds it. */
    url: z.string().nullable(),
    pushed_at: z.string().nullable(),
  }),
  /** The ownership rule that gave the company its owner; null when an admin chose the owner (or none). */
  owner_rule_id: z.number().int().nullable(),
  /** Merges into this company an admin may undo (split), newest first. */
  merges: z.array(
    z.object({ id: z.number().int(), merged_id: z.number().int(), name: z.string(), merged_at: z.string() }),
  ),
});
export type CompanyDetail = z.infer<typeof companyDetailSchema>;
export const companyResponseSchema = successData(companyDetailSchema);

export const updateCompanyRequestSchema = z
  .object({
    /** A user id, or null to leave the account unowned. */
    owner_id: z.number().int().positive().max(MAX_ID).nullable(),
    /** Replaces the aliases: other names resolution should join to this company. */
    aliases: z.array(shortText).max(20),
  })
  .partial()
  .refine((body) => body.owner_id !== undefined || body.aliases !== undefined, {
    message: 'give owner_id or aliases',
  });
export type UpdateCompanyRequest = z.infer<typeof updateCompanyRequestSchema>;

export const mergeCompanyRequestSchema = z.object({ other_id: z.number().int().positive().max(MAX_ID) });
/** Undoes a merge into this company: the newest one, or `merge_id`. */
export const splitCompanyRequestSchema = z.object({ merge_id: z.number().int().positive().max(MAX_ID).optional() });
export const splitCompanyResponseSchema = successData(
  z.object({ company: companyDetailSchema, restored_id: z.number().int() }),
);

export const projectListQuerySchema = z.object({
  commodity: z.string().trim().min(1).max(8).optional(),
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code')
    .transform((value) => value.toUpperCase())
    .optional(),
  stage: projectStageSchema.optional(),
  company_id: z.coerce.number().int().positive().max(MAX_ID).optional(),
  q: z.string().trim().min(1).max(100).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  page_size: z.coerce.number().int().min(1).max(MAX_COMPANY_PAGE_SIZE).default(COMPANY_PAGE_SIZE),
});
export type ProjectListQuery = z.output<typeof projectListQuerySchema>;
export const projectListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(projectSchema),
  pagination: paginationSchema,
});

/**
 * Ownership rules: a company no admin gave an owner is owned by the user of the first rule that matches it —
 * country rules (head office or a project's country) before commodity rules (a project's commodity), then the
 * oldest. An owner an admin chose always wins.
 */
export const OWNERSHIP_RULE_KINDS = ['country', 'commodity'] as const;
export const ownershipRuleSchema = z.object({
  id: z.number().int(),
  kind: z.enum(OWNERSHIP_RULE_KINDS),
  /** ISO alpha-2 for a country, a symbol (Cu, Au) for a commodity. */
  value: z.string(),
  owner: userRefSchema,
  /** Companies this rule owns now. */
  companies: z.number().int(),
  created_at: z.string(),
});
export type OwnershipRule = z.infer<typeof ownershipRuleSchema>;
export const ownershipRuleListResponseSchema = successData(z.array(ownershipRuleSchema));
export const ownershipRuleResponseSchema = successData(ownershipRuleSchema);
export const createOwnershipRuleRequestSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('country'),
    value: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code')
      .transform((value) => value.toUpperCase()),
    owner_id: z.number().int().positive().max(MAX_ID),
  }),
  z.object({
    kind: z.literal('commodity'),
    value: z.string().trim().min(1).max(8),
    owner_id: z.number().int().positive().max(MAX_ID),
  }),
]);
export type CreateOwnershipRuleRequest = z.infer<typeof createOwnershipRuleRequestSchema>;

/** A mention entity resolution would not decide alone, waiting for an admin (`GET /account-reviews`). */
export const accountReviewSchema = z.object({
  id: z.number().int(),
  mention: z.string(),
  tickers: z.array(z.string()),
  /** Why resolution would not decide: two candidates, a listing that disagrees with the name. */
  reason: z.string(),
  /** Where the mention came from: `story:12`, `scraper:<file>`, `crm:3`. */
  source: z.string(),
  story_id: z.number().int().nullable(),
  candidates: z.array(z.object({ id: z.number().int(), name: z.string(), tickers: z.array(z.string()) })),
  created_at: z.string(),
});
export type AccountReview = z.infer<typeof accountReviewSchema>;
export const accountReviewListResponseSchema = successData(z.array(accountReviewSchema));
/**
 * Resolves a review: `merge` joins the candidates into `company_id` (each merge audited and reversible by a
 * split) and records the mention as its alias; `keep_apart` leaves the companies as they are.
 */
export const resolveAccountReviewRequestSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('merge'), company_id: z.number().int().positive().max(MAX_ID) }),
  z.object({ action: z.literal('keep_apart') }),
]);
export type ResolveAccountReviewRequest = z.infer<typeof resolveAccountReviewRequestSchema>;
