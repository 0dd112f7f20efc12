import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { livePageModel } from './live-page-model.ts';
import { startPrivatePostgres, type PrivatePostgres } from './private-postgres.ts';
import { freePort, realServer, realServerResources, until } from './processes.ts';

const BATCH_SIZE = 120;

interface Answer {
  url: string;
  status: number;
  retryAfter: string | null;
  body: unknown;
}

// PostgreSQL half: the test restarts a cluster of its own, so it needs PostgreSQL's binaries, which machines
// with TEST_DATABASE_URL have (the shared server itself is never touched).
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'a PostgreSQL restart in the middle of a batch',
  { timeout: 240_000 },
  () => {
    const { children, tempDir } = realServerResources();
    let cluster: PrivatePostgres | undefined;
    afterAll(async () => {
      for (const child of children) child.kill('SIGKILL');
      await cluster?.destroy();
    });

    it('answers 503, never 500, finishes the batch once, logs the outage once, and every page ends in the true state', async () => {
      cluster = await startPrivatePostgres();
      const [apiDir, workerDir] = [await tempDir('mh-outage-api-'), await tempDir('mh-outage-worker-')];
      const port = await freePort();
      const origin = `http://127.0.0.1:${port}`;
      const env = { DATABASE_URL: cluster.url, PUBLIC_ORIGIN: origin, LOG_LEVEL: 'info', PIPELINE_CONCURRENCY: '4' };
      // One API process and one worker: live messages travel between them over LISTEN/NOTIFY.
      const api = realServer(apiDir, port, children, { ...env, ROLE: 'api' });
      const server = await api.start(); // migrated before the worker starts
      realServer(workerDir, port, children, { ...env, ROLE: 'worker' }).launch();
      const { cookie } = server;

      const fetchSession = (await api.api(cookie, 'fetch-news-session', { dateRange: 3650 })) as { session_id: string };
      const articleIds = await until(
        'the fetch',
        async () => {
          const ids = (await api.api(cookie, `articles/session/${fetchSession.session_id}/ids`)) as {
            data?: { article_ids: number[] };
          };
          return (ids.data?.article_ids.length ?? 0) >= 400 ? ids.data?.article_ids.slice(0, BATCH_SIZE) : undefined;
        },
        60_000,
      );

      const batch = (await api.api(cookie, 'batch/process-selected', { article_ids: articleIds })) as {
        batch_session_id: string;
      };
      const page = { origin, cookie, batchId: batch.batch_session_id, sessionId: fetchSession.session_id };
      const stayingPage = livePageModel(page); // its socket stays open through the outage
      const reconnectingPage = livePageModel(page); // its socket drops with the database and comes back
      await Promise.all([stayingPage.open(), reconnectingPage.open()]);

      // Requests a page makes, without pause, from before the restart until the batch has finished.
      const answers: Answer[] = [];
      let requesting = true;
      const ask = async (url: string) => {
        const get = () => fetch(`${origin}${url}`, { headers: { cookie, origin } });
        // A reused connection can be reset under us (seen once on a loaded machine); a browser sends such
        // a GET again on a new connection, and so does this page. A second failure fails the test.
        const response = await get().catch(get);
        answers.push({
          url,
          status: response.status,
          retryAfter: response.headers.get('retry-after'),
          body: await response.json(),
        });
      };
      const traffic = (async () => {
        while (requesting) {
          await Promise.all([
            ask('/health'),
            ask(`/api/v1/batch/status/${batch.batch_session_id}`),
            ask(`/api/v1/articles/session/${fetchSession.session_id}?page=1&page_size=20`),
          ]);
        }
      })();
      traffic.catch(() => undefined); // awaited below; until then a failure must not be an unhandled rejection

      const batchStatus = async () =>
        (await api.api(cookie, `batch/status/${batch.batch_session_id}`)) as { status?: string; completed?: number };
      const completedBeforeRestart = await until(
        'some progress',
        async () => {
          const { completed = 0 } = await batchStatus();
          return completed >= 10 ? completed : undefined;
        },
        60_000,
      );
      reconnectingPage.drop();
      await cluster.restart();
      const final = await until(
        'the batch to finish',
        async () => {
          const status = await batchStatus();
          return status.status === 'completed' ? status : undefined;
        },
        120_000,
      );
      requesting = false;
      await traffic;

      expect(completedBeforeRestart).toBeLessThan(BATCH_SIZE); // the restart really came mid-batch
      expect(final).toMatchObject({ total_articles: BATCH_SIZE, completed: BATCH_SIZE, failed: 0 });

      // Requests: 503 with Retry-After and {detail, code} while the database was away, never a 500.
      expect(answers.filter((answer) => answer.status >= 500 && answer.status !== 503)).toEqual([]);
      const refused = answers.filter((answer) => answer.status === 503);
      for (const answer of refused) {
        expect(answer.retryAfter).toMatch(/^\d+$/);
        expect(answer.body).toMatchObject({ detail: expect.any(String), code: 'database_unavailable' });
      }
      // /health said which dependency was down while it was.
      expect(refused.filter((answer) => answer.url === '/health').map((answer) => answer.body)).toContainEqual(
        expect.objectContaining({ status: 'unavailable', database: 'down' }),
      );
      expect(answers.at(-1)?.status).toBe(200);

      // Both pages end in the true state: the batch at 100 %, every article of it pushed.
      for (const [name, model] of Object.entries({ stayingPage, reconnectingPage })) {
        const notPushed = () => articleIds.filter((id) => model.articleStatuses.get(id) !== 'pushed_to_hubspot');
        await until(
          'the page to show the final state',
          async () => (model.progress.status?.progress_percentage === 100 && notPushed().length === 0) || undefined,
          10_000,
        ).catch((error: unknown) => {
          // Say what the page was left showing, so a failure on a loaded machine can be read from its log.
          const shown = notPushed().map((id) => `${id}: ${model.articleStatuses.get(id) ?? 'never seen'}`);
          throw new Error(
            `${String(error)} on ${name}: ${JSON.stringify({ progress: model.progress.status, seen: model.seen, shown })}`,
          );
        });
      }
      expect(stayingPage.seen.resyncs).toBeGreaterThan(0); // the server told it to catch up after the outage
      expect(reconnectingPage.seen.reconnects).toBe(1);
      // A page opened now hears no more batch messages: the catch-up on connect alone shows it finished.
      const laterPage = livePageModel(page);
      await laterPage.open();
      await until('the catch-up', async () => laterPage.progress.status?.status === 'completed' || undefined, 15_000);

      // A longer outage: an open page is told the database is down (its badge says so), then that it is back.
      await cluster.stop();
      await until(
        'the page to hear it',
        async () => laterPage.seen.databaseStates.includes('down') || undefined,
        10_000,
      );
      const health = await fetch(`${origin}/health`);
      expect(health.status).toBe(503);
      expect(await health.json()).toMatchObject({ status: 'unavailable', database: 'down' });
      await cluster.start();
      await until('the database back', async () => laterPage.seen.databaseStates.at(-1) === 'up' || undefined, 15_000);
      expect((await fetch(`${origin}/health`)).status).toBe(200);
      for (const model of [stayingPage, reconnectingPage, laterPage]) model.close();

      // Nothing lost, nothing twice: one CRM note per article, every batch item done.
      const database = new pg.Client({ connectionString: cluster.url });
      await database.connect();
      try {
        const notes = await database.query<{ article_id: number; n: number }>(
          'SELECT article_id, count(*)::int AS n FROM crm_notes WHERE article_id = ANY($1) GROUP BY article_id',
          [articleIds],
        );
        expect(notes.rows).toHaveLength(BATCH_SIZE);
        expect(notes.rows.filter((row) => row.n !== 1)).toEqual([]);
        const items = await database.query<{ state: string; n: number }>(
          'SELECT state, count(*)::int AS n FROM pipeline_batch_items WHERE batch_id = $1 GROUP BY state',
          [batch.batch_session_id],
        );
        expect(items.rows).toEqual([{ state: 'done', n: BATCH_SIZE }]);
      } finally {
        await database.end();
      }

      // Each process's log: no stack trace, and the outage told once (when it started, when it ended).
      const logs = [apiDir, workerDir].map((dir) => fs.readFileSync(path.join(dir, 'logs', 'app.log'), 'utf8'));
      // Two outages (the restart, then the stop): at most two of each line, both ends of each told.
      for (const log of logs) {
        expect(entriesWithStackTraces(log)).toEqual([]);
        expect(log).not.toMatch(/ - ERROR - /);
        const outages = log.match(/database unavailable; retrying/g)?.length ?? 0;
        expect(outages).toBeGreaterThanOrEqual(1);
        expect(outages).toBeLessThanOrEqual(2);
        expect(log.match(/database is back after/g)?.length).toBe(outages);
      }
    });
  },
);

/** The first line of each log entry that a stack trace follows (the viewer's format: frames on their own lines). */
function entriesWithStackTraces(log: string): string[] {
  const lines = log.split('\n');
  return lines.filter((line, index) => !/^\s+at /.test(line) && /^\s+at /.test(lines[index + 1] ?? ''));
}
