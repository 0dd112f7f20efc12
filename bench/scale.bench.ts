import pg from 'pg';
import {
  freePort,
  signedInClient,
  spawnRoleProcess,
  stopRoleProcess,
  untilReady,
  type RoleProcess,
} from '../apps/server/test/role-processes.ts';
import { createPostgresDatabase, printFigure } from './lib/server.ts';

/**
 * 2 api + 2 worker processes (the real main.ts) on one fresh PostgreSQL database, the offline demo
 * adapters. A 200-article Process Selected undisturbed (the baseline), then another 200 articles with a
 * worker killed -9 once a fifth is done: the batch's wall time beside the baseline, and the reclaim time,
 * from the kill until the last job the dead worker held is running again on the other worker.
 * Goals (issue 19): reclaim < 15 s, the disturbed batch < 40 s.
 */

const ARTICLES = 200;

const database = await createPostgresDatabase();
if (!database) process.exit(0);
const processes: RoleProcess[] = [];
const sql = new pg.Client({ connectionString: database.url });
try {
  const apiPort = await freePort();
  const appOrigin = `http://127.0.0.1:${apiPort}`;
  processes.push(
    ...(await Promise.all([
      spawnRoleProcess({ role: 'api', databaseUrl: database.url, port: apiPort }),
      spawnRoleProcess({ role: 'api', databaseUrl: database.url }),
      spawnRoleProcess({ role: 'worker', databaseUrl: database.url, appOrigin }),
      spawnRoleProcess({ role: 'worker', databaseUrl: database.url, appOrigin }),
    ])),
  );
  await Promise.all(processes.map((process) => untilReady(process)));
  await sql.connect();
  const [apiOne, apiTwo, doomed] = processes;
  if (!apiOne || !apiTwo || !doomed) throw new Error('four processes expected');
  const one = await signedInClient(apiOne.origin);
  const two = await signedInClient(apiTwo.origin);

  const session = await one<{ session_id: string }>('fetch-news-session', { dateRange: 3650 });
  let ids: number[] = [];
  while (ids.length < 2 * ARTICLES) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    ids = (await one<{ data: { article_ids: number[] } }>(`articles/session/${session.session_id}/ids`)).data
      .article_ids;
  }

  /** Runs one batch through the second api process; `during` sees its progress every 100 ms. */
  async function runBatch(articleIds: number[], during?: (completed: number) => Promise<void>): Promise<number> {
    const started = performance.now();
    const batch = await two<{ batch_session_id: string }>('batch/process-selected', { article_ids: articleIds });
    for (;;) {
      const status = await two<{ status: string; completed: number; failed: number }>(
        `batch/status/${batch.batch_session_id}`,
      );
      if (status.status === 'completed') {
        if (status.failed > 0) throw new Error(`${status.failed} articles failed`);
        return (performance.now() - started) / 1000;
      }
      await during?.(status.completed);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  const undisturbed = await runBatch(ids.slice(0, ARTICLES));

  let killedAt = 0;
  let heldByTheDead: string[] = [];
  const disturbed = await runBatch(ids.slice(ARTICLES, 2 * ARTICLES), async (completed) => {
    if (killedAt > 0 || completed < ARTICLES / 5) return;
    // Jobs active now: the dead worker's stay active until taken back, the survivor's finish on their own.
    const before = await activeJobs();
    doomed.child.kill('SIGKILL');
    killedAt = Date.now();
    await doomed.exited;
    const after = new Set(await activeJobs());
    heldByTheDead = before.filter((id) => after.has(id));
  });
  const restarted = await sql.query<{ started_on: Date; retry_count: number }>(
    'SELECT started_on, retry_count FROM pgboss.job WHERE id = ANY($1::uuid[]) AND retry_count > 0',
    [heldByTheDead],
  );
  if (restarted.rows.length === 0) throw new Error('the killed worker held no job: the kill came too late');
  const reclaimSeconds = Math.max(...restarted.rows.map((row) => (row.started_on.getTime() - killedAt) / 1000));

  printFigure(`scale batch of ${ARTICLES}, 2 api + 2 workers`, undisturbed, 'seconds', '(baseline)');
  printFigure(
    'scale same, a worker killed -9 at 20 %',
    disturbed,
    'seconds',
    `(goal < 40, ${disturbed < 40 ? 'MET' : 'MISSED'}; +${(disturbed - undisturbed).toFixed(1)} s)`,
  );
  printFigure(
    "scale reclaim of the dead worker's jobs",
    reclaimSeconds,
    'seconds',
    `(goal < 15, ${reclaimSeconds < 15 ? 'MET' : 'MISSED'}; jobs taken back: ${restarted.rows.length})`,
  );
} finally {
  await Promise.all(processes.map((process) => stopRoleProcess(process)));
  await sql.end().catch(() => undefined);
  await database.drop();
}

async function activeJobs(): Promise<string[]> {
  const result = await sql.query<{ id: string }>(
    `SELECT id FROM pgboss.job WHERE name = 'pipeline-article' AND state = 'active'`,
  );
  return result.rows.map((row) => row.id);
}
