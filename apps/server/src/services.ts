import path from 'node:path';
import type { AiAnalyser } from './adapters/ai/ai-analyser.ts';
import { createArticleExtractor, type ArticleExtractor } from './adapters/article-pages/article-extractor.ts';
import { createRulesAnalyser } from './adapters/ai/rules-analyser.ts';
import { extractFacts } from './modules/facts/facts-extractor.ts';
import type { CrmAdapter } from './adapters/crm/crm-adapter.ts';
import { createLocalOutboxAdapter } from './adapters/crm/local-outbox-adapter.ts';
import type { Db } from './db/client.ts';
import { nullLiveBus, type LiveBus } from './live/live-bus.ts';
import { createSilentLogger, type Logger } from './logging.ts';
import { createPipelineSteps } from './modules/pipeline/pipeline-steps.ts';
import { enqueuePipelineArticle } from './modules/pipeline/pipeline.jobs.ts';
import { createPipelineRepository, type PipelineStep } from './modules/pipeline/pipeline.repository.ts';
import { createPipelineService } from './modules/pipeline/pipeline.service.ts';
import type { PgBoss } from './jobs/queue.ts';
import { enqueueNewsFetch } from './modules/news/news.jobs.ts';
import { createNewsRepository } from './modules/news/news.repository.ts';
import { createFactsRepository } from './modules/facts/facts.repository.ts';
import { createFactsService } from './modules/facts/facts.service.ts';
import { createNewsService } from './modules/news/news.service.ts';
import { createStoriesRepository } from './modules/stories/stories.repository.ts';
import { createStoriesService } from './modules/stories/stories.service.ts';
import { createAuditRepository } from './modules/audit/audit.repository.ts';
import { createAuditService } from './modules/audit/audit.service.ts';
import { createLoginThrottleRepository } from './modules/auth/login-throttle.repository.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createSessionsRepository } from './modules/auth/sessions.repository.ts';
import { createUsersRepository } from './modules/auth/users.repository.ts';
import { createHealthService } from './modules/health/health.service.ts';
import { createLogsService } from './modules/logs/logs.service.ts';
import { createPinboardRepository } from './modules/pinboard/pinboard.repository.ts';
import { createPinboardService } from './modules/pinboard/pinboard.service.ts';
import { createPromptsRepository } from './modules/prompts/prompts.repository.ts';
import { createPromptsService } from './modules/prompts/prompts.service.ts';
import { enqueueEvaluationRun } from './modules/evaluation/evaluation.jobs.ts';
import { createEvaluationRepository } from './modules/evaluation/evaluation.repository.ts';
import { createEvaluationRunner } from './modules/evaluation/evaluation.runner.ts';
import { createEvaluationService, type EvaluationService } from './modules/evaluation/evaluation.service.ts';
import { createCrmRepository } from './modules/crm/crm.repository.ts';
import { createCrmService } from './modules/crm/crm.service.ts';
import { createReportsRepository } from './modules/reports/reports.repository.ts';
import { createReportsService } from './modules/reports/reports.service.ts';
import { createStatsRepository } from './modules/stats/stats.repository.ts';
import { createStatsService } from './modules/stats/stats.service.ts';
import { createSignalsRepository } from './modules/signals/signals.repository.ts';
import { createSignalsService } from './modules/signals/signals.service.ts';
import { createScraperRepository } from './modules/scraper/scraper.repository.ts';
import { createScraperService } from './modules/scraper/scraper.service.ts';
import { createSmtpMailer } from './adapters/alerts/smtp-mailer.ts';
import { createDigestRepository } from './modules/digest/digest.repository.ts';
import { createDigestService } from './modules/digest/digest.service.ts';
import { enqueueAlertDelivery } from './modules/alerts/alerts.jobs.ts';
import { createAlertsRepository } from './modules/alerts/alerts.repository.ts';
import { createAlertsService } from './modules/alerts/alerts.service.ts';
import { createNotificationsRepository } from './modules/notifications/notifications.repository.ts';
import { createNotificationsService } from './modules/notifications/notifications.service.ts';
import { enqueueWatchRun } from './modules/watches/watches.jobs.ts';
import { createWatchesRepository } from './modules/watches/watches.repository.ts';
import { createWatchesService, type WatchesServiceDeps } from './modules/watches/watches.service.ts';
import { createAccountsRepository } from './modules/accounts/accounts.repository.ts';
import { createAccountsService } from './modules/accounts/accounts.service.ts';

export interface ServiceOptions {
  /** The job queue; the users CLI runs without one, and then nothing may enqueue. */
  boss?: PgBoss;
  newsFetchIntervalSeconds?: number;
  /** DATA_DIR/scraper/outputs, where the scraper's files are listed from; a temporary folder in tests. */
  scraperOutputDir?: string;
  /** How long a scraper start waits for a worker to report the child's pid (0 where no worker runs). */
  scraperStartWaitMs?: number;
  /** LOG_DIR, read by the System Logs screen; without it the screen lists no files. */
  logDir?: string;
  /** CHROMIUM_PATH, which /health reports on (Debian's Chromium by default). */
  chromiumPath?: string;
  /** Where live messages and ended sessions go; the CLI's only sends (PostgreSQL) or is absent. */
  bus?: LiveBus;
  logger?: Logger;
  pipeline?: {
    /** The app's own origin (demo article pages live there). */
    appOrigin?: string;
    /** Further origins whose article pages may be fetched on private addresses (`articlePageOrigins`). */
    privateOrigins?: string[];
    /** Defaults to the offline rules analyser. */
    analyser?: AiAnalyser;
    /** Defaults to the local CRM outbox. */
    crm?: CrmAdapter;
    /** Reads fetched pages; worker threads started when first needed, unless given. */
    extractor?: ArticleExtractor;
    concurrency?: Partial<Record<PipelineStep, number>>;
  };
  /** Alert delivery (config.alerts); without it webhooks are signed with a generated secret and no e-mail is sent. */
  alerts?: {
    webhookSecret?: string | undefined;
    smtpUrl?: string | undefined;
    emailFrom?: string | undefined;
    /** ALLOWED_PRIVATE_ORIGINS: webhooks reachable although on private addresses. */
    allowedPrivateOrigins?: string[];
    webhookTimeoutMs?: number;
    logger?: Logger;
  };
  /** Watch runs: tests pass their own `sendDigest` to observe digests, and poll faster. */
  watches?: Partial<Pick<WatchesServiceDeps, 'sendDigest' | 'pollMs'>>;
}

const noQueue = async () => {
  throw new Error('this process has no job queue');
};

/** Wires repositories into services: the one composition root shared by the server, the CLI and tests. */
export function createServices(db: Db, options: ServiceOptions = {}) {
  const bus = options.bus ?? nullLiveBus;
  const newsRepository = createNewsRepository(db);
  const audit = createAuditService(createAuditRepository(db));
  // Activation asks the evaluation module for its evidence; the module is built below (it reads prompts).
  const built: { evaluation?: EvaluationService } = {};
  const prompts = createPromptsService(createPromptsRepository(db), audit, (promptId, confirm) =>
    built.evaluation ? built.evaluation.activationEvidence(promptId, confirm) : Promise.resolve(null),
  );
  const pipelineRepository = createPipelineRepository(db);
  const analyser = options.pipeline?.analyser ?? createRulesAnalyser(extractFacts);
  const evaluationRepository = createEvaluationRepository(db);
  const crm = options.pipeline?.crm ?? createLocalOutboxAdapter(db);
  const stories = createStoriesService({
    repository: createStoriesRepository(db),
    logger: (options.logger ?? createSilentLogger()).child({ name: 'stories' }),
  });
  const facts = createFactsService({
    repository: createFactsRepository(db),
    logger: (options.logger ?? createSilentLogger()).child({ name: 'facts' }),
  });
  const news = createNewsService({
    repository: newsRepository,
    stories,
    facts,
    enqueueFetch: options.boss ? enqueueNewsFetch(options.boss) : noQueue,
    fetchIntervalSeconds: options.newsFetchIntervalSeconds ?? 10,
    audit,
  });
  const evaluation = createEvaluationService({
    repository: evaluationRepository,
    prompts,
    news,
    bus,
    model: analyser.name,
    enqueueRun: options.boss ? enqueueEvaluationRun(options.boss) : noQueue,
  });
  built.evaluation = evaluation;
  // One SMTP transport for watch alerts and daily digests.
  const mailer = options.alerts?.smtpUrl
    ? createSmtpMailer({ smtpUrl: options.alerts.smtpUrl, from: options.alerts.emailFrom ?? 'alerts@localhost' })
    : undefined;
  const services = {
    evaluation,
    /** Runs evaluation runs on a worker: the same analyser and AI limit as the pipeline, never the CRM. */
    evaluationRunner: createEvaluationRunner({
      repository: evaluationRepository,
      analyser,
      bus,
      logger: (options.logger ?? createSilentLogger()).child({ name: 'evaluation' }),
      concurrency: options.pipeline?.concurrency?.analyse ?? 6,
    }),
    /** Names of the AI and CRM adapters in use, for the start-up log. */
    pipelineAdapters: { analyser: analyser.name, crm: crm.name },
    news,
    stories,
    facts,
    audit,
    auth: createAuthService({
      users: createUsersRepository(db),
      sessions: createSessionsRepository(db),
      throttle: createLoginThrottleRepository(db),
      bus,
      audit,
    }),
    pinboard: createPinboardService(createPinboardRepository(db)),
    logs: createLogsService({ logDir: options.logDir }),
    prompts,
    pipeline: createPipelineService({
      repository: pipelineRepository,
      news,
      stories,
      bus,
      enqueueArticle: options.boss ? enqueuePipelineArticle(options.boss) : noQueue,
      steps: createPipelineSteps({
        repository: pipelineRepository,
        stories,
        analyser,
        crm,
        extractor: options.pipeline?.extractor ?? createArticleExtractor(),
        getActivePrompt: () => prompts.getActivePrompt(),
        bus,
        logger: options.logger ?? createSilentLogger(),
        appOrigin: options.pipeline?.appOrigin ?? 'http://127.0.0.1:8000',
        privateOrigins: options.pipeline?.privateOrigins,
        concurrency: options.pipeline?.concurrency,
        // accounts is made below; a push only runs once the services exist.
        accountOf: (articleId) => accounts.crmAccount(articleId),
      }),
    }),
    crm: createCrmService({ repository: createCrmRepository(db), crm }),
    reports: createReportsService(createReportsRepository(db)),
    signals: createSignalsService({ repository: createSignalsRepository(db), stories }),
    stats: createStatsService(createStatsRepository(db)),
    health: createHealthService(db, { chromiumPath: options.chromiumPath ?? '/usr/bin/chromium' }),
    alerts: createAlertsService({
      repository: createAlertsRepository(db),
      enqueueDelivery: options.boss ? enqueueAlertDelivery(options.boss) : noQueue,
      webhookSecret: options.alerts?.webhookSecret,
      mailer,
      appOrigin: options.pipeline?.appOrigin ?? 'http://127.0.0.1:8000',
      allowedPrivateOrigins: options.alerts?.allowedPrivateOrigins ?? [],
      logger: options.alerts?.logger ?? options.logger ?? createSilentLogger(),
      webhookTimeoutMs: options.alerts?.webhookTimeoutMs,
    }),
    scraper: createScraperService({
      repository: createScraperRepository(db),
      outputDir: options.scraperOutputDir ?? path.resolve('data', 'scraper', 'outputs'),
      startWaitMs: options.scraperStartWaitMs,
      audit,
    }),
  };
  const notifications = createNotificationsService({ repository: createNotificationsRepository(db), bus });
  const accounts = createAccountsService({
    repository: createAccountsRepository(db),
    audit,
    extractFacts,
    scraperOutputDir: options.scraperOutputDir ?? path.resolve('data', 'scraper', 'outputs'),
    notify: notifications.notify,
    logger: (options.logger ?? createSilentLogger()).child({ name: 'accounts' }),
  });
  return {
    ...services,
    accounts,
    notifications,
    digest: createDigestService({
      repository: createDigestRepository(db),
      mailer,
      appOrigin: options.pipeline?.appOrigin ?? 'http://127.0.0.1:8000',
      logger: (options.logger ?? createSilentLogger()).child({ name: 'digest' }),
    }),
    watches: createWatchesService({
      repository: createWatchesRepository(db),
      news: services.news,
      pipeline: services.pipeline,
      notifications,
      accounts,
      bus,
      logger: (options.logger ?? createSilentLogger()).child({ name: 'watches' }),
      enqueueRun: options.boss ? enqueueWatchRun(options.boss) : noQueue,
      sendDigest: options.watches?.sendDigest ?? services.alerts.sendDigest,
      checkWebhookUrl: services.alerts.checkWebhookUrl,
      pollMs: options.watches?.pollMs,
      appOrigin: options.pipeline?.appOrigin ?? 'http://127.0.0.1:8000',
    }),
  };
}
export type Services = ReturnType<typeof createServices>;
