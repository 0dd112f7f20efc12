import { z } from 'zod';
import { successData } from './common.ts';

/** Worker and browser-page counts the settings offer (SPEC.md section 9). */
export const SCRAPER_WORKER_OPTIONS = [1, 2, 4, 6, 8, 10, 12, 15, 20] as const;
export const SCRAPER_BATCH_SIZE = { min: 10, max: 200, default: 50 } as const;
export const SCRAPER_DEFAULTS = { mode: 'test', max_workers: 2, max_concurrency: 1, batch_size: 50 } as const;
export const SCRAPER_POLL_MS = 2000;

export const scraperModeSchema = z.enum(['test', 'production']);
export type ScraperMode = z.infer<typeof scraperModeSchema>;

export const SCRAPER_MODES: readonly { value: ScraperMode; label: string; description: string }[] = [
  { value: 'test', label: 'Test Mode', description: 'Australia only, about 30 seconds' },
  { value: 'production', label: 'Production Mode', description: 'All countries, 2-6 hours' },
];

const workerCountSchema = z
  .number()
  .int()
  .refine((value) => (SCRAPER_WORKER_OPTIONS as readonly number[]).includes(value), {
    message: `must be one of ${SCRAPER_WORKER_OPTIONS.join(', ')}`,
  });

/** Country names or ISO codes, as an array or one comma-separated string; blanks dropped. */
const countriesSchema = z
  .union([z.string().max(4000), z.array(z.string().max(100)).max(300)])
  .transform((value) =>
    (Array.isArray(value) ? value : value.split(','))
      .map((country) => country.trim())
      .filter((country) => country.length > 0),
  );

export const scraperStartRequestSchema = z.object({
  mode: scraperModeSchema,
  max_projects: z.number().int().min(1).max(1_000_000).optional(),
  countries: countriesSchema.optional(),
  max_workers: workerCountSchema,
  max_concurrency: workerCountSchema,
  batch_size: z.number().int().min(SCRAPER_BATCH_SIZE.min).max(SCRAPER_BATCH_SIZE.max),
});
export type ScraperStartRequest = z.input<typeof scraperStartRequestSchema>;
export type ScraperSettings = z.output<typeof scraperStartRequestSchema>;

/** Scraper status (SPEC.md section 3): what is running now; all empty when nothing is. */
export const scraperStatusSchema = z.object({
  running: z.boolean(),
  paused: z.boolean(),
  pid: z.number().int().nullable(),
  /** ISO 8601. */
  start_time: z.string().nullable(),
  mode: scraperModeSchema.nullable(),
});
export type ScraperStatus = z.infer<typeof scraperStatusSchema>;

export const scraperRunStatusSchema = z.enum(['not_started', 'running', 'paused', 'completed', 'cancelled', 'failed']);
export type ScraperRunStatus = z.infer<typeof scraperRunStatusSchema>;

export const scraperPhaseSchema = z.enum(['not_started', 'discovery', 'assembly', 'export', 'completed']);
export type ScraperPhase = z.infer<typeof scraperPhaseSchema>;

/** Overall progress is split by phase: discovery up to 10 %, assembly up to 95 %, export the rest. */
export const SCRAPER_PHASE_SPAN: Record<'discovery' | 'assembly' | 'export', { from: number; to: number }> = {
  discovery: { from: 0, to: 10 },
  assembly: { from: 10, to: 95 },
  export: { from: 95, to: 100 },
};

/** How many skipped pages progress lists by name (the processing report lists them all). */
export const SCRAPER_SKIPPED_PAGES_LISTED = 20;

/** A project page left out of the run: it needs a browser to render and none could be started. */
export const scraperSkippedPageSchema = z.object({
  gid: z.string(),
  url: z.string(),
  /** Why, for people: the browser that was looked for and what went wrong. */
  reason: z.string(),
});
export type ScraperSkippedPage = z.infer<typeof scraperSkippedPageSchema>;

/** Scraper progress (SPEC.md section 3) of the current run, or of the last one when none runs. */
export const scraperProgressSchema = z.object({
  status: scraperRunStatusSchema,
  /** 0–100. */
  overall_progress: z.number().min(0).max(100),
  current_phase: scraperPhaseSchema,
  /** 0–100 within the current phase. */
  phase_progress: z.number().min(0).max(100),
  countries_total: z.number().int().nonnegative(),
  countries_completed: z.number().int().nonnegative(),
  total_gids: z.number().int().nonnegative(),
  projects_total: z.number().int().nonnegative(),
  projects_completed: z.number().int().nonnegative(),
  projects_failed: z.number().int().nonnegative(),
  /** Pages that need a browser, skipped because none could be started (not counted as failed). */
  projects_skipped: z.number().int().nonnegative(),
  /** The first SCRAPER_SKIPPED_PAGES_LISTED of them. */
  skipped_pages: z.array(scraperSkippedPageSchema).max(SCRAPER_SKIPPED_PAGES_LISTED),
  total_batches: z.number().int().nonnegative(),
  current_batch: z.number().int().nonnegative(),
  current_activity: z.string(),
  /** ISO 8601, from the measured rate; null until there is one. */
  estimated_completion: z.string().nullable(),
  /** Why a failed run failed. */
  error: z.string().nullable(),
});
export type ScraperProgress = z.infer<typeof scraperProgressSchema>;

export const SCRAPER_OUTPUT_TYPES = ['json', 'excel', 'reports'] as const;
export const scraperOutputTypeSchema = z.enum(SCRAPER_OUTPUT_TYPES);
export type ScraperOutputType = z.infer<typeof scraperOutputTypeSchema>;

export const scraperOutputFileSchema = z.object({
  name: z.string(),
  size: z.number().int().nonnegative(),
  /** Epoch seconds. */
  modified: z.number(),
});
export type ScraperOutputFile = z.infer<typeof scraperOutputFileSchema>;

export const scraperOutputsSchema = z.object({
  json: z.array(scraperOutputFileSchema),
  excel: z.array(scraperOutputFileSchema),
  reports: z.array(scraperOutputFileSchema),
});
export type ScraperOutputs = z.infer<typeof scraperOutputsSchema>;

export const scraperFileParamsSchema = z.object({
  type: scraperOutputTypeSchema,
  filename: z.string().min(1).max(255),
});

export const scraperStatusResponseSchema = successData(scraperStatusSchema);
export const scraperProgressResponseSchema = successData(scraperProgressSchema);
export const scraperOutputsResponseSchema = successData(scraperOutputsSchema);

/** start / pause / resume / stop answer `{success, data, error}`: data is the status after the call. */
export const scraperControlResponseSchema = z.object({
  success: z.boolean(),
  data: scraperStatusSchema.nullable(),
  error: z.string().nullable(),
});
export type ScraperControlResponse = z.infer<typeof scraperControlResponseSchema>;

export const scraperDeleteResponseSchema = z.object({ success: z.literal(true), detail: z.string() });
