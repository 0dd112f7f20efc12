import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort } from '../../apps/server/test/free-port.ts';

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
const HEALTH_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 30_000;

export const BENCH_ADMIN = { email: 'bench@example.com', password: 'bench-password-123' } as const;

export interface BenchServer {
  /** http://127.0.0.1:<port>, also the Origin the server expects on state-changing requests. */
  origin: string;
  /** The server's process id, e.g. to read its memory use from /proc. */
  pid: number;
  /** SIGTERMs the server, waits for it to exit and removes its data directory. */
  stop(): Promise<void>;
}

/** Starts the real server (`node apps/server/src/main.ts`) on a free port with a throwaway DATA_DIR. */
export async function startServer(
  options: {
    databaseUrl?: string | undefined;
    /** Extra environment (e.g. NEWS_FEEDS). */
    env?: Record<string, string>;
    /** A prepared data directory (e.g. a seeded PGlite); removed on stop like a fresh one. */
    dataDir?: string;
  } = {},
): Promise<BenchServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'mh-bench-')));
  const child = spawn(process.execPath, ['apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      LOG_LEVEL: 'warning',
      // Empty values count as unset, so settings from the caller's shell cannot leak into the run.
      DATABASE_URL: options.databaseUrl ?? '',
      LOG_DIR: '',
      PUBLIC_ORIGIN: '',
      ROLE: 'all',
      // A fixed secret keeps the server from printing a generated one in the middle of the figures.
      WEBHOOK_SECRET: 'bench-webhook-secret-0123456789',
      ...options.env,
    },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    await stopChild(child, exited);
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(origin, exited);
  } catch (error) {
    await stop();
    throw error;
  }
  // A child that started answering has a pid; spawn leaves it undefined only when starting failed.
  if (child.pid === undefined) throw new Error('the server process has no pid');
  return { origin, pid: child.pid, stop };
}

/** Signs the bench admin (or another user) in and returns the `mh_session=…` cookie to send as a Cookie header. */
export async function signIn(
  server: Pick<BenchServer, 'origin'>,
  credentials: { email: string; password: string } = BENCH_ADMIN,
): Promise<string> {
  const response = await fetch(`${server.origin}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.origin },
    body: JSON.stringify(credentials),
  });
  if (response.status !== 200) throw new Error(`sign-in answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0] ?? '')
    .find((pair) => pair.startsWith('mh_session='));
  if (!cookie) throw new Error('sign-in answered 200 without an mh_session cookie');
  return cookie;
}

export interface BenchDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A fresh PostgreSQL database for one run, on BENCH_DATABASE_URL, TEST_DATABASE_URL or the local default.
 * Returns undefined, after printing why, when that server does not answer: PostgreSQL figures are optional.
 */
export async function createPostgresDatabase(): Promise<BenchDatabase | undefined> {
  const serverUrl =
    process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5_000 });
  try {
    await admin.connect();
  } catch (error) {
    const where = new URL(serverUrl);
    where.password = ''; // never print a password
    console.log(`skipped PostgreSQL: ${where.toString()} does not answer (${describe(error)})`);
    await admin.end().catch(() => undefined);
    return undefined;
  }
  const name = `mh_bench_${crypto.randomBytes(6).toString('hex')}`;
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        // FORCE: a server that died mid-run may still hold connections.
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

export interface LoadResult {
  requestsPerSecond: number;
  p99Ms: number;
  /** The slowest answer of the run. */
  maxMs: number;
  requests: number;
  non2xx: number;
  /** Connection errors and timeouts. */
  errors: number;
  /** Count per status code, to say what went wrong when non2xx > 0. */
  statusCodes: Record<string, number>;
  /** 503s the load shedding answered (code `service_unavailable`), counted when `countShed` is set. */
  shed: number;
}

/** Loads one URL with autocannon and returns the mean req/s and the p99 latency. */
export async function load(options: {
  /** Several URLs: autocannon spreads the connections over them in turn (connection i to URL i mod n). */
  url: string | string[];
  headers?: Record<string, string> | undefined;
  connections: number;
  durationSeconds: number;
  /** Chooses each request's path (with query string) instead of repeating the URL's. */
  nextPath?: () => string;
  /** Reads each 503's body to tell the load shedding's refusals from other failures. */
  countShed?: boolean;
}): Promise<LoadResult> {
  const { nextPath } = options;
  let shed = 0;
  const onResponse = (status: number, body: string) => {
    if (status === 503 && body.includes('"service_unavailable"')) shed += 1;
  };
  const request = {
    ...(nextPath && { setupRequest: (request: autocannon.Request) => ({ ...request, path: nextPath() }) }),
    ...(options.countShed && { onResponse }),
  };
  const result = await autocannon({
    // autocannon takes a list of URLs as well (its README); its type declarations only know one.
    url: options.url as string,
    headers: options.headers,
    connections: options.connections,
    duration: options.durationSeconds,
    ...((nextPath || options.countShed) && { requests: [request] }),
  });
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, stats.count ?? 0]),
  );
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    statusCodes,
    shed,
  };
}

/**
 * CPU seconds (user + system) a process has used so far, from /proc. Dividing the difference over a load run
 * by its requests gives CPU per request: a figure the shared machine's noise moves far less than throughput.
 */
export async function processCpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start at field 3; utime and stime are 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticksPerSecond = 100; // USER_HZ on Linux
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
}

/** Where a benchmark's seed writes: a PostgreSQL database's URL, or an embedded database's folder. */
export interface SeedTarget {
  databaseUrl?: string;
  pgliteDir?: string;
}

/**
 * The real server on a fresh database of `engine` that `seed` filled (timed), or undefined, after saying why,
 * when PostgreSQL does not answer. `close` stops the server and drops its database.
 */
export async function startSeededServer(
  engine: 'pglite' | 'postgres',
  seed: (target: SeedTarget) => Promise<void>,
): Promise<{ server: BenchServer; seedSeconds: number; close(): Promise<void> } | undefined> {
  let database: BenchDatabase | undefined;
  let dataDir: string | undefined;
  const seedStart = performance.now();
  if (engine === 'postgres') {
    database = await createPostgresDatabase();
    if (!database) return undefined;
    await seed({ databaseUrl: database.url });
  } else {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'mh-bench-seeded-'));
    await seed({ pgliteDir: path.join(dataDir, 'db') });
  }
  const seedSeconds = (performance.now() - seedStart) / 1000;
  const server = await startServer({ databaseUrl: database?.url, dataDir });
  return {
    server,
    seedSeconds,
    close: async () => {
      await server.stop();
      await database?.drop();
    },
  };
}

/** One URL a benchmark loads; `nextPath` chooses each request's path instead. */
export interface LoadTarget {
  name: string;
  url: string;
  headers: Record<string, string>;
  nextPath?: () => string;
}

/**
 * Loads each target in turn on `server` (after a warm-up: the first seconds after start run slower, JIT and
 * heap growth, and a server runs for days) and prints its req/s, its p99 beside the goal in `goalsMs` when it
 * has one, and the server's CPU time per request. Any non-2xx answer or error fails the run.
 */
export async function measureTargets(
  server: BenchServer,
  label: string,
  targets: LoadTarget[],
  options: { connections: number; seconds: number; warmUpSeconds: number; goalsMs: Record<string, number> },
): Promise<void> {
  const { connections } = options;
  for (const target of targets) {
    await load({ ...target, connections, durationSeconds: options.warmUpSeconds });
    const cpuBefore = await processCpuSeconds(server.pid);
    const result = await load({ ...target, connections, durationSeconds: options.seconds });
    const cpuMicrosPerRequest = (((await processCpuSeconds(server.pid)) - cpuBefore) * 1e6) / result.requests;
    if (result.non2xx > 0 || result.errors > 0) {
      throw new Error(
        `${target.name}: ${result.non2xx} non-2xx (${JSON.stringify(result.statusCodes)}), ${result.errors} errors`,
      );
    }
    printFigure(`${label} ${target.name}`, result.requestsPerSecond, 'req/s');
    const goalMs = options.goalsMs[target.name];
    const goal =
      goalMs === undefined
        ? undefined
        : `(goal < ${goalMs} ms on PostgreSQL${result.p99Ms < goalMs ? ', MET' : ', MISSED'})`;
    printFigure(`${label} ${target.name}`, result.p99Ms, 'p99 ms', goal);
    printFigure(`${label} ${target.name}`, cpuMicrosPerRequest, 'CPU µs');
  }
}

/** Prints one figure as an aligned line: `name  unit  value  note`. */
export function printFigure(name: string, value: number, unit: string, note?: string): void {
  const shown = Number.isInteger(value) || value >= 100 ? String(Math.round(value)) : value.toFixed(2);
  const line = `${name.padEnd(40)} ${unit.padEnd(8)} ${shown.padStart(8)}`;
  console.log(note ? `${line}  ${note}` : line);
}

async function waitForHealth(origin: string, exited: Promise<void>): Promise<void> {
  let serverExited = false;
  void exited.then(() => (serverExited = true));
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    // Fail at once instead of waiting out the timeout when the server could not start.
    if (serverExited) throw new Error('the server exited before /health answered');
    try {
      const response = await fetch(`${origin}/health`);
      await response.body?.cancel();
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`/health did not answer 200 within ${HEALTH_TIMEOUT_MS / 1000} s`);
}

async function stopChild(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  // The server forces its own exit after a grace period; this only guards against a hang.
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // A refused connection to a name with several addresses is an AggregateError with an empty message.
  if (error.message) return error.message;
  return 'code' in error ? String(error.code) : error.name;
}
