import { describe, expect, it } from 'vitest';
import { emptyCounters, progressOf, Stopwatch, type CrawlCounters } from './scraper-progress.ts';

const now = new Date('2026-11-23T10:00:00Z');
const counters = (overrides: Partial<CrawlCounters>): CrawlCounters => ({
  ...emptyCounters(),
  status: 'running',
  ...overrides,
});

describe('progressOf', () => {
  it('starts at zero with no estimate', () => {
    expect(progressOf(emptyCounters(), now)).toMatchObject({
      status: 'not_started',
      overall_progress: 0,
      current_phase: 'not_started',
      phase_progress: 0,
      estimated_completion: null,
    });
  });

  it('spreads the phases over the overall bar: discovery to 10, assembly to 95, export to 100', () => {
    const discovery = progressOf(counters({ phase: 'discovery', countriesTotal: 4, countriesCompleted: 2 }), now);
    expect(discovery).toMatchObject({
      overall_progress: 5,
      phase_progress: 50,
      countries_total: 4,
      countries_completed: 2,
    });
    const assembly = progressOf(
      counters({ phase: 'assembly', projectsTotal: 100, projectsCompleted: 40, projectsFailed: 10 }),
      now,
    );
    expect(assembly).toMatchObject({ overall_progress: 52.5, phase_progress: 50, projects_failed: 10 });
    // Pages skipped for want of a browser are behind the crawl too, and listed.
    const page = { gid: '7', url: 'http://x/7', reason: 'needs a browser: No Chromium at /nowhere' };
    const skipping = progressOf(
      counters({
        phase: 'assembly',
        projectsTotal: 100,
        projectsCompleted: 40,
        projectsSkipped: 10,
        skippedPages: [page],
      }),
      now,
    );
    expect(skipping).toMatchObject({ phase_progress: 50, projects_skipped: 10, skipped_pages: [page] });
    expect(progressOf(counters({ phase: 'assembly', projectsTotal: 0 }), now).overall_progress).toBe(10);
    expect(progressOf(counters({ phase: 'export', exportStepsDone: 3 }), now).overall_progress).toBe(100);
    expect(progressOf(counters({ phase: 'completed', status: 'completed' }), now).overall_progress).toBe(100);
  });

  it('estimates completion from the measured assembly rate, and not while paused', () => {
    const running = counters({ phase: 'assembly', projectsTotal: 100, projectsCompleted: 20, projectsFailed: 5 });
    // 25 projects in 10 s: 75 left take 30 s, plus a second for the export.
    expect(progressOf(running, now, { done: 25, elapsedMs: 10_000 }).estimated_completion).toBe(
      '2026-11-23T10:00:31.000Z',
    );
    expect(progressOf(running, now, { done: 0, elapsedMs: 0 }).estimated_completion).toBeNull();
    expect(
      progressOf({ ...running, status: 'paused' }, now, { done: 25, elapsedMs: 10_000 }).estimated_completion,
    ).toBeNull();
  });
});

describe('Stopwatch', () => {
  it('counts only the time it runs', () => {
    let clock = 0;
    const watch = new Stopwatch(() => clock);
    watch.start();
    clock = 100;
    watch.stop();
    clock = 1000; // paused
    watch.start();
    clock = 1050;
    expect(watch.elapsedMs()).toBe(150);
    expect(watch.running).toBe(true);
    watch.stop();
    expect(watch.running).toBe(false);
  });
});
