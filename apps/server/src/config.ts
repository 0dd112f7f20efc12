import path from 'node:path';
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
    ADMIN_PASSWORD: z.preprocess(emptyAsUndefined, z.string().min(8).optional()),
    ROLE: z.enum(['all', 'api', 'worker']).default('all'),
    PUBLIC_ORIGIN: z.preprocess(emptyAsUndefined, z.string().url().optional()),
    NEWS_FEEDS: z.string().default(''),
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
    webDistDir: path.resolve(import.meta.dirname, '../../web/dist'),
    news: {
      feeds: values.NEWS_FEEDS.split(/[\s,]+/).filter(Boolean),
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
  };
}
