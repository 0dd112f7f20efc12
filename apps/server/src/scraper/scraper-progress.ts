import {
  SCRAPER_PHASE_SPAN,
  type ScraperPhase,
  type ScraperProgress,
  type ScraperRunStatus,
  type ScraperSkippedPage,
} from '@mining-hub/contract/scraper';

/** What the crawler counts as it goes; `progressOf` turns it into the spec's Scraper progress. */
export interface CrawlCounters {
  status: ScraperRunStatus;
  phase: ScraperPhase;
  countriesTotal: number;
  countriesCompleted: number;
  totalGids: number;
  projectsTotal: number;
  projectsCompleted: number;
  projectsFailed: number;
  /** Pages that need a browser, skipped because none could be started. */
  projectsSkipped: number;
  /** The first of them, as progress lists them. */
  skippedPages: ScraperSkippedPage[];
  totalBatches: number;
  currentBatch: number;
  /** Export steps done out of EXPORT_STEPS. */
  exportStepsDone: number;
  activity: string;
  error: string | null;
}

export const EXPORT_STEPS = 3;

export function emptyCounters(): CrawlCounters {
  return {
    status: 'not_started',
    phase: 'not_started',
    countriesTotal: 0,
    countriesCompleted: 0,
    totalGids: 0,
    projectsTotal: 0,
    projectsCompleted: 0,
    projectsFailed: 0,
    projectsSkipped: 0,
    skippedPages: [],
    totalBatches: 0,
    currentBatch: 0,
    exportStepsDone: 0,
    activity: 'Not started',
    error: null,
  };
}

/** Measured working time of a phase: paused time does not count towards the rate. */
export interface RateSample {
  /** Items finished while the clock ran. */
  done: number;
  /** Milliseconds the clock ran. */
  elapsedMs: number;
}

const ratio = (done: number, total: number) => (total > 0 ? Math.min(1, done / total) : 0);
const round1 = (value: number) => Math.round(value * 10) / 10;

/** The spec's progress fields from the counters; the estimate comes from the assembly rate measured so far. */
export function progressOf(counters: CrawlCounters, now: Date, assemblyRate?: RateSample): ScraperProgress {
  const phaseFraction = phaseFractionOf(counters);
  const overall = overallOf(counters.phase, phaseFraction);
  return {
    status: counters.status,
    overall_progress: round1(overall),
    current_phase: counters.phase,
    phase_progress: round1(phaseFraction * 100),
    countries_total: counters.countriesTotal,
    countries_completed: counters.countriesCompleted,
    total_gids: counters.totalGids,
    projects_total: counters.projectsTotal,
    projects_completed: counters.projectsCompleted,
    projects_failed: counters.projectsFailed,
    projects_skipped: counters.projectsSkipped,
    skipped_pages: [...counters.skippedPages],
    total_batches: counters.totalBatches,
    current_batch: counters.currentBatch,
    current_activity: counters.activity,
    estimated_completion: estimateCompletion(counters, now, assemblyRate),
    error: counters.error,
  };
}

/** Projects the assembly is through with: exported, failed or skipped. */
export function projectsDone(counters: CrawlCounters): number {
  return counters.projectsCompleted + counters.projectsFailed + counters.projectsSkipped;
}

function phaseFractionOf(counters: CrawlCounters): number {
  switch (counters.phase) {
    case 'discovery':
      return ratio(counters.countriesCompleted, counters.countriesTotal);
    case 'assembly':
      return ratio(projectsDone(counters), counters.projectsTotal);
    case 'export':
      return ratio(counters.exportStepsDone, EXPORT_STEPS);
    case 'completed':
      return 1;
    case 'not_started':
      return 0;
  }
}

function overallOf(phase: ScraperPhase, fraction: number): number {
  if (phase === 'completed') return 100;
  if (phase === 'not_started') return 0;
  const span = SCRAPER_PHASE_SPAN[phase];
  return span.from + (span.to - span.from) * fraction;
}

/** Remaining projects at the measured assembly rate, plus a second for the export; null before a rate exists. */
function estimateCompletion(counters: CrawlCounters, now: Date, rate: RateSample | undefined): string | null {
  if (counters.status !== 'running') return null;
  if (counters.phase === 'export') return new Date(now.getTime() + 1000).toISOString();
  if (counters.phase !== 'assembly' || !rate || rate.done < 1 || rate.elapsedMs <= 0) return null;
  const remaining = Math.max(0, counters.projectsTotal - projectsDone(counters));
  const msPerProject = rate.elapsedMs / rate.done;
  return new Date(now.getTime() + remaining * msPerProject + 1000).toISOString();
}

/** A stopwatch that can be paused, for rates that must not count paused time. */
export class Stopwatch {
  private startedAt: number | null = null;
  private accumulatedMs = 0;

  private readonly clock: () => number;

  constructor(clock: () => number = () => performance.now()) {
    this.clock = clock;
  }

  get running(): boolean {
    return this.startedAt !== null;
  }

  start(): void {
    if (this.startedAt === null) this.startedAt = this.clock();
  }

  stop(): void {
    if (this.startedAt === null) return;
    this.accumulatedMs += this.clock() - this.startedAt;
    this.startedAt = null;
  }

  elapsedMs(): number {
    return this.accumulatedMs + (this.startedAt === null ? 0 : this.clock() - this.startedAt);
  }
}
