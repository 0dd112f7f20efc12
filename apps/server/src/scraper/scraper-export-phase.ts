import path from 'node:path';
import type { ScraperOutputType } from '@mining-hub/contract/scraper';
import type { CrawlState } from './crawl-state.ts';
import type { ProjectCrawler } from './project-crawler.ts';
import type { RunControl } from './run-control.ts';
import type { ScraperChildConfig } from './scraper-messages.ts';
import type { CrawlCounters } from './scraper-progress.ts';
import {
  buildCrmReadyJson,
  groupByCompany,
  outputFileNames,
  writeExcelFile,
  writeJsonFile,
  type ProcessingReport,
} from './scraper-exports.ts';

export interface ExportPhaseInput {
  config: ScraperChildConfig;
  sourceName: string;
  crawler: Pick<ProjectCrawler, 'targetGids' | 'metrics'>;
  /** A pause holds the export before each file; a stop then ends it. */
  control: RunControl;
  state: CrawlState;
  counters: CrawlCounters;
  countries: string[];
  /** When this process started crawling (ms since epoch). */
  crawlStartedAt: number;
}

const perMinute = (count: number, ms: number) => (ms > 0 && count > 0 ? Math.round((count / ms) * 60_000) : null);

/**
 * The export phase: the CRM-ready JSON, the Excel report and the processing report, in that order.
 * Undefined when the run was stopped while the export was held by a pause.
 */
export async function exportRun(input: ExportPhaseInput): Promise<Record<ScraperOutputType, string> | undefined> {
  const { config, crawler, state, counters, control } = input;
  /** False once the run is stopped; waits out a pause first. */
  const mayGoOn = async () => {
    await control.waitWhilePaused();
    return !control.isStopped;
  };
  const exportStarted = Date.now();
  counters.phase = 'export';
  counters.exportStepsDone = 0;
  const target = crawler.targetGids();
  const projects = target.flatMap((gid) => state.projects.get(gid) ?? []);
  const startedAt = new Date(config.startedAt);
  const run = { runId: config.runId, mode: config.settings.mode, source: input.sourceName, startedAt };
  const names = outputFileNames(startedAt);
  const fileOf = (type: ScraperOutputType) => path.join(config.outputDir, type, names[type]);

  if (!(await mayGoOn())) return undefined;
  counters.activity = `Writing ${names.json}`;
  await writeJsonFile(fileOf('json'), buildCrmReadyJson(projects, run, new Date()));
  counters.exportStepsDone = 1;

  if (!(await mayGoOn())) return undefined;
  counters.activity = `Writing ${names.excel}`;
  const { companies } = groupByCompany(projects);
  const contacts = companies.reduce((sum, company) => sum + company.contacts.length, 0);
  const finishedAt = new Date();
  await writeExcelFile(fileOf('excel'), projects, run, [
    ['Run', config.runId],
    ['Mode', config.settings.mode],
    ['Source', input.sourceName],
    ['Started (UTC)', startedAt.toISOString()],
    ['Finished (UTC)', finishedAt.toISOString()],
    ['Duration (seconds)', Math.round((finishedAt.getTime() - startedAt.getTime()) / 1000)],
    ['Countries', input.countries.length],
    ['Project ids discovered', state.gids.size],
    ['Projects exported', projects.length],
    ['Projects failed', counters.projectsFailed],
    ['Projects skipped (need a browser)', counters.projectsSkipped],
    ['Companies', companies.length],
    ['Contacts', contacts],
  ]);
  counters.exportStepsDone = 2;

  if (!(await mayGoOn())) return undefined;
  counters.activity = `Writing ${names.reports}`;
  const metrics = crawler.metrics;
  const reportFinishedAt = new Date();
  const report: ProcessingReport = {
    run: { id: config.runId, mode: config.settings.mode, source: input.sourceName, settings: { ...config.settings } },
    started_at: startedAt.toISOString(),
    finished_at: reportFinishedAt.toISOString(),
    duration_seconds: Math.round((reportFinishedAt.getTime() - startedAt.getTime()) / 100) / 10,
    phases: {
      discovery: {
        seconds: Math.round(metrics.discoveryMs / 100) / 10,
        pages: metrics.discoveryPages,
        countries: input.countries.length,
        projects_found: state.gids.size,
        failures: metrics.discoveryFailures,
      },
      assembly: {
        seconds: Math.round(metrics.assemblyMs / 100) / 10,
        projects_total: counters.projectsTotal,
        projects_completed: counters.projectsCompleted,
        projects_failed: counters.projectsFailed,
        projects_skipped: counters.projectsSkipped,
        http_pages: metrics.httpProjectPages,
        http_data_requests: metrics.httpDataRequests,
        browser_pages: metrics.browserProjectPages,
        http_pages_per_minute: perMinute(metrics.httpProjectPages, metrics.httpMs),
        browser_pages_per_minute: perMinute(metrics.browserProjectPages, metrics.browserMs),
        retries: metrics.retries,
      },
      export: { seconds: Math.round((Date.now() - exportStarted) / 100) / 10, files: Object.values(names) },
    },
    failures: target.flatMap((gid) => {
      const reason = state.failures.get(gid);
      return reason === undefined ? [] : [{ gid, reason }];
    }),
    skipped: target.flatMap((gid) => state.skipped.get(gid) ?? []),
    throughput: {
      projects_per_minute: perMinute(
        counters.projectsCompleted + counters.projectsFailed,
        Date.now() - input.crawlStartedAt,
      ),
    },
  };
  await writeJsonFile(fileOf('reports'), report);
  counters.exportStepsDone = 3;
  return names;
}
