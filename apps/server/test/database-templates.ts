import crypto from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../src/db/client.ts';
import { migrateToLatest } from '../src/db/migrate.ts';

/**
 * Migrated template databases, made once per `vitest run` by `global-setup.ts` (initdb plus migrations
 * cost seconds, and the test files run in several worker processes): each test's database is a copy.
 */

/** A freshly migrated PGlite data directory made at `dir`, closed (and unlocked) so that it can be copied. */
export async function buildPgliteTemplate(dir: string): Promise<void> {
  const handle = await openDatabase({ pgliteDir: dir });
  try {
    await migrateToLatest(handle);
  } finally {
    await handle.close();
  }
}

/** A migrated PostgreSQL database on the server at `serverUrl`, to be copied with `CREATE DATABASE … TEMPLATE`. */
export async function createPostgresTemplate(serverUrl: string): Promise<string> {
  const name = `mh_template_${crypto.randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  const handle = await openDatabase({ databaseUrl: databaseUrl(serverUrl, name) });
  try {
    await migrateToLatest(handle);
  } finally {
    await handle.close();
    // Kysely ends the pool only if it ran a query itself; the migrations used the pool directly.
    if (handle.engine.kind === 'postgres' && !handle.engine.pool.ended) await handle.engine.pool.end();
  }
  await waitForNoConnections(serverUrl, name); // a template must have none while it is copied
  return name;
}

/** The URL of database `name` on the server at `serverUrl`. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function adminQuery(serverUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Waits (up to `timeoutMs`) until the server lists no connection to `database`. */
export async function waitForNoConnections(serverUrl: string, database: string, timeoutMs = 5000): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      const result = await client.query<{ count: string }>(
        'SELECT count(*) AS count FROM pg_stat_activity WHERE datname = $1',
        [database],
      );
      if (Number(result.rows[0]?.count ?? 0) === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    await client.end();
  }
}

/**
 * Ends every connection to the database at `url` from the server's side, as a restart or failover does, and
 * waits until they are gone; the next query of a pool reconnects.
 */
export async function endConnections(url: string): Promise<void> {
  const database = new URL(url).pathname.slice(1);
  const serverUrl = databaseUrl(url, 'postgres');
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [database]);
  } finally {
    await client.end();
  }
  await waitForNoConnections(serverUrl, database);
}
