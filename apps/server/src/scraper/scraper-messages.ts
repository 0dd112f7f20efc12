import type { ScraperProgress, ScraperSettings } from '@mining-hub/contract/scraper';

/** Where the child crawls: the app's demo directory or MiningHub. */
export type ProjectSourceConfig =
  { kind: 'demo'; baseUrl: string } | { kind: 'mininghub'; baseUrl: string; token: string };

/** Everything the child process needs, passed as one JSON argument. */
export interface ScraperChildConfig {
  runId: number;
  settings: ScraperSettings;
  /** ISO codes to discover; empty means every country the source covers. */
  countries: string[];
  source: ProjectSourceConfig;
  /** ISO time the run started: its output files carry it. */
  startedAt: string;
  stateDir: string;
  outputDir: string;
  logDir: string;
  logLevel: 'debug' | 'info' | 'warning' | 'error';
  chromiumPath: string;
  /** Start paused (a paused run taken over after a server restart). */
  startPaused: boolean;
}

/** Supervisor → child. `suspend` stops the crawl without ending the run (the server is shutting down). */
export type SupervisorMessage = { type: 'pause' } | { type: 'resume' } | { type: 'stop' } | { type: 'suspend' };

/** Child → supervisor. */
export type ChildMessage =
  | { type: 'progress'; progress: ScraperProgress }
  | { type: 'finished'; status: 'completed' | 'cancelled' | 'suspended'; progress: ScraperProgress }
  | { type: 'failed'; error: string; progress: ScraperProgress };
