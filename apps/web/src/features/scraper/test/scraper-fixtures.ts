import type { ScraperProgress } from '@mining-hub/contract/scraper';

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
  total_batches: 0,
  current_batch: 0,
  current_activity: '',
  estimated_completion: null,
  error: null,
};
