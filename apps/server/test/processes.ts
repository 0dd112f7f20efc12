import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { SHORT_LIVED_NODE_FLAGS, spawnServer, untilServing } from './server-process.ts';
export { freePort } from './free-port.ts';

/** Whether a process with this pid exists (signal 0 checks without sending anything). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `probe` until it answers something other than undefined (a throw counts as not yet). */
export async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    await sleep(100);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Sends SIGKILL and waits until the process is gone (and reaped). */
export async function kill9(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

export const ADMIN = { email: 'restart@example.com', password: 'restart-password-1' };

/** The process state letter from /proc/<pid>/stat (`Z` is a zombie: exited, not yet reaped). */
export function processState(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
  } catch {
    return undefined;
  }
}

/**
 * The real server (`main.ts`) on a data dir, as an operator runs it; `kill` it like an operator would.
 * `env` adds to or overrides its environment (e.g. DATABASE_URL and ROLE for a PostgreSQL deployment).
 */
export function realServer(dataDir: string, port: number, children: ChildProcess[], env: NodeJS.ProcessEnv = {}) {
  const origin = `http://127.0.0.1:${port}`;
  /** Spawns the server without waiting for it (`unreaped`: see spawnServer). */
  const launch = ({ unreaped = false } = {}) => {
    const server = spawnServer(
      {
        PORT: String(port),
        DATA_DIR: dataDir,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        LOG_LEVEL: 'warning',
        NEWS_FETCH_INTERVAL_SECONDS: '0',
        DATABASE_URL: '',
        PIPELINE_CONCURRENCY: '2',
        PIPELINE_CRM_CONCURRENCY: '1',
        ...env,
      },
      { unreaped, nodeFlags: SHORT_LIVED_NODE_FLAGS },
    );
    children.push(server.child);
    return server;
  };
  /** Spawns the server and waits until it answers, failing with its own words if it does not. */
  const start = async (options: { unreaped?: boolean } = {}) => {
    const server = launch(options);
    // An api process or an all-in-one server answers /health; a worker says it started.
    await untilServing(server, env.ROLE === 'worker' ? undefined : origin);
    return { child: server.child, pid: server.serverPid(), cookie: await login() };
  };
  const login = async () => {
    const response = await fetch(`${origin}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify(ADMIN),
    });
    return response.headers.getSetCookie()[0]?.split(';')[0] ?? '';
  };
  const api = async (cookie: string, url: string, body?: object) => {
    const response = await fetch(`${origin}/api/v1/${url}`, {
      method: body ? 'POST' : 'GET',
      headers: { cookie, origin, 'content-type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
    return response.json() as Promise<unknown>;
  };
  return { launch, start, api };
}

/**
 * For a test file that starts real servers: the list to register them in and a maker of DATA_DIRs.
 * After the file's tests every server is killed and every folder removed.
 */
export function realServerResources(): { children: ChildProcess[]; tempDir(prefix: string): Promise<string> } {
  const children: ChildProcess[] = [];
  const dirs: string[] = [];
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true, maxRetries: 3 })));
  });
  return {
    children,
    async tempDir(prefix) {
      const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
      dirs.push(dir);
      return dir;
    },
  };
}
