import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { UserRole } from '@mining-hub/contract/auth';
import type { LightMyRequestResponse } from 'fastify';
import { compose } from '../src/composition.ts';
import type { AppConfig } from '../src/config.ts';
import type { ZodApp } from '../src/http/types.ts';
import type { LiveBus } from '../src/live/live-bus.ts';
import { createSilentLogger } from '../src/logging.ts';
import type { NewsSource } from '../src/adapters/news-sources/news-source.ts';
import type { PgBoss } from '../src/jobs/queue.ts';
import type { ServiceOptions, Services } from '../src/services.ts';
import type { ProjectSourceConfig } from '../src/adapters/project-sources/project-sources.ts';
import { createTestDatabase, type EngineKind, type TestDatabase } from './test-database.ts';

/** The origin `app.inject` requests come from (its default Host is localhost:80). */
export const APP_ORIGIN = 'http://localhost';

export interface TestApp {
  app: ZodApp;
  database: TestDatabase;
  services: Services;
  bus: LiveBus;
  /** The job queue, when the test asked for one. */
  boss: PgBoss | undefined;
  /** LOG_DIR of this app: a fresh temporary directory unless the test passed one. */
  logDir: string;
  /** DATA_DIR/scraper of this app: a fresh temporary directory. */
  scraperDir: string;
  /** http://127.0.0.1:port when the app listens (scraperSupervisor), else undefined. */
  origin: string | undefined;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Share a database between two app instances (relay tests). */
  database?: TestDatabase;
  /** Start pg-boss with workers, so fetch sessions really run, from these news sources. */
  newsSources?: NewsSource[];
  newsFetchIntervalSeconds?: number;
  newsSourceTimeoutMs?: number;
  logDir?: string;
  /** Pipeline adapters and the app origin the expand step trusts. */
  pipeline?: ServiceOptions['pipeline'];
  /** Run batch jobs (starts pg-boss). */
  pipelineJobs?: boolean;
  /** Run evaluation runs (starts pg-boss). */
  evaluationJobs?: boolean;
  /** Alert delivery settings, and (with `alertJobs`) deliver alerts, retrying after `retryDelaySeconds`. */
  alerts?: ServiceOptions['alerts'];
  alertJobs?: { retryDelaySeconds?: number };
  /** Run watch runs (starts pg-boss; runs need `newsSources` and `pipelineJobs` too), with these service options. */
  watchJobs?: boolean;
  watches?: ServiceOptions['watches'];
  /**
   * Supervise scraper runs as a worker does: the app then listens on a free port, and the child crawls
   * the demo directory it serves unless another source is given.
   */
  scraperSupervisor?: {
    source?: ProjectSourceConfig;
    stopGraceMs?: number;
    logLevel?: 'debug' | 'info';
    childEntry?: string;
  };
  /** PUBLIC_ORIGIN (unset by default). */
  publicOrigin?: string;
  /** TRUST_PROXY as parsed by config.ts (none by default). */
  trustProxy?: AppConfig['trustProxy'];
  /** Serve the web app from this folder (none by default). */
  webDistDir?: string;
  /** Share DATA_DIR/scraper between two app instances (restart tests); a fresh temporary one otherwise. */
  scraperDir?: string;
  /** How often the live hub re-checks its sockets' sessions (the default 5 s otherwise). */
  liveSessionRecheckMs?: number;
  /** Load-shedding limits (config.ts); none by default. */
  loadShedding?: AppConfig['loadShedding'] & { crowdConnections?: number };
  /** CHROMIUM_PATH for /health and the scraper child (the environment's, else Debian's, otherwise). */
  chromiumPath?: string;
}

/** The server as main.ts composes it (`compose`), on a fresh database of the given engine, without the web bundle. */
export async function createTestApp(kind: EngineKind, options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase(kind));
  const logDir = options.logDir ?? (await mkdtemp(path.join(os.tmpdir(), 'mh-test-logs-')));
  const scraperDir = options.scraperDir ?? (await mkdtemp(path.join(os.tmpdir(), 'mh-test-scraper-')));
  const chromiumPath = options.chromiumPath ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const server = await compose({
    database: database.handle,
    logger: createSilentLogger(),
    postgresUrl: database.url,
    jobQueue: Boolean(
      options.newsSources || options.pipelineJobs || options.alertJobs || options.watchJobs || options.evaluationJobs,
    ),
    services: {
      scraperOutputDir: path.join(scraperDir, 'outputs'),
      scraperStartWaitMs: options.scraperSupervisor ? undefined : 0,
      pipeline: options.pipeline,
      alerts: options.alerts,
      watches: options.watches,
      newsFetchIntervalSeconds: options.newsFetchIntervalSeconds ?? 0,
      logDir,
      chromiumPath,
    },
    api: {
      config: {
        publicOrigin: options.publicOrigin,
        trustProxy: options.trustProxy ?? false,
        webDistDir: options.webDistDir ?? path.join(import.meta.dirname, 'no-web-bundle'),
        loadShedding: options.loadShedding,
      },
      liveSessionRecheckMs: options.liveSessionRecheckMs,
    },
    // Only the jobs a test asks for run, on this process (as a worker role would).
    jobs: {
      work: true,
      news: options.newsSources
        ? { sources: options.newsSources, sourceTimeoutMs: options.newsSourceTimeoutMs }
        : undefined,
      pipeline: options.pipelineJobs ? { concurrency: 4 } : undefined,
      alerts: options.alertJobs,
      watches: options.watchJobs,
      evaluation: options.evaluationJobs,
    },
  });
  const { app, services, bus, boss } = server;
  if (!app) throw new Error('the composition built no HTTP app');
  let origin: string | undefined;
  if (options.scraperSupervisor) {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    origin = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : undefined;
    server.startScraper({
      scraperDir,
      logDir,
      logLevel: options.scraperSupervisor.logLevel ?? 'info',
      chromiumPath,
      source: options.scraperSupervisor.source ?? { kind: 'demo', baseUrl: origin ?? '' },
      pollMs: 100,
      stopGraceMs: options.scraperSupervisor.stopGraceMs,
      childEntry: options.scraperSupervisor.childEntry,
    });
  }
  return {
    app,
    database,
    services,
    bus,
    boss,
    logDir,
    scraperDir,
    origin,
    close: async () => {
      await server.close({ graceful: false, close: true });
      if (!options.database) await database.drop();
      if (!options.logDir) await rm(logDir, { recursive: true, force: true });
      if (!options.scraperDir) await rm(scraperDir, { recursive: true, force: true });
    },
  };
}

let userCounter = 0;

/** Creates a user and signs in through the API; returns the cookie header to send. */
export async function signIn(
  testApp: TestApp,
  overrides: { email?: string; password?: string; name?: string; role?: UserRole; origin?: string } = {},
): Promise<{ cookie: string; userId: number; email: string; password: string }> {
  userCounter += 1;
  const email = overrides.email ?? `user${userCounter}-${process.pid}@example.com`;
  const password = overrides.password ?? 'correct horse battery';
  const user = await testApp.services.auth.addUser({
    email,
    name: overrides.name ?? `User ${userCounter}`,
    role: overrides.role ?? 'member',
    password,
  });
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    headers: { origin: overrides.origin ?? APP_ORIGIN },
    payload: { email, password },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return { cookie: sessionCookieOf(response), userId: user.id, email, password };
}

/** `name=value` of the session cookie a response set. */
export function sessionCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'mh_session');
  if (!cookie) throw new Error('no session cookie set');
  return `${cookie.name}=${cookie.value}`;
}
