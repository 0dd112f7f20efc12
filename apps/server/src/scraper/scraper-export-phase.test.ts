import { setImmediate as settle } from 'node:timers/promises';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CrawlState } from './crawl-state.ts';
import { emptyCrawlMetrics } from './project-crawler.ts';
import { RunControl } from './run-control.ts';
import { exportRun } from './scraper-export-phase.ts';
import { emptyCounters } from './scraper-progress.ts';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** The export of a run that found nothing, to a fresh output directory, under `control`. */
async function exportUnder(control: RunControl) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'mh-export-phase-'));
  dirs.push(dir);
  const outputDir = path.join(dir, 'outputs');
  const counters = emptyCounters();
  const crawler = { targetGids: () => [], metrics: emptyCrawlMetrics() };
  const files = exportRun({
    config: {
      runId: 1,
      settings: { mode: 'test', max_workers: 1, max_concurrency: 1, batch_size: 50 },
      countries: [],
      source: { kind: 'demo', baseUrl: 'http://127.0.0.1:1' },
      startedAt: '2026-11-28T10:00:00.000Z',
      stateDir: path.join(dir, 'state'),
      outputDir,
      logDir: dir,
      logLevel: 'warning',
      chromiumPath: '/nonexistent',
      startPaused: false,
    },
    sourceName: 'demo',
    crawler,
    control,
    state: CrawlState.open(path.join(dir, 'state')),
    counters,
    countries: ['AU'],
    crawlStartedAt: Date.now(),
  });
  const written = async () =>
    (
      await Promise.all(['json', 'excel', 'reports'].map((type) => readdir(path.join(outputDir, type)).catch(() => [])))
    ).flat().length;
  return { files, counters, written };
}

describe('the export phase under a pause', () => {
  it('a pause that lands after the last batch holds the export until resumed, then every file is written', async () => {
    const control = new RunControl();
    let held = false;
    void control.pause().then(() => (held = true));
    const { files, counters, written } = await exportUnder(control);
    await settle();
    expect(held).toBe(true);
    expect(await written()).toBe(0);
    expect(counters.exportStepsDone).toBe(0);

    control.resume();
    expect(Object.keys((await files) ?? {})).toEqual(['json', 'excel', 'reports']);
    expect(await written()).toBe(3);
    expect(counters.exportStepsDone).toBe(3);
  });

  it('a stop while the export is held ends it: no more files, and no completed run', async () => {
    const control = new RunControl();
    void control.pause();
    const { files, written } = await exportUnder(control);
    await settle();
    await control.stop();
    expect(await files).toBeUndefined();
    expect(await written()).toBe(0);
  });
});
