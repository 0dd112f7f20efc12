import crypto from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { adminQuery, buildPgliteTemplate, databaseUrl, waitForNoConnections } from './database-templates.ts';

export type EngineKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL points at a server (CI sets it). */
export const testEngines: EngineKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

let pgliteTemplate: Promise<Blob> | undefined;

// initdb plus migrations costs seconds: global-setup.ts does it once per run, and each test clones the dump.
function migratedPgliteTemplate(): Promise<Blob> {
  pgliteTemplate ??= (async () => {
    const file = inject('pgliteTemplateFile');
    return file ? new Blob([new Uint8Array(await readFile(file))]) : buildPgliteTemplate();
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
