import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { isAlive } from './processes.ts';

const ADMIN = { email: 'restart@example.com', password: 'restart-password-1' };

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    await sleep(100);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The real server (`main.ts`) on a data dir, as an operator runs it; `kill` it like an operator would. */
function realServer(dataDir: string, port: number, children: ChildProcess[]) {
  const origin = `http://127.0.0.1:${port}`;
  const start = async () => {
    const child = spawn(process.execPath, [path.join(import.meta.dirname, '../src/main.ts')], {
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        LOG_LEVEL: 'warning',
        NEWS_FETCH_INTERVAL_SECONDS: '0',
        DATABASE_URL: '',
        PIPELINE_CONCURRENCY: '2',
        PIPELINE_CRM_CONCURRENCY: '1',
      },
      stdio: 'ignore',
    });
    children.push(child);
    await until('health', async () => ((await fetch(`${origin}/health`)).ok ? true : undefined), 60_000);
    const login = await fetch(`${origin}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify(ADMIN),
    });
    const cookie = login.headers.getSetCookie()[0]?.split(';')[0] ?? '';
    return { child, cookie };
  };
  const api = async (cookie: string, url: string, body?: object) => {
    const response = await fetch(`${origin}/api/v1/${url}`, {
      method: body ? 'POST' : 'GET',
      headers: { cookie, origin, 'content-type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
    return response.json() as Promise<unknown>;
  };
  return { start, api };
}

describe('a batch survives kill -9 of the server', { timeout: 240_000 }, () => {
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const child of children) child.kill('SIGKILL');
  });

  it('finishes after a restart with every article in the CRM outbox exactly once', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'mh-restart-'));
    const { start, api } = realServer(dataDir, await freePort(), children);
    let server = await start();
    const session = (await api(server.cookie, 'fetch-news-session', { dateRange: 3650 })) as { session_id: string };
    const ids = await until(
      'the fetch',
      async () => {
        const page = (await api(server.cookie, `articles/session/${session.session_id}?page_size=1`)) as {
          pagination?: { total_count: number };
        };
        if ((page.pagination?.total_count ?? 0) < 400) return undefined;
        const all = (await api(server.cookie, `articles/session/${session.session_id}/ids`)) as {
          data: { article_ids: number[] };
        };
        return all.data.article_ids.slice(0, 40);
      },
      60_000,
    );
    const batch = (await api(server.cookie, 'batch/process-selected', { article_ids: ids })) as {
      batch_session_id: string;
    };
    const beforeKill = await until(
      'some progress',
      async () => {
        const status = (await api(server.cookie, `batch/status/${batch.batch_session_id}`)) as { completed: number };
        return status.completed >= 3 ? status.completed : undefined;
      },
      60_000,
    );
    server.child.kill('SIGKILL');
    await new Promise((resolve) => server.child.once('exit', resolve));
    expect(beforeKill).toBeLessThan(40); // the kill really interrupted the batch

    server = await start();
    const final = await until(
      'the batch to finish after the restart',
      async () => {
        const status = (await api(server.cookie, `batch/status/${batch.batch_session_id}`)) as { status: string };
        return status.status === 'completed' ? status : undefined;
      },
      180_000,
    );
    expect(final).toMatchObject({ total_articles: 40, completed: 40, failed: 0, results: { pushed_to_hubspot: 40 } });
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));

    const handle = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
    try {
      const notes = await sql<{
        article_id: number;
        n: number;
      }>`SELECT article_id, count(*)::int AS n FROM crm_notes GROUP BY article_id`.execute(handle.db);
      expect(notes.rows).toHaveLength(40);
      expect(notes.rows.every((row) => row.n === 1)).toBe(true);
      const companies = await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM crm_companies GROUP BY lower(coalesce(domain, name)) HAVING count(*) > 1`.execute(
        handle.db,
      );
      expect(companies.rows).toEqual([]);
      const contacts = await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM crm_contacts WHERE email IS NOT NULL GROUP BY lower(email) HAVING count(*) > 1`.execute(
        handle.db,
      );
      expect(contacts.rows).toEqual([]);
    } finally {
      await handle.close();
    }
  });
});

describe('a scraper run survives kill -9 of the server', { timeout: 240_000 }, () => {
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const child of children) child.kill('SIGKILL');
  });

  it('the child goes with the server, and the restarted server finishes the run from its saved state', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'mh-restart-scraper-'));
    const { start, api } = realServer(dataDir, await freePort(), children);
    type Progress = { status: string; projects_completed: number; projects_failed: number };
    let server = await start();
    const started = (await api(server.cookie, 'scraper/start', {
      mode: 'test',
      max_workers: 1,
      max_concurrency: 1,
      batch_size: 10,
    })) as { data: { pid: number } };
    const childPid = started.data.pid;
    const beforeKill = await until(
      'some projects',
      async () => {
        const { data } = (await api(server.cookie, 'scraper/progress')) as { data: Progress };
        return data.projects_completed >= 5 ? data.projects_completed : undefined;
      },
      60_000,
    );
    server.child.kill('SIGKILL');
    await new Promise((resolve) => server.child.once('exit', resolve));
    // Never an orphan: the crawler stops when its server is gone.
    await until('the child to exit', async () => (isAlive(childPid) ? undefined : true), 10_000);

    server = await start();
    const final = await until(
      'the run to finish after the restart',
      async () => {
        const { data } = (await api(server.cookie, 'scraper/progress')) as { data: Progress };
        return data.status === 'running' ? undefined : data;
      },
      120_000,
    );
    expect(beforeKill).toBeLessThan(60);
    expect(final).toMatchObject({ status: 'completed', projects_completed: 60, projects_failed: 0 });
    const status = (await api(server.cookie, 'scraper/status')) as { data: { running: boolean; pid: number | null } };
    expect(status.data).toMatchObject({ running: false, pid: null });
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));
  });
});
