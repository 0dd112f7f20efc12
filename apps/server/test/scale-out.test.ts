import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, databaseUrl, waitForNoConnections } from './database-templates.ts';
import { feedRoutes, rssXml, startFakeServer } from './fake-news-servers.ts';
import { until } from './processes.ts';
import {
  freePort,
  killWhileHoldingJobs,
  signedInClient,
  spawnRoleProcess,
  stopRoleProcess,
  untilReady,
  type RoleProcess,
} from './role-processes.ts';

const serverUrl = process.env.TEST_DATABASE_URL;

interface BatchStatus {
  status: string;
  completed: number;
  failed: number;
  total_articles: number;
}

/**
 * ROLE=api and ROLE=worker processes (the real main.ts) on one fresh PostgreSQL database: four started at
 * once on an empty database, then a batch through them with a worker killed -9 in the middle.
 */
describe.skipIf(!serverUrl)('two api and two worker processes on one PostgreSQL', { timeout: 240_000 }, () => {
  const name = `scale_${crypto.randomBytes(6).toString('hex')}`;
  const url = serverUrl ? databaseUrl(serverUrl, name) : '';
  let processes: RoleProcess[] = [];
  let sql: pg.Client;

  /** Two api processes and two workers reaching the app through the first api process. */
  async function startAll(): Promise<RoleProcess[]> {
    const apiPort = await freePort();
    const appOrigin = `http://127.0.0.1:${apiPort}`;
    processes = await Promise.all([
      spawnRoleProcess({ role: 'api', databaseUrl: url, port: apiPort }),
      spawnRoleProcess({ role: 'api', databaseUrl: url }),
      spawnRoleProcess({ role: 'worker', databaseUrl: url, appOrigin, env: { PIPELINE_CONCURRENCY: '6' } }),
      spawnRoleProcess({ role: 'worker', databaseUrl: url, appOrigin, env: { PIPELINE_CONCURRENCY: '6' } }),
    ]);
    await Promise.all(processes.map((process) => untilReady(process)));
    return processes;
  }

  beforeAll(async () => {
    if (!serverUrl) return;
    await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
    sql = new pg.Client({ connectionString: url });
    await sql.connect();
  });
  afterAll(async () => {
    await Promise.all(processes.map((process) => stopRoleProcess(process, 'SIGKILL')));
    await sql?.end();
    if (serverUrl) await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it('start all at once on an empty database without an error, and exactly one creates the first admin', async () => {
    const started = await startAll();
    const outputs = started.map((process) => process.output());
    expect(started.flatMap((process) => process.problems())).toEqual([]);
    expect((await sql.query('SELECT email FROM users')).rows).toEqual([{ email: 'scale@example.com' }]);
    const count = (pattern: RegExp) => outputs.reduce((sum, text) => sum + (text.match(pattern) ?? []).length, 0);
    expect(count(/created the first admin user/g)).toBe(1);
    expect(count(/webhooks are signed with this generated secret/g)).toBe(1);

    await Promise.all(started.map((process) => stopRoleProcess(process)));
    expect(started.flatMap((process) => process.problems())).toEqual([]);
    // PostgreSQL counts every statement that failed (as the racing schema creations did) as a rollback;
    // a backend's counts are in once it has gone.
    await sql.end();
    if (serverUrl) await waitForNoConnections(serverUrl, name, 20_000);
    expect(await rollbacksOf(name)).toBe(0);
    sql = new pg.Client({ connectionString: url });
    await sql.connect();
  });

  it('finishes a 200-article batch with a worker killed mid-batch, its jobs re-run and nothing pushed twice', async () => {
    const [apiOne, apiTwo, doomed, survivor] = await startAll();
    if (!apiOne || !apiTwo || !doomed || !survivor) throw new Error('four processes expected');
    const one = await signedInClient(apiOne.origin);
    const two = await signedInClient(apiTwo.origin);
    const session = await one<{ session_id: string }>('fetch-news-session', { dateRange: 3650 });
    const ids = await until(
      'the fetch to find 200 articles',
      async () => {
        const page = await one<{ pagination: { total_count: number } }>(
          `articles/session/${session.session_id}?page_size=1`,
        );
        if (page.pagination.total_count < 200) return undefined;
        const all = await one<{ data: { article_ids: number[] } }>(`articles/session/${session.session_id}/ids`);
        return all.data.article_ids.slice(0, 200);
      },
      60_000,
    );

    // Started through the other api process: the batch runs on the workers whichever api took it.
    const batch = await two<{ batch_session_id: string }>('batch/process-selected', { article_ids: ids });
    const status = () => two<BatchStatus>(`batch/status/${batch.batch_session_id}`);
    const beforeKill = await until(
      'a fifth of the batch',
      async () => {
        const now = await status();
        return now.completed >= 40 ? now.completed : undefined;
      },
      60_000,
    );
    // Killed while it holds jobs: on a quiet machine a worker is often between jobs.
    const { held: runningAtKill } = await until(
      'the doomed worker killed holding jobs',
      async () => {
        // Nothing held (fails below) once the batch has ended without the worker caught holding a job.
        if ((await status()).status === 'completed') return { held: [] };
        return killWhileHoldingJobs(doomed, sql);
      },
      60_000,
    );
    expect(beforeKill).toBeLessThan(200);
    expect(runningAtKill, 'jobs the worker held when it was killed').not.toEqual([]);

    // Generous: the reclaim itself takes 10 to 14 s (npm run bench -- scale); the rest is one worker's work.
    const final = await until(
      'the batch to complete',
      async () => {
        const now = await status();
        return now.status === 'completed' ? now : undefined;
      },
      60_000,
    );
    expect(final).toMatchObject({ total_articles: 200, completed: 200, failed: 0 });

    // The killed worker's jobs were still active when it died; they were taken back and run again.
    const retried = await sql.query<{ state: string; retry_count: number }>(
      'SELECT state, retry_count FROM pgboss.job WHERE id = ANY($1::uuid[])',
      [runningAtKill],
    );
    expect(retried.rows.every((row) => row.state === 'completed')).toBe(true);
    expect(retried.rows.some((row) => row.retry_count >= 1)).toBe(true);

    const notes = await sql.query<{ article_id: number; n: number }>(
      'SELECT article_id, count(*)::int AS n FROM crm_notes GROUP BY article_id',
    );
    expect(notes.rows).toHaveLength(200);
    expect(notes.rows.filter((row) => row.n > 1)).toEqual([]);
    const companies = await sql.query(
      'SELECT lower(coalesce(domain, name)) FROM crm_companies GROUP BY 1 HAVING count(*) > 1',
    );
    expect(companies.rows).toEqual([]);

    await Promise.all([apiOne, apiTwo, survivor].map((process) => stopRoleProcess(process)));
    expect([apiOne, apiTwo, survivor].flatMap((process) => process.problems())).toEqual([]);
  });

  it('finishes a news fetch whose worker was killed in the middle of it on another worker, each article once', async () => {
    // Two feeds: one answers at once; the other never answers its first request (the worker that sent it
    // dies waiting) and answers the ones after.
    const recent = new Date(Date.now() - 3600_000);
    const items = (feed: string) =>
      Array.from({ length: 5 }, (_, index) => ({
        guid: `${feed}-${index}`,
        title: `Gold drilling update ${index} from the ${feed} wire`,
        link: `https://${feed}.example/news/${index}`,
        description: 'Drilling results at the gold project.',
        published: recent,
      }));
    let slowRequests = 0;
    const feeds = await startFakeServer({
      '/quick.xml': feedRoutes.ok(rssXml('Quick wire', items('quick'))),
      '/slow.xml': (request, response) => {
        slowRequests += 1;
        if (slowRequests > 1) feedRoutes.ok(rssXml('Slow wire', items('slow')))(request, response);
      },
    });
    try {
      const env = { NEWS_FEEDS: `${feeds.url}/quick.xml,${feeds.url}/slow.xml` };
      const api = await spawnRoleProcess({ role: 'api', databaseUrl: url, env });
      const doomed = await spawnRoleProcess({ role: 'worker', databaseUrl: url, appOrigin: api.origin, env });
      processes = [api, doomed];
      await Promise.all(processes.map((process) => untilReady(process)));
      const client = await signedInClient(api.origin);
      const { session_id: sessionId } = await client<{ session_id: string }>('fetch-news-session', { dateRange: 30 });
      const session = async () =>
        (
          await sql.query<{ status: string; articles_found: number }>(
            'SELECT status, articles_found FROM news_sessions WHERE id = $1',
            [sessionId],
          )
        ).rows[0];
      await until(
        "the quick feed's articles, with the slow feed asked",
        async () => ((await session())?.articles_found === 5 && slowRequests === 1) || undefined,
        30_000,
      );

      const survivor = await spawnRoleProcess({ role: 'worker', databaseUrl: url, appOrigin: api.origin, env });
      processes.push(survivor);
      await untilReady(survivor);
      await stopRoleProcess(doomed, 'SIGKILL');
      const killedAt = Date.now();
      expect((await session())?.status).toBe('running');

      const finished = await until(
        'the session to finish on the other worker',
        async () => {
          const now = await session();
          return now?.status === 'running' ? undefined : now;
        },
        60_000,
      );
      // The dead worker's heartbeat stops; pg-boss takes the job back 10 to 13 s later (jobs/queue.ts).
      // Generous against a loaded machine; npm run bench -- scale measures the batch's reclaim.
      expect(Date.now() - killedAt).toBeLessThan(40_000);
      expect(finished).toEqual({ status: 'completed', articles_found: 10 });
      const stored = await sql.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM session_articles WHERE session_id = $1 GROUP BY article_id`,
        [sessionId],
      );
      expect(stored.rows).toHaveLength(10);
      expect(stored.rows.every((row) => row.n === 1)).toBe(true);

      await Promise.all([api, survivor].map((process) => stopRoleProcess(process)));
      expect([api, survivor].flatMap((process) => process.problems())).toEqual([]);
    } finally {
      await feeds.close();
    }
  });

  async function rollbacksOf(database: string): Promise<number> {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      const result = await admin.query<{ xact_rollback: string }>(
        'SELECT xact_rollback FROM pg_stat_database WHERE datname = $1',
        [database],
      );
      return Number(result.rows[0]?.xact_rollback ?? -1);
    } finally {
      await admin.end();
    }
  }
});
