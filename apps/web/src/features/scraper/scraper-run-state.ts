import type { ScraperRunStatus, ScraperStatus } from '@mining-hub/contract/scraper';

/** The three states of SPEC.md section 4: Stopped, Running, Paused. */
export type ScraperRunState = 'stopped' | 'running' | 'paused';

export const RUN_STATE_LABELS: Record<ScraperRunState, string> = {
  stopped: 'Stopped',
  running: 'Running',
  paused: 'Paused',
};

/**
 * What the status call says is going on. A paused run still has its process, so `paused` counts whether or not the
 * server also reports it as `running`.
 */
export function runStateOf(status: ScraperStatus | undefined): ScraperRunState {
  if (status?.paused) return 'paused';
  return status?.running ? 'running' : 'stopped';
}

/**
 * A run that still has a process (running or paused). Status and progress are polled only then: a paused run can
 * still be stopped elsewhere or crash, and the page must not show it paused once it is gone.
 */
export const hasProcess = (state: ScraperRunState) => state !== 'stopped';

/** The note after the title: the SPEC.md section 4 rule when not running, otherwise what runs now. */
export function headingNote(state: ScraperRunState, lastRunStatus: ScraperRunStatus | undefined): string {
  if (state === 'running') return '(Running)';
  if (state === 'paused') return '(Paused)';
  if (lastRunStatus === 'completed') return '(Last Run Completed)';
  if (lastRunStatus === 'cancelled') return '(Last Run Cancelled)';
  return '(No Active Process)';
}
