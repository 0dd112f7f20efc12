import type { ScraperProgress, ScraperStatus } from '@mining-hub/contract/scraper';

/** Status with nothing running. */
export const STOPPED_STATUS: ScraperStatus = { running: false, paused: false, pid: null, start_time: null, mode: null };

/** Status of a test-mode run in progress. */
export const RUNNING_STATUS: ScraperStatus = {
  running: true,
  paused: false,
  pid: 4242,
  start_time: '2026-11-22T09:00:00.000Z',
  mode: 'test',
};

/** The progress the server answers before any run. */
export const NOT_STARTED_PROGRESS: ScraperProgress = {
  status: 'not_started',
  overall_progress: 0,
  current_phase: 'not_started',
  phase_progress: 0,
  countries_total: 0,
  countries_completed: 0,
  total_gids: 0,
  projects_total: 0,
  projects_completed: 0,
  projects_failed: 0,
  projects_skipped: 0,
  skipped_pages: [],
  total_batches: 0,
  current_batch: 0,
  current_activity: '',
  estimated_completion: null,
  error: null,
};
