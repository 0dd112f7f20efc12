import crypto from 'node:crypto';
import { cpSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { adminQuery, databaseUrl, waitForNoConnections } from './database-templates.ts';

export type EngineKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL points at a server (CI sets it). */
export const testEngines: EngineKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestDatabase {
  handle: DatabaseHandle;
  /** postgres://… of this test's own database (PostgreSQL only). */
  url: string | undefined;
  drop(): Promise<void>;
}

/** A fresh, migrated database of the given engine; PostgreSQL tests each get a database of their own. */
export async function createTestDatabase(kind: EngineKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    // A copy of the migrated data directory global-setup.ts made once for the run (initdb plus migrations
    // cost seconds), opened from disk as a server opens DATA_DIR/db: the kernel copies its 42 MB in about
    // 50 ms (up to about 270 ms during a whole run, waiting on the disk rather than the CPU) and PostgreSQL
    // reads only the pages it needs, where loading a dump of it into PGlite's in-memory file system cost 1 to
    // 1.7 CPU-seconds a database.
    const dir = await mkdtemp(path.join(os.tmpdir(), 'mh-test-pglite-'));
    cpSync(inject('pgliteTemplateDir'), dir, { recursive: true });
    const handle = await openDatabase({ pgliteDir: dir });
    return {
      handle,
      url: undefined,
      drop: async () => {
        await handle.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `mh_test_${crypto.randomBytes(6).toString('hex')}`;
  // A copy of the migrated template global-setup.ts made (no migrations to run); without it, migrate here.
  const template = inject('postgresTemplate');
  await adminQuery(serverUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const url = databaseUrl(serverUrl, name);
  const handle = await openDatabase({ databaseUrl: url });
  if (!template) await migrateToLatest(handle);
  return {
    handle,
    url,
    drop: async () => {
      await handle.close();
      // Our connections may still be closing: give them a moment, so FORCE only ends strays.
      await waitForNoConnections(serverUrl, name);
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
