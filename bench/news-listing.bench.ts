import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { createServices } from '../apps/server/src/services.ts';
import {
  BENCH_ADMIN,
  createPostgresDatabase,
  load,
  printFigure,
  signIn,
  startServer,
  type BenchDatabase,
  type LoadResult,
} from './lib/server.ts';

/**
 * Listing: `GET /articles/session/{id}` page 1 and page 250 of a 5,000-article session in a database of
 * 100,000 articles, 50 connections, beside `/health` on the same server. Goal: p99 under 25 ms on PostgreSQL.
 */

const TOTAL_ARTICLES = 100_000;
const SESSION_ARTICLES = 5_000;
const SESSION_ID = '5e55e55e-0000-4000-8000-000000000001';
const CONNECTIONS = 50;
const SECONDS = 5;
const P99_GOAL_MS = 25;

/** Fills a fresh database: the bench admin, 100,000 articles, and one session holding 5,000 of them. */
async function seed(target: { databaseUrl?: string; pgliteDir?: string }): Promise<void> {
  const handle = await openDatabase(target);
  try {
    await migrateToLatest(handle);
    const user = await createServices(handle.db).auth.addUser({ ...BENCH_ADMIN, name: 'Bench', role: 'admin' });
    for (let start = 1; start <= TOTAL_ARTICLES; start += 20_000) {
      await sql`
        INSERT INTO articles (source_key, title, source, url, description, content, published_at, commodities, countries, type_group, type)
        SELECT 'bench:' || g, 'Company ' || g || ' reports drilling results at its gold project in Ontario', 'Bench Wire',
               'https://bench.example/' || g, repeat('A short description of the news. ', 6),
               repeat('The body of the press release continues with details. ', 30),
               now() - (g || ' minutes')::interval, '{Au}', '{CA}', 'drilling', 'drill-results'
        FROM generate_series(${start}::int, ${start + 19_999}::int) AS g`.execute(handle.db);
    }
    await handle.db
      .insertInto('news_sessions')
      .values({
        id: SESSION_ID,
        user_id: user.id,
        query: JSON.stringify({ dateRange: 3650 }),
        status: 'completed',
        articles_found: SESSION_ARTICLES,
      })
      .execute();
    await sql`
      INSERT INTO session_articles (session_id, article_id, position)
      SELECT ${SESSION_ID}::uuid, id, row_number() OVER (ORDER BY id)
      FROM (SELECT id FROM articles ORDER BY id DESC LIMIT ${SESSION_ARTICLES}) recent`.execute(handle.db);
    await sql`ANALYZE`.execute(handle.db);
  } finally {
    await handle.close();
  }
}

async function benchEngine(engine: 'pglite' | 'postgres'): Promise<void> {
  let database: BenchDatabase | undefined;
  let dataDir: string | undefined;
  const seedStart = performance.now();
  if (engine === 'postgres') {
    database = await createPostgresDatabase();
    if (!database) return;
    await seed({ databaseUrl: database.url });
  } else {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'mh-bench-listing-'));
    await seed({ pgliteDir: path.join(dataDir, 'db') });
  }
  const label = `news-listing ${engine.padEnd(8)}`;
  printFigure(`${label} seed 100k articles`, (performance.now() - seedStart) / 1000, 'seconds');
  const server = await startServer({ databaseUrl: database?.url, dataDir });
  try {
    const cookie = await signIn(server);
    const targets: { name: string; url: string; headers: Record<string, string> }[] = [
      { name: '/health', url: `${server.origin}/health`, headers: {} },
      {
        name: 'page 1',
        url: `${server.origin}/api/v1/articles/session/${SESSION_ID}?page=1&page_size=20`,
        headers: { cookie },
      },
      {
        name: 'page 250',
        url: `${server.origin}/api/v1/articles/session/${SESSION_ID}?page=250&page_size=20`,
        headers: { cookie },
      },
    ];
    for (const target of targets) {
      await load({ ...target, connections: CONNECTIONS, durationSeconds: 1 }); // warm-up
      const result: LoadResult = await load({ ...target, connections: CONNECTIONS, durationSeconds: SECONDS });
      if (result.non2xx > 0 || result.errors > 0) {
        throw new Error(
          `${target.name}: ${result.non2xx} non-2xx (${JSON.stringify(result.statusCodes)}), ${result.errors} errors`,
        );
      }
      printFigure(`${label} ${target.name}`, result.requestsPerSecond, 'req/s');
      const goal =
        target.name === '/health'
          ? undefined
          : `(goal < ${P99_GOAL_MS} ms on PostgreSQL${result.p99Ms < P99_GOAL_MS ? ', MET' : ', MISSED'})`;
      printFigure(`${label} ${target.name}`, result.p99Ms, 'p99 ms', goal);
    }
  } finally {
    await server.stop();
    await database?.drop();
  }
}

await benchEngine('pglite');
await benchEngine('postgres');
