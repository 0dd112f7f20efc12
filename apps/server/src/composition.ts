import { createArticleExtractor } from './adapters/article-pages/article-extractor.ts';
import { buildApp, type AppDeps } from './app.ts';
import type { DatabaseHandle } from './db/client.ts';
import type { ZodApp } from './http/types.ts';
import { retryOrphanedJobs, startJobQueue, type PgBoss } from './jobs/queue.ts';
import { createLiveBus, type LiveBus } from './live/live-bus.ts';
import type { Logger } from './logging.ts';
import type { NewsSource } from './adapters/news-sources/news-source.ts';
import { demoKnownCompanies } from './adapters/news-sources/news-sources.ts';
import { ALERT_DELIVERY_JOB, defineAlertJobs, workAlertJobs } from './modules/alerts/alerts.jobs.ts';
import { defineWatchJobs, workWatchJobs } from './modules/watches/watches.jobs.ts';
import { defineDigestJobs, workDigestJobs } from './modules/digest/digest.jobs.ts';
import { defineEvaluationJobs, EVALUATION_RUN_JOB, workEvaluationJobs } from './modules/evaluation/evaluation.jobs.ts';
import { starterSetItems } from './modules/evaluation/evaluation.service.ts';
import { defineAuthJobs, workAuthJobs } from './modules/auth/auth.jobs.ts';
import { defineNewsJobs, NEWS_FETCH_JOB, workNewsJobs } from './modules/news/news.jobs.ts';
import { createNewsRepository } from './modules/news/news.repository.ts';
import { definePipelineJobs, PIPELINE_ARTICLE_JOB, workPipelineJobs } from './modules/pipeline/pipeline.jobs.ts';
import { createPipelineRepository } from './modules/pipeline/pipeline.repository.ts';
import { createScraperRepository } from './modules/scraper/scraper.repository.ts';
import {
  createScraperSupervisor,
  type ScraperSupervisor,
  type ScraperSupervisorOptions,
} from './modules/scraper/scraper.supervisor.ts';
import { createServices, type ServiceOptions, type Services } from './services.ts';

/**
 * Everything a process runs, from explicit options: the one place where main.ts and the tests wire
 * services, the HTTP app (api role) and the job handlers (worker role).
 */
export interface CompositionOptions {
  database: DatabaseHandle;
  /** The root logger; each part logs under its own name. */
  logger: Logger;
  /** postgres://… of the database, so live messages also travel between processes (LISTEN/NOTIFY). */
  postgresUrl?: string | undefined;
  /** Start pg-boss on the database; without it nothing may enqueue (and `jobs` is ignored). */
  jobQueue: boolean;
  services: Omit<ServiceOptions, 'boss' | 'bus' | 'logger'>;
  /** Build the HTTP app (the api role); it does not listen yet. */
  api?: Pick<AppDeps, 'config' | 'liveSessionRecheckMs'>;
  jobs?: JobsOptions;
}

/** Which queues and schedules to declare (every role does), and whether to run their handlers. */
export interface JobsOptions {
  /** Run the handlers (worker role); without it the queues and schedules are only declared (api role). */
  work: boolean;
  /** The purge of expired sessions every 15 minutes. */
  sessionPurge?: boolean;
  /** Fetch sessions, from these sources. */
  news?: { sources: NewsSource[]; sourceTimeoutMs?: number };
  /** Batch articles, `concurrency` at a time per worker. */
  pipeline?: { concurrency: number; retryDelaySeconds?: number };
  /** Alert deliveries (webhooks, e-mail), retried with backoff from `retryDelaySeconds` (15 s). */
  alerts?: { retryDelaySeconds?: number };
  /** Watches: the every-minute tick that queues due runs, and the runs (which need news and pipeline jobs). */
  watches?: boolean;
  /** Evaluation runs of prompt versions over evaluation sets. */
  evaluation?: boolean;
  /**
   * Accounts (issue 34): every `syncIntervalMs` a worker reads what is new into companies and projects
   * (scraper outputs, stories, CRM pushes); a completed scraper run is read at once.
   */
  accounts?: { syncIntervalMs: number };
  /**
   * The embedded database has one process: article claims, running batch jobs and scraper runs held
   * before this start belong to a process now gone, and are released.
   */
  releaseOrphans?: boolean;
}

/** What a scraper supervisor needs besides what the composition already has. */
export type ScraperOptions = Omit<ScraperSupervisorOptions, 'repository' | 'logger'>;

export interface Composition {
  services: Services;
  bus: LiveBus;
  boss: PgBoss | undefined;
  /** The HTTP app when `api` was asked for. */
  app: ZodApp | undefined;
  /**
   * Supervises scraper runs (worker role). Called once the app listens: the child may crawl the demo
   * directory this server serves.
   */
  startScraper(options: ScraperOptions): ScraperSupervisor;
  /** Stops the scraper, the app (in-flight requests finish), the queue and the live bus; not the database. */
  close(queue?: QueueStopOptions): Promise<void>;
}

export type QueueStopOptions = Parameters<PgBoss['stop']>[0];

/** Longest the accounts sync waits for fetches ingesting in this process. */
const ACCOUNTS_MAX_DEFER_MS = 30_000;

/** Builds services, declares (and on a worker runs) the jobs, and builds the HTTP app. */
export async function compose(options: CompositionOptions): Promise<Composition> {
  const { database, logger } = options;
  const log = logger.child({ name: 'server' });
  const pipelineLogger = logger.child({ name: 'pipeline' });
  const bus = await createLiveBus({ postgresUrl: options.postgresUrl, logger: logger.child({ name: 'live' }) });
  const boss = options.jobQueue
    ? await startJobQueue(database, logger.child({ name: 'jobs' }), { worker: options.jobs?.work === true })
    : undefined;
  const alertsLogger = logger.child({ name: 'alerts' });
  // Its threads start when a batch first reads a page, and stop with the composition.
  const extractor = createArticleExtractor();
  const services = createServices(database.db, {
    ...options.services,
    pipeline: { ...options.services.pipeline, extractor },
    alerts: { ...options.services.alerts, logger: alertsLogger },
    boss,
    bus,
    logger: pipelineLogger,
  });
  log.info(`analysis: ${services.pipelineAdapters.analyser}; CRM: ${services.pipelineAdapters.crm}`);
  // After migrations, before serving or working: the analysis always needs an active prompt.
  if (await services.prompts.ensureDefaultPrompt()) log.info('created the default AI prompt');
  if (await services.evaluation.ensureStarterSet(starterSetItems)) log.info('created the starter evaluation set');

  const jobs = options.jobs;
  const backfillStop = new AbortController();
  let backfill: Promise<unknown> = Promise.resolve();
  // Accounts: one sync at a time in this process; a request while one runs makes it run once more after.
  const accountsLogger = logger.child({ name: 'accounts' });
  let accountsSync: Promise<void> | undefined;
  let accountsAgain = false;
  let accountsTimer: NodeJS.Timeout | undefined;
  // A fetch ingesting in this process comes first: its story writes and the sync's fact extraction share the
  // event loop (and, on PGlite, the one database thread), so the sync waits for it, but never longer than
  // ACCOUNTS_MAX_DEFER_MS, so accounts still fill during a long fetch.
  let fetchesIngesting = 0;
  let accountsDeferredSince: number | undefined;
  const accountsYield = (): boolean => {
    if (fetchesIngesting === 0) return false;
    accountsDeferredSince ??= Date.now();
    return Date.now() - accountsDeferredSince < ACCOUNTS_MAX_DEFER_MS;
  };
  const ingesting = {
    start: () => void fetchesIngesting++,
    end: () => {
      fetchesIngesting--;
      if (fetchesIngesting === 0 && accountsAgain && !accountsSync && !backfillStop.signal.aborted) {
        accountsAgain = false;
        syncAccounts();
      }
    },
  };
  const syncAccounts = (): void => {
    if (accountsSync || accountsYield()) {
      accountsAgain = true;
      return;
    }
    accountsSync = services.accounts
      .syncAll(backfillStop.signal, accountsYield)
      .then((finished) => {
        if (finished) accountsDeferredSince = undefined;
        else accountsAgain = true;
      })
      .catch((error: unknown) => {
        // An outage is the database watcher's to report (once); the next tick retries.
        if (!database.availability.noteFailure(error)) accountsLogger.error({ err: error }, 'filling accounts failed');
      })
      .finally(() => {
        accountsSync = undefined;
        if (accountsAgain && !backfillStop.signal.aborted) {
          accountsAgain = false;
          syncAccounts();
        }
      });
  };
  if (jobs?.releaseOrphans) {
    const released = await createPipelineRepository(database.db).releaseAllClaims();
    if (released > 0) log.warn(`released ${released} article steps interrupted by the last shutdown`);
    await createScraperRepository(database.db).releaseAll();
  }
  if (boss && jobs) {
    // PGlite only (one process): jobs the last run left active go back to their queue now.
    const retryOrphans = async (queue: string, what: string) => {
      const orphans = jobs.releaseOrphans ? await retryOrphanedJobs(boss, queue) : 0;
      if (orphans > 0) log.warn(`retrying ${orphans} ${what} interrupted by the last shutdown`);
    };
    if (jobs.sessionPurge) {
      await defineAuthJobs(boss);
      if (jobs.work) await workAuthJobs(boss, services.auth, logger.child({ name: 'auth' }));
    }
    if (jobs.news) {
      await defineNewsJobs(boss);
      await retryOrphans(NEWS_FETCH_JOB, 'news fetches');
      if (jobs.work) {
        // Articles stored before stories (migration 017) are grouped in the background, batch by batch;
        // a worker stopped half-way resumes where it was at its next start.
        backfill = services.stories.backfill({ signal: backfillStop.signal }).catch((error: unknown) => {
          logger.child({ name: 'stories' }).error({ err: error }, 'grouping stored articles into stories failed');
        });
        // Articles expanded before facts were stored (migration 018), or read by an older extractor, get them.
        const factsBackfill = services.facts.backfill({ signal: backfillStop.signal }).catch((error: unknown) => {
          logger.child({ name: 'facts' }).error({ err: error }, 'reading the facts of stored articles failed');
        });
        backfill = Promise.all([backfill, factsBackfill]);
        await workNewsJobs(
          boss,
          {
            repository: createNewsRepository(database.db),
            stories: services.stories,
            sources: jobs.news.sources,
            bus,
            logger: logger.child({ name: 'news' }),
            sourceTimeoutMs: jobs.news.sourceTimeoutMs,
            knownCompanies: async () => [...demoKnownCompanies(), ...(await services.scraper.knownOwners())],
          },
          ingesting,
        );
      }
    }
    if (jobs.pipeline) {
      await definePipelineJobs(boss, { retryDelaySeconds: jobs.pipeline.retryDelaySeconds });
      await retryOrphans(PIPELINE_ARTICLE_JOB, 'batch articles');
      if (jobs.work) await workPipelineJobs(boss, services.pipeline, pipelineLogger, jobs.pipeline.concurrency);
    }
    if (jobs.alerts) {
      await defineAlertJobs(boss, jobs.alerts);
      await retryOrphans(ALERT_DELIVERY_JOB, 'alert deliveries');
      if (jobs.work) await workAlertJobs(boss, services.alerts, alertsLogger);
      // The daily digest goes out by the same mailer, so it runs where alert deliveries do.
      await defineDigestJobs(boss);
      if (jobs.work) await workDigestJobs(boss, services.digest, logger.child({ name: 'digest' }));
    }
    if (jobs.evaluation) {
      await defineEvaluationJobs(boss);
      await retryOrphans(EVALUATION_RUN_JOB, 'evaluation runs');
      if (jobs.work) {
        await workEvaluationJobs(boss, services.evaluationRunner, logger.child({ name: 'evaluation' }));
      }
    }
    if (jobs.watches) {
      await defineWatchJobs(boss);
      if (jobs.work) await workWatchJobs(boss, services.watches, logger.child({ name: 'watches' }));
    }
  }

  if (jobs?.work && jobs.accounts) {
    syncAccounts(); // the existing output files, stories and CRM pushes, once at start
    accountsTimer = setInterval(syncAccounts, jobs.accounts.syncIntervalMs);
  }

  const app = options.api ? await buildApp({ ...options.api, logger, bus, services }) : undefined;
  let supervisor: ScraperSupervisor | undefined;
  return {
    services,
    bus,
    boss,
    app,
    startScraper(scraper) {
      if (supervisor) throw new Error('the scraper supervisor already runs');
      supervisor = createScraperSupervisor({
        ...scraper,
        repository: createScraperRepository(database.db),
        logger: logger.child({ name: 'scraper' }),
        onRunCompleted: jobs?.accounts ? syncAccounts : undefined,
      });
      supervisor.start();
      return supervisor;
    },
    async close(queue) {
      backfillStop.abort(); // the batch under way commits; the next start goes on from there
      clearInterval(accountsTimer);
      await backfill;
      await accountsSync;
      await supervisor?.close(); // the crawl stops where it is and continues after a restart
      await app?.close(); // stops accepting requests, lets in-flight ones finish
      await boss?.stop(queue); // running jobs finish or go back to the queue
      await extractor.close();
      await bus.close();
    },
  };
}
