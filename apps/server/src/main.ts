import path from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { migrateToLatest } from './db/migrate.ts';
import { startJobQueue } from './jobs/queue.ts';
import { createLiveBus } from './live/live-bus.ts';
import { createLogger } from './logging.ts';
import { createNewsSources } from './adapters/news-sources/news-sources.ts';
import { createAnalyser, createCrmAdapter } from './adapters/pipeline-adapters.ts';
import { definePipelineJobs, workPipelineJobs } from './modules/pipeline/pipeline.jobs.ts';
import { createPipelineRepository } from './modules/pipeline/pipeline.repository.ts';
import { defineAuthJobs, workAuthJobs } from './modules/auth/auth.jobs.ts';
import { defineNewsJobs, workNewsJobs } from './modules/news/news.jobs.ts';
import { createNewsRepository } from './modules/news/news.repository.ts';
import { createServices } from './services.ts';
import { projectSourceConfig } from './adapters/project-sources/project-sources.ts';
import { createScraperRepository } from './modules/scraper/scraper.repository.ts';
import { createScraperSupervisor } from './modules/scraper/scraper.supervisor.ts';

const SHUTDOWN_GRACE_MS = 20_000;

/** Starts the roles ROLE asks for: `api` (HTTP + WebSocket), `worker` (jobs) or `all`. */
async function main(): Promise<void> {
  const config = loadConfig();
  const { logger: rootLogger, close: closeLog } = createLogger({
    logDir: config.logDir,
    level: config.logLevel,
    stdout: true,
  });
  const logger = rootLogger.child({ name: 'server' });
  const runsApi = config.role !== 'worker';
  const runsWorker = config.role !== 'api';

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'db'),
    onIdleConnectionError: (error) => logger.warn(`database connection lost while idle: ${error.message}`),
  });
  const applied = await migrateToLatest(database);
  if (applied.length > 0) logger.info(`applied migrations: ${applied.join(', ')}`);
  logger.info(`database: ${database.engine.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL'}`);

  const boss = await startJobQueue(database, rootLogger.child({ name: 'jobs' }));
  const bus = await createLiveBus({ postgresUrl: config.databaseUrl, logger: rootLogger.child({ name: 'live' }) });
  const pipelineLogger = rootLogger.child({ name: 'pipeline' });
  // Demo articles and the demo project directory live on this server; a worker-only process reaches it the same way.
  const appOrigin =
    config.publicOrigin ?? `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${config.port}`;
  const services = createServices(database.db, {
    boss,
    bus,
    logger: pipelineLogger,
    newsFetchIntervalSeconds: config.news.fetchIntervalSeconds,
    logDir: config.logDir,
    scraperOutputDir: path.join(config.dataDir, 'scraper', 'outputs'),
    pipeline: {
      appOrigin,
      analyser: createAnalyser(config.pipeline),
      crm: createCrmAdapter(config.pipeline, database.db),
      concurrency: { analyse: config.pipeline.aiConcurrency, push: config.pipeline.crmConcurrency },
    },
  });
  logger.info(`analysis: ${services.pipelineAdapters.analyser}; CRM: ${services.pipelineAdapters.crm}`);
  const admin = await services.auth.ensureInitialAdmin(config.adminEmail, config.adminPassword);
  if (admin) {
    logger.info(`created the first admin user ${admin.email}`);
    // Printed once, to the console only: the log file must never hold a password.
    if (admin.generated) {
      process.stdout.write(
        `\n  First admin account created. Sign in with:\n    email:    ${admin.email}\n    password: ${admin.password}\n  (shown only this once; change it with npm run users -- set-password)\n\n`,
      );
    }
  }
  // After migrations, before serving: the analysis always needs an active prompt.
  if (await services.prompts.ensureDefaultPrompt()) logger.info('created the default AI prompt');

  await defineAuthJobs(boss);
  await defineNewsJobs(boss);
  await definePipelineJobs(boss);
  if (database.engine.kind === 'pglite') {
    // The embedded database has no other process: claims left by a crash can be dropped at once.
    const released = await createPipelineRepository(database.db).releaseAllClaims();
    if (released > 0) logger.warn(`released ${released} article steps interrupted by the last shutdown`);
  }
  if (runsWorker) {
    await workAuthJobs(boss, services.auth, rootLogger.child({ name: 'auth' }));
    await workNewsJobs(boss, {
      repository: createNewsRepository(database.db),
      sources: createNewsSources(config.news),
      bus,
      logger: rootLogger.child({ name: 'news' }),
    });
    await workPipelineJobs(boss, services.pipeline, pipelineLogger, config.pipeline.concurrency);
  }
  const scraperRepository = createScraperRepository(database.db);
  // The embedded database has one process: a run owned before this start was owned by a process now gone.
  if (database.engine.kind === 'pglite') await scraperRepository.releaseAll();
  const scraperSupervisor = runsWorker
    ? createScraperSupervisor({
        repository: scraperRepository,
        logger: rootLogger.child({ name: 'scraper' }),
        scraperDir: path.join(config.dataDir, 'scraper'),
        logDir: config.logDir,
        logLevel: config.logLevel,
        chromiumPath: config.scraper.chromiumPath,
        source: projectSourceConfig({
          appOrigin,
          mininghubToken: config.news.mininghubToken,
          mininghubBaseUrl: config.news.mininghubBaseUrl,
        }),
      })
    : undefined;
  const app = runsApi ? await buildApp({ config, logger: rootLogger, db: database.db, bus, services }) : undefined;
  if (app) {
    await app.listen({ port: config.port, host: config.host });
    logger.info(`listening on http://${config.host}:${config.port} (role ${config.role})`);
  } else {
    logger.info(`worker started (role ${config.role})`);
  }
  // After listening: the scraper child crawls the demo directory this server serves.
  scraperSupervisor?.start();

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal} received: shutting down`);
    const forced = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS + 5_000);
    forced.unref();
    try {
      await scraperSupervisor?.close(); // the crawl stops where it is and continues after the restart
      await app?.close(); // stops accepting requests, lets in-flight ones finish
      await boss.stop({ graceful: true, timeout: SHUTDOWN_GRACE_MS }); // running jobs finish or go back to the queue
      await bus.close();
      await database.close();
      logger.info('shutdown complete');
    } catch (error) {
      logger.error({ err: error }, 'error during shutdown');
      process.exitCode = 1;
    } finally {
      await closeLog();
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error('failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
