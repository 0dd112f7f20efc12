import fs from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { LogController, type FastifyBaseLogger } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.ts';
import { docsCsp, registerBrowserDefences } from './http/browser-defences.ts';
import { answerClientError, answerFrameworkError, registerErrorHandling, routeNotFound } from './http/error-handler.ts';
import { parseBodiesOfEveryMethod, registerJsonBodyParser } from './http/json-body.ts';
import { registerLoadShedding } from './http/load-shedding.ts';
import { registerOpenApi } from './http/openapi.ts';
import { registerSecurity } from './http/security.ts';
import { createSessionCookie } from './http/session-cookie.ts';
import type { ZodApp } from './http/types.ts';
import type { LiveBus } from './live/live-bus.ts';
import { registerLiveSocket } from './live/ws-hub.ts';
import type { Logger } from './logging.ts';
import { registerAccountsRoutes } from './modules/accounts/accounts.routes.ts';
import type { AccountsService } from './modules/accounts/accounts.service.ts';
import { registerAlertsRoutes } from './modules/alerts/alerts.routes.ts';
import { registerDigestRoutes } from './modules/digest/digest.routes.ts';
import type { DigestService } from './modules/digest/digest.service.ts';
import { registerNotificationsRoutes } from './modules/notifications/notifications.routes.ts';
import type { NotificationsService } from './modules/notifications/notifications.service.ts';
import { registerWatchesRoutes } from './modules/watches/watches.routes.ts';
import type { WatchesService } from './modules/watches/watches.service.ts';
import type { AlertsService } from './modules/alerts/alerts.service.ts';
import { registerAuditRoutes } from './modules/audit/audit.routes.ts';
import type { AuditService } from './modules/audit/audit.service.ts';
import { registerAuthRoutes } from './modules/auth/auth.routes.ts';
import type { AuthService } from './modules/auth/auth.service.ts';
import { registerCrmRoutes } from './modules/crm/crm.routes.ts';
import type { CrmService } from './modules/crm/crm.service.ts';
import { registerDemoDirectoryRoutes } from './demo/directory/demo-directory.routes.ts';
import { registerDemoNewsRoutes } from './demo/news/demo-news.routes.ts';
import { registerHealthRoutes } from './modules/health/health.routes.ts';
import type { HealthService } from './modules/health/health.service.ts';
import { registerLogsRoutes } from './modules/logs/logs.routes.ts';
import type { LogsService } from './modules/logs/logs.service.ts';
import { registerNewsRoutes } from './modules/news/news.routes.ts';
import { registerPipelineRoutes } from './modules/pipeline/pipeline.routes.ts';
import type { PipelineService } from './modules/pipeline/pipeline.service.ts';
import type { NewsService } from './modules/news/news.service.ts';
import { registerPinboardRoutes } from './modules/pinboard/pinboard.routes.ts';
import type { PinboardService } from './modules/pinboard/pinboard.service.ts';
import { registerPromptsRoutes } from './modules/prompts/prompts.routes.ts';
import { registerEvaluationRoutes } from './modules/evaluation/evaluation.routes.ts';
import type { EvaluationService } from './modules/evaluation/evaluation.service.ts';
import type { PromptsService } from './modules/prompts/prompts.service.ts';
import { registerReportsRoutes } from './modules/reports/reports.routes.ts';
import type { ReportsService } from './modules/reports/reports.service.ts';
import { registerSignalsRoutes } from './modules/signals/signals.routes.ts';
import type { SignalsService } from './modules/signals/signals.service.ts';
import { registerScraperRoutes } from './modules/scraper/scraper.routes.ts';
import type { ScraperService } from './modules/scraper/scraper.service.ts';
import { registerStatsRoutes } from './modules/stats/stats.routes.ts';
import type { StatsService } from './modules/stats/stats.service.ts';
import { registerUsersRoutes } from './modules/users/users.routes.ts';

/** What the HTTP layer needs; built once in main.ts (or a test) and passed in explicitly. */
export interface AppDeps {
  /** `loadShedding` unset: no limits (tests that do not exercise them). */
  config: Pick<AppConfig, 'publicOrigin' | 'trustProxy' | 'webDistDir'> &
    Partial<Pick<AppConfig, 'loadShedding' | 'demoDirectoryDelayMs'>>;
  logger: Logger;
  bus: LiveBus;
  /** How often the live hub re-checks its sockets' sessions (5 s; tests shorten it). */
  liveSessionRecheckMs?: number;
  services: {
    auth: AuthService;
    audit: AuditService;
    pinboard: PinboardService;
    logs: LogsService;
    prompts: PromptsService;
    evaluation: EvaluationService;
    stats: StatsService;
    health: HealthService;
    news: NewsService;
    pipeline: PipelineService;
    crm: CrmService;
    reports: ReportsService;
    scraper: ScraperService;
    signals: SignalsService;
    alerts: AlertsService;
    watches: WatchesService;
    notifications: NotificationsService;
    digest: DigestService;
    accounts: AccountsService;
  };
}

/** The Fastify instance with every route; it never listens (main.ts does, tests use `inject`). */
export async function buildApp(deps: AppDeps): Promise<ZodApp> {
  const app = Fastify({
    loggerInstance: deps.logger.child({ name: 'http' }) as FastifyBaseLogger,
    // No per-request log lines: they would flood app.log; errors are logged by the error handler.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: deps.config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A plugin slow to load on a loaded machine (the docs UI reading its assets while PGlite recovers after a kill)
    // is not a hung one: Fastify's 10 s default failed a start in CI; a hung plugin still fails, after two minutes.
    pluginTimeout: 120_000,
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  await registerBrowserDefences(app);
  // Before the security hook: a refused request costs no session look-up.
  if (deps.config.loadShedding) await registerLoadShedding(app, deps.config.loadShedding);
  parseBodiesOfEveryMethod(app);
  registerJsonBodyParser(app);

  // Cookies are parsed and socket upgrades marked before the security hook runs (so a refused upgrade
  // closes its socket), and the security hook sees every route registered after it.
  await app.register(fastifyCookie);
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
  const cookie = createSessionCookie(deps.config.publicOrigin);
  registerSecurity(app, { auth: deps.services.auth, cookie, publicOrigin: deps.config.publicOrigin });

  await registerOpenApi(app);
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', transformStaticCSP: docsCsp });

  registerHealthRoutes(app, { health: deps.services.health });
  registerAuthRoutes(app, { auth: deps.services.auth, cookie });
  registerUsersRoutes(app, { auth: deps.services.auth });
  registerAuditRoutes(app, { audit: deps.services.audit });
  registerPinboardRoutes(app, { pinboard: deps.services.pinboard });
  registerLogsRoutes(app, { logs: deps.services.logs });
  registerPromptsRoutes(app, { prompts: deps.services.prompts });
  registerEvaluationRoutes(app, { evaluation: deps.services.evaluation });
  registerStatsRoutes(app, { stats: deps.services.stats });
  registerNewsRoutes(app, { news: deps.services.news });
  registerDemoNewsRoutes(app);
  registerDemoDirectoryRoutes(app, { delayMs: deps.config.demoDirectoryDelayMs ?? 0 });
  registerPipelineRoutes(app, { pipeline: deps.services.pipeline });
  registerCrmRoutes(app, { crm: deps.services.crm, publicOrigin: deps.config.publicOrigin });
  registerReportsRoutes(app, { reports: deps.services.reports });
  registerScraperRoutes(app, { scraper: deps.services.scraper });
  registerSignalsRoutes(app, { signals: deps.services.signals });
  registerAlertsRoutes(app, { alerts: deps.services.alerts, publicOrigin: deps.config.publicOrigin });
  registerWatchesRoutes(app, { watches: deps.services.watches });
  registerNotificationsRoutes(app, { notifications: deps.services.notifications });
  registerDigestRoutes(app, { digest: deps.services.digest });
  registerAccountsRoutes(app, { accounts: deps.services.accounts });
  registerLiveSocket(app, {
    bus: deps.bus,
    catchUp: async (userId) => [
      ...(await deps.services.news.progressCatchUp(userId)),
      ...(await deps.services.pipeline.progressCatchUp(userId)),
    ],
    sessions: {
      idOf: (request) => deps.services.auth.sessionIdOf(cookie.read(request)),
      stillValid: (ids) => deps.services.auth.validSessionIds(ids),
    },
    sessionRecheckMs: deps.liveSessionRecheckMs,
  });
  await registerWebApp(app, deps.config.webDistDir);
  return app;
}

/** Serves the built React app, with index.html for its client-side routes; other unknown URLs answer 404. */
async function registerWebApp(app: ZodApp, distDir: string): Promise<void> {
  const hasWebApp = fs.existsSync(path.join(distDir, 'index.html'));
  if (hasWebApp) {
    // wildcard: files are looked up per request, so a rebuilt bundle is served without a restart.
    await app.register(fastifyStatic, { root: distDir, wildcard: true, index: false });
    app.get('/', { schema: { hide: true } }, (_request, reply) => reply.redirect('/dashboard'));
  }
  app.setNotFoundHandler((request, reply) => {
    // Lower-cased so that /API and /API/v1/... are a 404 like /api/v1/..., never the app page.
    const pathname = (request.url.split('?')[0] ?? '').toLowerCase();
    const isAppRoute =
      request.method === 'GET' &&
      pathname !== '/api' &&
      !pathname.startsWith('/api/') &&
      !pathname.startsWith('/ws') &&
      !path.extname(pathname);
    if (hasWebApp && isAppRoute) return reply.type('text/html').sendFile('index.html');
    return routeNotFound(request, reply);
  });
}
