import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { ADMIN, freePort, isAlive, kill9, processState, realServer, sleep, until } from './processes.ts';

// Each test's DATA_DIR, removed once every server of the file has been killed (their afterAll hooks run first).
const tempDirs: string[] = [];
const tempDir = async (prefix: string) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
};
afterAll(async () => {
  await Promise.all(tempDirs.map((dir) => rm(dir, { recursive: true, force: true, maxRetries: 3 })));
});

describe('the server starts again after kill -9 at any moment', { timeout: 180_000 }, () => {
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const child of children) child.kill('SIGKILL');
  });

  it('20 cycles: killed while starting (from the first migrations on), just after listening and left a zombie, under requests, idle', async () => {
    const dataDir = await tempDir('mh-restart-loop-');
    const { launch, start, api } = realServer(dataDir, await freePort(), children);
    const lockFile = path.join(dataDir, 'db', 'owner.pid');
    let zombie: { pid: number; parent: ChildProcess } | undefined;
    for (let cycle = 0; cycle < 20; cycle++) {
      if (cycle % 4 === 0) {
        // While starting: after it took the lock, as PGlite opens, migrates (the first cycle: a new
        // database) and pg-boss installs, at a different moment each time.
        const { child } = launch();
        await until(
          'the lock',
          async () => (fs.readFileSync(lockFile, 'utf8').split('\n')[0] === String(child.pid) ? true : undefined),
          60_000,
        );
        await sleep([300, 0, 150, 400, 700][cycle / 4] ?? 0);
        await kill9(child);
        continue;
      }
      // Every start after a kill must come up: `start` fails with the server's own error otherwise.
      const server = await start({ unreaped: cycle % 4 === 1 });
      expect(server.cookie).not.toBe('');
      if (zombie) {
        expect(processState(zombie.pid)).toBe('Z'); // the lock's recorded owner still had a pid all along
        await kill9(zombie.parent);
        zombie = undefined;
      }
      if (cycle % 4 === 1) {
        // Just after listening, and nobody reaps it before the next start.
        process.kill(server.pid, 'SIGKILL');
        await until('a zombie', async () => (processState(server.pid) === 'Z' ? true : undefined), 10_000);
        zombie = { pid: server.pid, parent: server.child };
        continue;
      }
      if (cycle % 4 === 2) {
        // Under requests: news fetches storing hundreds of articles, session refreshes, reads.
        const ignore = () => undefined;
        void api(server.cookie, 'fetch-news-session', { dateRange: 3650 }).catch(ignore);
        void api(server.cookie, 'fetch-news-session', { dateRange: 30 }).catch(ignore);
        void api(server.cookie, 'auth/refresh', {}).catch(ignore);
        void api(server.cookie, 'scraper/status').catch(ignore);
        await sleep(100 + cycle * 40);
      } else {
        await sleep(cycle * 30); // idle: background jobs and timers only
      }
      await kill9(server.child);
    }
    const server = await start();
    expect(await api(server.cookie, 'auth/me')).toMatchObject({ user: { email: ADMIN.email } });
    await kill9(server.child);
  });
});

describe('a batch survives kill -9 of the server', { timeout: 240_000 }, () => {
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const child of children) child.kill('SIGKILL');
  });

  it('finishes after a restart with every article in the CRM outbox exactly once', async () => {
    const dataDir = await tempDir('mh-restart-');
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
    const dataDir = await tempDir('mh-restart-scraper-');
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
