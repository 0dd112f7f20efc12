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
  processCpuSeconds,
  signIn,
  startServer,
  type BenchDatabase,
  type LoadResult,
} from './lib/server.ts';

/**
 * Listing: `GET /articles/session/{id}` page 1 and page 250 of a 5,000-article session in a database of
 * 100,000 articles, 50 connections, beside `/health` on the same server. Goal: p99 under 25 ms on PostgreSQL.
 * Repeated reads of one page are what the server's page cache serves; 'any page' asks for a random page at
 * a random page size, so nearly every request misses that cache and reads the page from the database.
 * 'CPU µs' is the server process's CPU time per request, which the shared machine's noise moves far less
 * than throughput and latency.
 */

const TOTAL_ARTICLES = 100_000;
const SESSION_ARTICLES = 5_000;
const SESSION_ID = '5e55e55e-0000-4000-8000-000000000001';
const CONNECTIONS = 50;
const SECONDS = 5;
const WARM_UP_SECONDS = 3;
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
    // Settles what autovacuum would otherwise do to the fresh rows during the first measurement.
    await sql`VACUUM (ANALYZE)`.execute(handle.db);
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
    const targets: { name: string; url: string; headers: Record<string, string>; nextPath?: () => string }[] = [
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
      {
        name: 'any page',
        url: `${server.origin}/api/v1/articles/session/${SESSION_ID}`,
        headers: { cookie },
        nextPath: () => {
          const pageSize = 10 + Math.floor(Math.random() * 91);
          const page = 1 + Math.floor(Math.random() * Math.ceil(SESSION_ARTICLES / pageSize));
          return `/api/v1/articles/session/${SESSION_ID}?page=${page}&page_size=${pageSize}`;
        },
      },
    ];
    for (const target of targets) {
      // The first seconds after start run slower (JIT, heap growth); a server runs for days.
      await load({ ...target, connections: CONNECTIONS, durationSeconds: WARM_UP_SECONDS });
      const cpuBefore = await processCpuSeconds(server.pid);
      const result: LoadResult = await load({ ...target, connections: CONNECTIONS, durationSeconds: SECONDS });
      const cpuMicrosPerRequest = (((await processCpuSeconds(server.pid)) - cpuBefore) * 1e6) / result.requests;
      if (result.non2xx > 0 || result.errors > 0) {
        throw new Error(
          `${target.name}: ${result.non2xx} non-2xx (${JSON.stringify(result.statusCodes)}), ${result.errors} errors`,
        );
      }
      printFigure(`${label} ${target.name}`, result.requestsPerSecond, 'req/s');
      const goal =
        target.name === '/health' || target.name === 'any page'
          ? undefined
          : `(goal < ${P99_GOAL_MS} ms on PostgreSQL${result.p99Ms < P99_GOAL_MS ? ', MET' : ', MISSED'})`;
      printFigure(`${label} ${target.name}`, result.p99Ms, 'p99 ms', goal);
      printFigure(`${label} ${target.name}`, cpuMicrosPerRequest, 'CPU µs');
    }
  } finally {
    await server.stop();
    await database?.drop();
  }
}

await benchEngine('pglite');
await benchEngine('postgres');
