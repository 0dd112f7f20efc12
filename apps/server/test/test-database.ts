import crypto from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { migrateToLatest } from '../src/db/migrate.ts';

export type EngineKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL points at a server (CI sets it). */
export const testEngines: EngineKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

let pgliteTemplate: Promise<Blob> | undefined;

// initdb plus migrations costs seconds; do it once per test process and clone the dump for each test.
function migratedPgliteTemplate(): Promise<Blob> {
  pgliteTemplate ??= (async () => {
    const handle = await openDatabase({});
    await migrateToLatest(handle);
    if (handle.engine.kind !== 'pglite') throw new Error('expected PGlite');
    const dump = await handle.engine.pglite.dumpDataDir('none');
    await handle.close();
    return dump;
  })();
  return pgliteTemplate;
}

export interface TestDatabase {
  handle: DatabaseHandle;
  /** postgres://… of this test's own database (PostgreSQL only). */
  url: string | undefined;
  drop(): Promise<void>;
}

/** A fresh, migrated database of the given engine; PostgreSQL tests each get a database of their own. */
export async function createTestDatabase(kind: EngineKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const handle = await openDatabase({ pgliteLoadDataDir: await migratedPgliteTemplate() });
    return { handle, url: undefined, drop: () => handle.close() };
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `mh_test_${crypto.randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  await migrateToLatest(handle);
  return {
    handle,
    url: url.toString(),
    drop: async () => {
      await handle.close();
      // Our connections may still be closing: give them a moment, so FORCE only ends strays.
      await waitForNoConnections(serverUrl, name);
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

async function waitForNoConnections(serverUrl: string, database: string, timeoutMs = 5000): Promise<void> {
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

async function adminQuery(serverUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
