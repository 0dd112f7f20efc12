import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';
import { PreparingClient } from './prepared-statements.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

/** The open database: one Kysely query layer over either engine, plus the raw handle pg-boss needs. */
export interface DatabaseHandle {
  db: Db;
  engine: { kind: 'pglite'; pglite: PGlite } | { kind: 'postgres'; url: string; pool: pg.Pool };
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** postgres://… to use a PostgreSQL server; otherwise PGlite. */
  databaseUrl?: string | undefined;
  /** Directory of the embedded database; omitted means in memory. */
  pgliteDir?: string | undefined;
  /** A PGlite data-dir dump to start from (tests clone a migrated template this way). */
  pgliteLoadDataDir?: Blob | undefined;
  /** Told when PostgreSQL drops an idle pooled connection (a server restart, a failover). */
  onIdleConnectionError?: (error: Error) => void;
}

/** Opens PostgreSQL when a URL is given, else embedded PGlite. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const url = options.databaseUrl;
    const pool = new pg.Pool({ connectionString: url, max: 10, Client: PreparingClient });
    // Without a listener an idle connection the server terminates would crash the process; the pool
    // drops that connection and the next query opens a fresh one.
    pool.on('error', (error) => options.onIdleConnectionError?.(error));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, engine: { kind: 'postgres', url, pool }, close: () => db.destroy() };
  }
  const unlock = options.pgliteDir ? lockDataDir(options.pgliteDir) : () => undefined;
  const pglite = await PGlite.create({
    dataDir: options.pgliteDir,
    loadDataDir: options.pgliteLoadDataDir,
    // The default shared_buffers (128 MB) costs about 800 MB of memory; 16 MB keeps PGlite near 200 MB.
    postgresqlconf: ['shared_buffers=16MB'],
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
  const close = async () => {
    await db.destroy();
    unlock();
  };
  return { db, engine: { kind: 'pglite', pglite }, close };
}
