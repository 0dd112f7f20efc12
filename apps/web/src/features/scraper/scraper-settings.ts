import {
  SCRAPER_BATCH_SIZE,
  SCRAPER_DEFAULTS,
  SCRAPER_MODES,
  type ScraperMode,
  type ScraperStartRequest,
} from '@mining-hub/contract/scraper';

/** What the settings panel edits. The batch size is kept as typed so a half-typed number can be corrected. */
export interface ScraperSettingsDraft {
  mode: ScraperMode;
  maxWorkers: number;
  maxConcurrency: number;
  batchSize: string;
  /** Not on screen (SPEC.md section 5); sent only when set. */
  maxProjects?: number | null;
  /** Not on screen; comma-separated country names, sent trimmed and only when any are left. */
  countries?: string | null;
}

export const DEFAULT_SETTINGS: ScraperSettingsDraft = {
  mode: SCRAPER_DEFAULTS.mode,
  maxWorkers: SCRAPER_DEFAULTS.max_workers,
  maxConcurrency: SCRAPER_DEFAULTS.max_concurrency,
  batchSize: String(SCRAPER_DEFAULTS.batch_size),
};

export const BATCH_SIZE_ERROR = `Batch size must be a whole number from ${SCRAPER_BATCH_SIZE.min} to ${SCRAPER_BATCH_SIZE.max}`;

/** The batch size as a number when it is a whole number from 10 to 200, otherwise undefined. */
export function parseBatchSize(value: string): number | undefined {
  const trimmed = value.trim();
  if (!/^\d+$/.test(trimmed)) return undefined;
  const size = Number(trimmed);
  return size >= SCRAPER_BATCH_SIZE.min && size <= SCRAPER_BATCH_SIZE.max ? size : undefined;
}

/** The body of POST /scraper/start, or undefined while the settings are invalid. */
export function buildStartRequest(draft: ScraperSettingsDraft): ScraperStartRequest | undefined {
  const batchSize = parseBatchSize(draft.batchSize);
  if (batchSize === undefined) return undefined;
  const request: ScraperStartRequest = {
    mode: draft.mode,
    max_workers: draft.maxWorkers,
    max_concurrency: draft.maxConcurrency,
    batch_size: batchSize,
  };
  if (draft.maxProjects !== undefined && draft.maxProjects !== null && draft.maxProjects > 0) {
    request.max_projects = draft.maxProjects;
  }
  const countries = (draft.countries ?? '')
    .split(',')
    .map((country) => country.trim())
    .filter((country) => country.length > 0);
  if (countries.length > 0) request.countries = countries;
  return request;
}

export const modeLabel = (mode: ScraperMode) => SCRAPER_MODES.find((option) => option.value === mode)?.label ?? mode;

/** One line saying what Start will do, for when the settings are hidden: 'Test Mode · 2 workers · 1 browser · batches of 50'. */
export function settingsSummary(draft: ScraperSettingsDraft): string {
  const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
  const batchSize = parseBatchSize(draft.batchSize);
  return [
    modeLabel(draft.mode),
    plural(draft.maxWorkers, 'worker', 'workers'),
    plural(draft.maxConcurrency, 'browser page', 'browser pages'),
    batchSize === undefined ? 'invalid batch size' : `batches of ${batchSize}`,
  ].join(' · ');
}
