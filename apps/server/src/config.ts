import net from 'node:net';
import path from 'node:path';
import { MIN_PASSWORD_LENGTH } from '@mining-hub/contract/users';
import { z } from 'zod';

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(8000),
    HOST: z.string().default('127.0.0.1'),
    DATA_DIR: z.string().default('./data'),
    LOG_DIR: z.preprocess(emptyAsUndefined, z.string().optional()),
    LOG_LEVEL: z.enum(['debug', 'info', 'warning', 'error']).default('info'),
    DATABASE_URL: z.preprocess(emptyAsUndefined, z.string().url().optional()),
    ADMIN_EMAIL: z.preprocess(emptyAsUndefined, z.string().email().optional()),
    ADMIN_PASSWORD: z.preprocess(emptyAsUndefined, z.string().min(MIN_PASSWORD_LENGTH).optional()),
    ROLE: z.enum(['all', 'api', 'worker']).default('all'),
    PUBLIC_ORIGIN: z.preprocess(emptyAsUndefined, z.string().url().optional()),
    TRUST_PROXY: z
      .string()
      .default('')
      .refine((value) => parseTrustProxy(value) !== undefined, {
        message: 'must be true, false, or proxy addresses / CIDR ranges (or loopback, linklocal, uniquelocal)',
      }),
    NEWS_FEEDS: z.string().default(''),
    ALLOWED_PRIVATE_ORIGINS: z
      .string()
      .default('')
      .superRefine((value, context) => {
        for (const entry of splitList(value).filter((item) => parseOrigin(item) === undefined)) {
          context.addIssue({
            code: 'custom',
            message: `"${entry}" is not an origin: write http(s)://host[:port], without a path`,
          });
        }
      }),
    MININGHUB_TOKEN: z.preprocess(emptyAsUndefined, z.string().optional()),
    MININGHUB_BASE_URL: z.string().url().default('https://api.mininghub.com/v1'),
    NEWS_FETCH_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
    OPENAI_API_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
    OPENAI_BASE_URL: z.preprocess(emptyAsUndefined, z.string().url().optional()),
    OPENAI_MODEL: z.string().default('gpt-4o-mini'),
    HUBSPOT_ACCESS_TOKEN: z.preprocess(emptyAsUndefined, z.string().optional()),
    HUBSPOT_BASE_URL: z.preprocess(emptyAsUndefined, z.string().url().optional()),
    PIPELINE_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
    PIPELINE_AI_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(6),
    PIPELINE_CRM_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
    CHROMIUM_PATH: z.string().default('/usr/bin/chromium'),
    DEMO_DIRECTORY_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
    MAX_REQUESTS_IN_FLIGHT: z.coerce.number().int().min(0).max(100_000).default(256),
    MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
    WEBHOOK_SECRET: z.preprocess(emptyAsUndefined, z.string().min(16, 'must be at least 16 characters').optional()),
    SMTP_URL: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .refine(isSmtpUrl, {
          message: 'must be smtp://[user:password@]host[:port] or smtps://… (password URL-encoded)',
        })
        .optional(),
    ),
    ALERT_EMAIL_FROM: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^([^<>]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/, {
          message: 'must be an address, or "Name <address>"',
        })
        .optional(),
    ),
  })
  .refine((env) => !env.SMTP_URL || env.ALERT_EMAIL_FROM, {
    message: 'is needed with SMTP_URL: the address alert e-mails come from (e.g. "Mining Hub <alerts@example.com>")',
    path: ['ALERT_EMAIL_FROM'],
  })
  .refine((env) => env.ROLE === 'all' || env.DATABASE_URL, {
    message: 'ROLE=api and ROLE=worker need DATABASE_URL: the embedded database belongs to one process',
    path: ['ROLE'],
  });

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  logDir: string;
  logLevel: 'debug' | 'info' | 'warning' | 'error';
  databaseUrl: string | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  role: 'all' | 'api' | 'worker';
  /** The origin users reach the app at when it is behind a proxy; turns on Secure cookies when https. */
  publicOrigin: string | undefined;
  /**
   * Which peers' X-Forwarded-For / -Proto / -Host headers are believed (Fastify's trustProxy):
   * false (none), true (any peer: only when nothing else can reach the port), or the proxies'
   * addresses and CIDR ranges (proxy-addr's names `loopback`, `linklocal`, `uniquelocal` too).
   */
  trustProxy: boolean | string[];
  /**
   * Origins the operator chose to reach although they resolve to private addresses
   * (ALLOWED_PRIVATE_ORIGINS): intranet article pages and webhooks. Every other private address is refused.
   */
  allowedPrivateOrigins: string[];
  /** Where the built web app lives; the server serves it when present. */
  webDistDir: string;
  news: {
    /** RSS/Atom feed URLs; with none and no MiningHub token, the bundled demo corpus is the source. */
    feeds: string[];
    mininghubToken: string | undefined;
    mininghubBaseUrl: string;
    /** Minimum seconds between two fetches one user starts. */
    fetchIntervalSeconds: number;
  };
  pipeline: {
    /** Without a key the offline rules analyser runs. */
    openaiApiKey: string | undefined;
    openaiBaseUrl: string | undefined;
    openaiModel: string;
    /** Without a token pushes go to the local CRM outbox. */
    hubspotAccessToken: string | undefined;
    hubspotBaseUrl: string | undefined;
    /** Batch articles processed at once per worker process, and at most this many in the AI and CRM steps. */
    concurrency: number;
    aiConcurrency: number;
    crmConcurrency: number;
  };
  scraper: {
    /** The Chromium the scraper's browser crawler drives (Debian's by default). */
    chromiumPath: string;
  };
  /**
   * How long each page of the bundled demo directory waits before it answers (0 by default): on
   * localhost a test-mode run over it takes 2 s; a real directory's pace is closer to the half
   * minute the Scraper screen promises, and leaves time to pause or stop a run.
   */
  demoDirectoryDelayMs: number;
  /** What one API process takes on before answering 503 with Retry-After (0 turns a limit off). */
  loadShedding: {
    maxRequestsInFlight: number;
    maxEventLoopDelayMs: number;
    /** PGlite: API requests take turns with the rest of the event loop's work (http/load-shedding.ts). */
    requestTurns: boolean;
  };
  alerts: {
    /** Signs webhook bodies; without it the server generates one once and keeps it in the database. */
    webhookSecret: string | undefined;
    /** Without it watches send no e-mail (webhooks and in-app notifications still work). */
    smtpUrl: string | undefined;
    emailFrom: string | undefined;
  };
}

/** Reads the operator contract (DESIGN.md section 2) from the environment; throws with every bad variable named. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration: ${problems.join('; ')}`);
  }
  const values = parsed.data;
  const dataDir = path.resolve(values.DATA_DIR);
  return {
    port: values.PORT,
    host: values.HOST,
    dataDir,
    logDir: path.resolve(values.LOG_DIR ?? path.join(dataDir, 'logs')),
    logLevel: values.LOG_LEVEL,
    databaseUrl: values.DATABASE_URL,
    adminEmail: values.ADMIN_EMAIL,
    adminPassword: values.ADMIN_PASSWORD,
    role: values.ROLE,
    publicOrigin: values.PUBLIC_ORIGIN?.replace(/\/$/, ''),
    trustProxy: parseTrustProxy(values.TRUST_PROXY) ?? false,
    allowedPrivateOrigins: splitList(values.ALLOWED_PRIVATE_ORIGINS).flatMap((entry) => parseOrigin(entry) ?? []),
    webDistDir: path.resolve(import.meta.dirname, '../../web/dist'),
    news: {
      feeds: splitList(values.NEWS_FEEDS),
      mininghubToken: values.MININGHUB_TOKEN,
      mininghubBaseUrl: values.MININGHUB_BASE_URL,
      fetchIntervalSeconds: values.NEWS_FETCH_INTERVAL_SECONDS,
    },
    pipeline: {
      openaiApiKey: values.OPENAI_API_KEY,
      openaiBaseUrl: values.OPENAI_BASE_URL,
      openaiModel: values.OPENAI_MODEL,
      hubspotAccessToken: values.HUBSPOT_ACCESS_TOKEN,
      hubspotBaseUrl: values.HUBSPOT_BASE_URL,
      concurrency: values.PIPELINE_CONCURRENCY,
      aiConcurrency: values.PIPELINE_AI_CONCURRENCY,
      crmConcurrency: values.PIPELINE_CRM_CONCURRENCY,
    },
    scraper: { chromiumPath: values.CHROMIUM_PATH },
    demoDirectoryDelayMs: values.DEMO_DIRECTORY_DELAY_MS,
    loadShedding: {
      maxRequestsInFlight: values.MAX_REQUESTS_IN_FLIGHT,
      maxEventLoopDelayMs: values.MAX_EVENT_LOOP_DELAY_MS,
      // PGlite runs each request to its end on this thread: requests take turns (http/load-shedding.ts).
      requestTurns: !values.DATABASE_URL,
    },
    alerts: { webhookSecret: values.WEBHOOK_SECRET, smtpUrl: values.SMTP_URL, emailFrom: values.ALERT_EMAIL_FROM },
  };
}

/**
 * Origins whose article pages the expand step may fetch on private addresses: the operator's
 * ALLOWED_PRIVATE_ORIGINS and the origins of the feeds in NEWS_FEEDS (a feed the operator configured
 * on an intranet serves its articles from there too).
 */
export function articlePageOrigins(config: Pick<AppConfig, 'allowedPrivateOrigins' | 'news'>): string[] {
  const feedOrigins = config.news.feeds.flatMap((feed) => (URL.canParse(feed) ? [new URL(feed).origin] : []));
  return [...new Set([...config.allowedPrivateOrigins, ...feedOrigins])];
}

function isSmtpUrl(value: string): boolean {
  const url = URL.canParse(value) ? new URL(value) : undefined;
  return Boolean(url && (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname);
}

const splitList = (value: string) => value.split(/[\s,]+/).filter(Boolean);

/** `scheme://host[:port]` as URL.origin writes it, for http(s) entries with nothing after the authority. */
function parseOrigin(entry: string): string | undefined {
  const url = URL.canParse(entry) ? new URL(entry) : undefined;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) return undefined;
  if (url.username || url.password || url.search || url.hash) return undefined;
  if (url.pathname !== '/' || !/^https?:\/\/[^/]+\/?$/i.test(entry)) return undefined;
  return url.origin;
}

/** TRUST_PROXY: unset or `false`, `true`, or comma-separated addresses / CIDR ranges. */
function parseTrustProxy(value: string): AppConfig['trustProxy'] | undefined {
  const text = value.trim();
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  const entries = splitList(text);
  return entries.every(isProxyAddress) ? entries : undefined;
}

function isProxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || extra !== undefined) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}
