import path from 'node:path';
import { compose } from './composition.ts';
import { articlePageOrigins, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { migrateToLatest } from './db/migrate.ts';
import { listenWithAcceptGroup } from './http/accept-group.ts';
import { createLogger } from './logging.ts';
import { createNewsSources } from './adapters/news-sources/news-sources.ts';
import { createAnalyser, createCrmAdapter } from './adapters/pipeline-adapters.ts';
import { extractFacts } from './modules/facts/facts-extractor.ts';
import { projectSourceConfig } from './adapters/project-sources/project-sources.ts';

const SHUTDOWN_GRACE_MS = 20_000;
/**
 * On PGlite a turn of the event loop can be long (the database runs on this thread), and Node accepts one
 * connection per listening socket per turn: these extra sockets on the port accept 16 per turn in all
 * (http/accept-group.ts). On PostgreSQL turns are short and one socket keeps up.
 */
const PGLITE_EXTRA_ACCEPT_SOCKETS = 15;

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
    logger: rootLogger.child({ name: 'database' }),
  });
  const applied = await migrateToLatest(database);
  if (applied.length > 0) logger.info(`applied migrations: ${applied.join(', ')}`);
  logger.info(`database: ${database.engine.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL'}`);

  // Demo articles and the demo project directory live on this server; a worker-only process reaches it the same way.
  const appOrigin =
    config.publicOrigin ?? `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${config.port}`;
  const server = await compose({
    database,
    logger: rootLogger,
    postgresUrl: config.databaseUrl,
    jobQueue: true,
    services: {
      newsFetchIntervalSeconds: config.news.fetchIntervalSeconds,
      logDir: config.logDir,
      scraperOutputDir: path.join(config.dataDir, 'scraper', 'outputs'),
      chromiumPath: config.scraper.chromiumPath,
      pipeline: {
        appOrigin,
        privateOrigins: articlePageOrigins(config),
        analyser: await createAnalyser(config.pipeline, extractFacts),
        crm: await createCrmAdapter(config.pipeline, database.db, (message) => logger.warn(message)),
        concurrency: { analyse: config.pipeline.aiConcurrency, push: config.pipeline.crmConcurrency },
      },
      alerts: { ...config.alerts, allowedPrivateOrigins: config.allowedPrivateOrigins },
    },
    api: runsApi ? { config } : undefined,
    // Every role declares the queues and schedules (idempotent); only a worker runs their handlers.
    jobs: {
      work: runsWorker,
      sessionPurge: true,
      news: { sources: await createNewsSources(config.news) },
      pipeline: { concurrency: config.pipeline.concurrency },
      alerts: {},
      watches: true,
      evaluation: true,
      accounts: { syncIntervalMs: 5000 },
      releaseOrphans: database.engine.kind === 'pglite',
    },
  });
  const admin = await server.services.auth.ensureInitialAdmin(config.adminEmail, config.adminPassword);
  if (admin) {
    logger.info(`created the first admin user ${admin.email}`);
    // Printed once, to the console only: the log file must never hold a password.
    if (admin.generated) {
      process.stdout.write(
        `\n  First admin account created. Sign in with:\n    email:    ${admin.email}\n    password: ${admin.password}\n  (shown only this once; change it with npm run users -- set-password)\n\n`,
      );
    }
  }
  const webhookSecret = await server.services.alerts.ensureWebhookSecret();
  if (webhookSecret) {
    // Like the first admin's password: to the console only, once; the log file must never hold a secret.
    process.stdout.write(
      `\n  WEBHOOK_SECRET is not set: webhooks are signed with this generated secret (kept in the database):\n    ${webhookSecret}\n  (shown only this once; set WEBHOOK_SECRET to choose your own)\n\n`,
    );
  }
  const app = server.app;
  let acceptGroup: { close(): Promise<void> } = { close: async () => undefined };
  if (app) {
    acceptGroup = await listenWithAcceptGroup(app, {
      port: config.port,
      host: config.host,
      extraSockets: database.engine.kind === 'pglite' ? PGLITE_EXTRA_ACCEPT_SOCKETS : 0,
    });
    logger.info(`listening on http://${config.host}:${config.port} (role ${config.role})`);
  } else {
    logger.info(`worker started (role ${config.role})`);
  }
  // After listening: the scraper child crawls the demo directory this server serves.
  if (runsWorker) {
    server.startScraper({
      scraperDir: path.join(config.dataDir, 'scraper'),
      logDir: config.logDir,
      logLevel: config.logLevel,
      chromiumPath: config.scraper.chromiumPath,
      source: projectSourceConfig({
        appOrigin,
        mininghubToken: config.news.mininghubToken,
        mininghubBaseUrl: config.news.mininghubBaseUrl,
      }),
    });
  }

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
      // The extra accepting sockets stop now; their connections drain with the app's, before the database closes.
      const acceptGroupClosed = acceptGroup.close();
      // The scraper, the app, the queue (running jobs finish or go back to it) and the live bus.
      await server.close({ graceful: true, timeout: SHUTDOWN_GRACE_MS });
      await acceptGroupClosed;
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
