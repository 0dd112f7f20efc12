/**
 * The scraper's child process, forked by the supervisor with an IPC channel: it says `ready`, receives
 * its config in `start`, crawls, writes the outputs and reports progress over IPC; it exits when its
 * parent goes away, so it can never outlive the server as an orphan.
 */
import path from 'node:path';
import { Logger, LogLevel, log as crawleeLog } from '@crawlee/core';
import { createProjectSource } from '../adapters/project-sources/project-sources.ts';
import { createLogger, type Logger as AppLogger } from '../logging.ts';
import { CrawlState } from './crawl-state.ts';
import type { ChildMessage, ScraperChildConfig, SupervisorMessage } from './scraper-messages.ts';
import { ProjectCrawler } from './project-crawler.ts';
import { emptyCounters, progressOf, projectsDone, Stopwatch, type CrawlCounters } from './scraper-progress.ts';
import { RunControl } from './run-control.ts';
import { exportRun } from './scraper-export-phase.ts';

const PROGRESS_INTERVAL_MS = 500;

async function main(config: ScraperChildConfig): Promise<void> {
  const output = createLogger({
    logDir: config.logDir,
    level: config.logLevel,
    stdout: false,
    fileName: 'scraper.log',
  });
  const logger = output.logger.child({ name: 'scraper' });
  routeCrawleeLogs(output.logger.child({ name: 'crawlee' }));

  const control = new RunControl();
  const counters: CrawlCounters = { ...emptyCounters(), status: 'running', activity: 'Starting' };
  const assemblyClock = new Stopwatch();
  // Projects restored from an earlier child took no time here: the rate counts this process's own work.
  let restoredDone = 0;
  // Set once a pause has taken hold (pages in flight landed). While it holds, the activity reads 'Paused'
  // whatever a phase starting meanwhile wrote: a pause that lands before discovery begins used to show
  // 'Discovering projects…' over a run that was in fact held.
  let pauseHeld = false;
  const progress = () =>
    progressOf(pauseHeld && control.isPaused ? { ...counters, activity: 'Paused' } : counters, new Date(), {
      done: projectsDone(counters) - restoredDone,
      elapsedMs: assemblyClock.elapsedMs(),
    });
  const send = (message: ChildMessage) => {
    if (process.connected) process.send?.(message);
  };
  let suspended = false;

  const onMessage = (message: SupervisorMessage) => {
    switch (message.type) {
      case 'pause':
        counters.status = 'paused';
        logger.info('pausing');
        void control.pause().then(() => {
          if (control.isPaused) pauseHeld = true;
        });
        break;
      case 'resume':
        counters.status = 'running';
        pauseHeld = false;
        logger.info('resuming');
        control.resume();
        break;
      case 'suspend':
        suspended = true;
        logger.info('suspending: the server is shutting down; the run continues after its restart');
        void control.stop();
        break;
      case 'stop':
        logger.info('emergency stop requested');
        void control.stop();
        break;
    }
  };
  process.on('message', onMessage);
  // The server went away (crash or kill): stop crawling and exit; the run resumes from the saved state.
  process.on('disconnect', () => {
    suspended = true;
    logger.warn('the server process went away: stopping');
    void control.stop();
  });
  process.on('SIGTERM', () => void control.stop());

  const ticker = setInterval(() => send({ type: 'progress', progress: progress() }), PROGRESS_INTERVAL_MS);

  try {
    const source = await createProjectSource(config.source);
    const state = CrawlState.open(config.stateDir);
    const countries = config.countries.length > 0 ? config.countries : await source.listCountries();
    logger.info(
      `run ${config.runId} (${config.settings.mode} mode, ${source.name}): ${countries.length} countries, ` +
        `${config.settings.max_workers} workers, ${config.settings.max_concurrency} browser pages, batches of ${config.settings.batch_size}` +
        (state.gids.size > 0
          ? `; continuing with ${state.gids.size} ids and ${state.projects.size + state.failures.size} projects already done`
          : ''),
    );
    if (config.startPaused) onMessage({ type: 'pause' });
    const crawler = new ProjectCrawler({
      source,
      settings: {
        countries,
        maxProjects: config.settings.max_projects,
        maxWorkers: config.settings.max_workers,
        maxConcurrency: config.settings.max_concurrency,
        batchSize: config.settings.batch_size,
        chromiumPath: config.chromiumPath,
      },
      state,
      control,
      counters,
      assemblyClock,
      log: (level, message) => logger[level](message),
    });
    const startedAt = Date.now();
    await crawler.discover();
    if (!control.isStopped) {
      restoredDone = crawler.targetGids().filter((gid) => state.isDone(gid)).length;
      await crawler.assemble();
    }
    // A pause that lands after the last batch holds the export (before each of its files).
    const files = control.isStopped
      ? undefined
      : await exportRun({
          config,
          sourceName: source.name,
          crawler,
          control,
          state,
          counters,
          countries,
          crawlStartedAt: startedAt,
        });
    if (!files) {
      counters.status = 'cancelled';
      counters.activity = suspended ? 'Suspended' : 'Stopped by Emergency Stop';
      logger.info(suspended ? 'suspended' : 'cancelled');
      send({ type: 'finished', status: suspended ? 'suspended' : 'cancelled', progress: progress() });
      return;
    }
    counters.phase = 'completed';
    counters.status = 'completed';
    counters.activity =
      `Completed: ${counters.projectsCompleted} projects exported, ${counters.projectsFailed} failed` +
      (counters.projectsSkipped > 0 ? `, ${counters.projectsSkipped} skipped (they need a browser)` : '');
    logger.info(`${counters.activity}; files ${Object.values(files).join(', ')} in ${path.resolve(config.outputDir)}`);
    send({ type: 'finished', status: 'completed', progress: progress() });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    counters.status = 'failed';
    counters.error = message;
    counters.activity = `Failed: ${message}`;
    logger.error({ err: error }, `run failed: ${message}`);
    send({ type: 'failed', error: message, progress: progress() });
    process.exitCode = 1;
  } finally {
    clearInterval(ticker);
    process.off('message', onMessage);
    await output.close();
    // Crawlee and Playwright may keep timers or sockets for a while: the run is over, so is the process.
    process.exit();
  }
}

/** Crawlee's own messages (warnings and errors only) go to the scraper log in the app's format. */
function routeCrawleeLogs(target: AppLogger): void {
  class ScraperLogLogger extends Logger {
    override _log(level: LogLevel, message: string): void {
      if (level <= LogLevel.ERROR) target.error(message);
      else if (level === LogLevel.WARNING) target.warn(message);
      else target.debug(message);
    }
  }
  crawleeLog.setOptions({ logger: new ScraperLogLogger({}), level: LogLevel.WARNING });
}

// The config comes over IPC, not argv (readable by every local user in `ps`). `main` subscribes to the
// messages after `start` before its first await, so none of them is missed.
process.on('message', function onStart(message: SupervisorMessage) {
  if (message.type !== 'start') return;
  process.off('message', onStart);
  void main(message.config);
});
process.send?.({ type: 'ready' } satisfies ChildMessage);
