import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { freePort } from './free-port.ts';
import { spawnServer, untilServing, type ServerProcess } from './server-process.ts';

export { freePort };

/**
 * Real server processes of one role each (`node main.ts` with ROLE=api or worker) on one PostgreSQL
 * database, as an operator scales out. No Vitest here: the scale benchmark starts them too.
 */

export const SCALE_ADMIN = { email: 'scale@example.com', password: 'scale-password-1' } as const;

/** A server process of one role (its child, output and `closed` are the launcher's). */
export interface RoleProcess extends ServerProcess {
  role: 'api' | 'worker';
  /** http://127.0.0.1:port of an api process (a worker reaches the app there too). */
  origin: string;
  /** Lines logged at ERROR, and anything written to stderr (an unhandled rejection, a warning). */
  problems(): string[];
  /** Its DATA_DIR (logs, scraper files), removed when it is stopped. */
  dataDir: string;
}

export interface RoleProcessOptions {
  role: 'api' | 'worker';
  databaseUrl: string;
  /** An api process listens here; a worker reaches the app (demo article pages) at `appOrigin`. */
  port?: number;
  appOrigin?: string;
  env?: Record<string, string>;
}

/** Spawns one role process without waiting for it; see `untilReady`. */
export async function spawnRoleProcess(options: RoleProcessOptions): Promise<RoleProcess> {
  const port = options.port ?? (await freePort());
  const origin = options.appOrigin ?? `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `mh-${options.role}-`));
  const server = spawnServer({
    ROLE: options.role,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: options.databaseUrl,
    ADMIN_EMAIL: SCALE_ADMIN.email,
    ADMIN_PASSWORD: SCALE_ADMIN.password,
    LOG_LEVEL: 'info',
    LOG_DIR: '',
    NEWS_FETCH_INTERVAL_SECONDS: '0',
    // A worker builds demo article URLs from it: the api process serves them.
    PUBLIC_ORIGIN: options.role === 'worker' ? origin : '',
    WEBHOOK_SECRET: '',
    ...options.env,
  });
  return {
    ...server,
    role: options.role,
    origin,
    problems: () => [
      ...server
        .output()
        .split('\n')
        .filter((line) => line.includes(' - ERROR - ')),
      ...server
        .stderr()
        .split('\n')
        .filter((line) => line.trim() !== ''),
    ],
    dataDir,
  };
}

/** Waits until an api process answers /health or a worker says it started; fails with its own words. */
export async function untilReady(process: RoleProcess, timeoutMs = 60_000): Promise<void> {
  await untilServing(process, process.role === 'api' ? process.origin : undefined, timeoutMs);
}

/** SIGTERM (or SIGKILL) and wait for the process to be gone; its DATA_DIR is removed. */
export async function stopRoleProcess(process: RoleProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (process.child.exitCode === null && process.child.signalCode === null) process.child.kill(signal);
  await process.closed;
  await rm(process.dataDir, { recursive: true, force: true, maxRetries: 3 });
}

/** The ids of the batch queue's jobs some worker is running now (pg-boss's job table). */
export async function activeBatchJobIds(sql: pg.Client): Promise<string[]> {
  const active = await sql.query<{ id: string }>(
    `SELECT id FROM pgboss.job WHERE name = 'pipeline-article' AND state = 'active'`,
  );
  return active.rows.map((row) => row.id);
}

/**
 * One try at killing `worker` with -9 while it holds jobs of the batch queue (read through `sql`). On a quiet
 * machine a worker holds a job only now and then (they take milliseconds), so it is frozen first (its
 * heartbeats stop, its jobs stay active) while the other workers' running jobs end: what is still active
 * 400 ms later is the frozen worker's, and it is killed. Holding nothing, it is let go on and undefined
 * returned, to be tried again (short freezes: a second-long one let the survivor finish a batch before one
 * try caught it). `frozenAt` is when the worker stopped being alive for the queue.
 */
export async function killWhileHoldingJobs(
  worker: RoleProcess,
  sql: pg.Client,
): Promise<{ held: string[]; frozenAt: number } | undefined> {
  const frozenAt = Date.now();
  worker.child.kill('SIGSTOP');
  await new Promise((resolve) => setTimeout(resolve, 150));
  const first = await activeBatchJobIds(sql);
  await new Promise((resolve) => setTimeout(resolve, 400));
  const still = new Set(await activeBatchJobIds(sql));
  const held = first.filter((id) => still.has(id));
  if (held.length === 0) {
    worker.child.kill('SIGCONT');
    return undefined;
  }
  worker.child.kill('SIGKILL');
  await worker.closed;
  return { held, frozenAt };
}

/** A signed-in admin's JSON calls to one api process. */
export async function signedInClient(origin: string) {
  const login = await fetch(`${origin}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify(SCALE_ADMIN),
  });
  if (!login.ok) throw new Error(`sign-in answered ${login.status}: ${await login.text()}`);
  const cookie = login.headers.getSetCookie()[0]?.split(';')[0] ?? '';
  return async <T>(url: string, body?: object): Promise<T> => {
    const response = await fetch(`${origin}/api/v1/${url}`, {
      method: body ? 'POST' : 'GET',
      headers: { cookie, origin, 'content-type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  };
}
