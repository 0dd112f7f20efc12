import type { ScraperProgress, ScraperSettings } from '@mining-hub/contract/scraper';
import type { ProjectSourceConfig } from '../adapters/project-sources/project-sources.ts';

/**
 * Everything the child process needs, sent in the `start` message once the child says `ready`. Never on
 * its command line: every local user can read that in `ps`, and a MiningHub source carries its token.
 */
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

/**
 * Supervisor → child. `start` answers the child's `ready` and comes first; `suspend` stops the crawl
 * without ending the run (the server is shutting down).
 */
export type SupervisorMessage =
  | { type: 'start'; config: ScraperChildConfig }
  | { type: 'pause' }
  | { type: 'resume' }
  | { type: 'stop' }
  | { type: 'suspend' };

/** Child → supervisor. `ready`: listening for its `start`, sent before anything else. */
export type ChildMessage =
  | { type: 'ready' }
  | { type: 'progress'; progress: ScraperProgress }
  | { type: 'finished'; status: 'completed' | 'cancelled' | 'suspended'; progress: ScraperProgress }
  | { type: 'failed'; error: string; progress: ScraperProgress };
