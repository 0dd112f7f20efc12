import fs from 'node:fs/promises';
import path from 'node:path';
import type { DatabaseHandle } from './client.ts';

const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');
// Any fixed number: serialises schema changes (our migrations, the job queue's schema) when several
// processes start against one PostgreSQL.
const SCHEMA_LOCK_ID = 741_852_963;

interface Runner {
  /** Runs a multi-statement SQL script (no parameters). */
  script(text: string): Promise<void>;
  query(text: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
}

/**
 * Applies `migrations/NNN-name.sql` files not yet recorded in `schema_migrations`, in name order,
 * all in one transaction. Forward-only: a migration is never edited or undone once it has shipped.
 */
export async function migrateToLatest(handle: DatabaseHandle): Promise<string[]> {
  const files = (await fs.readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith('.sql')).sort();
  return inRawTransaction(handle, async (run) => {
    await run.script(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const applied = new Set((await run.query('SELECT name FROM schema_migrations')).map((row) => String(row.name)));
    const pending = files.filter((file) => !applied.has(file));
    for (const file of pending) {
      await run.script(await fs.readFile(path.join(MIGRATIONS_DIR, file), 'utf8'));
      await run.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
    }
    return pending;
  });
}

/**
 * Runs `work` holding the schema lock that migrations take (not inside a migration): processes starting
 * together on one PostgreSQL take turns, so pg-boss's first start creates its schema once instead of
 * racing (PostgreSQL logs the losers' errors). PGlite has one process and needs none.
 */
export async function withSchemaLock<T>(handle: DatabaseHandle, work: () => Promise<T>): Promise<T> {
  const engine = handle.engine;
  if (engine.kind === 'pglite') return work();
  // A session lock on a connection of its own: `work` runs on other connections (pg-boss has its own pool).
  const client = await engine.pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('SELECT pg_advisory_lock($1)', [SCHEMA_LOCK_ID]);
    try {
      return await work();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [SCHEMA_LOCK_ID]).catch((error: unknown) => {
        broken = error instanceof Error ? error : new Error(String(error));
      });
    }
  } finally {
    // A connection whose unlock failed is closed rather than reused, which releases the lock too.
    client.release(broken);
  }
}

async function inRawTransaction<T>(handle: DatabaseHandle, work: (run: Runner) => Promise<T>): Promise<T> {
  const engine = handle.engine;
  if (engine.kind === 'pglite') {
    return engine.pglite.transaction((tx) =>
      work({
        script: async (text) => void (await tx.exec(text)),
        query: async (text, params) => (await tx.query<Record<string, unknown>>(text, params)).rows,
      }),
    );
  }
  const client = await engine.pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK_ID]);
    const result = await work({
      // Without parameters pg uses the simple protocol, which accepts several statements.
      script: async (text) => void (await client.query(text)),
      query: async (text, params) => (await client.query<Record<string, unknown>>(text, params)).rows,
    });
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
