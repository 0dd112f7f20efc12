import { AsyncLocalStorage } from 'node:async_hooks';
import { PGlite, types } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Logger } from '../logging.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { alwaysAvailable, watchDatabaseAvailability, type DatabaseAvailability } from './database-outage.ts';
import { PreparingClient } from './prepared-statements.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

/** Connections of each of a PostgreSQL database's two pools (requests, background work) in one process. */
export const CONNECTIONS_PER_POOL = 10;

const backgroundWork = new AsyncLocalStorage<true>();

/**
 * Runs `work` (a background job and everything it awaits) on the database's connections for background work:
 * on PostgreSQL they are apart from the requests' (see openDatabase). PGlite has one connection for all.
 */
export function asBackgroundWork<T>(work: () => Promise<T>): Promise<T> {
  return backgroundWork.run(true, work);
}

/** The open database: one Kysely query layer over either engine, plus the raw handle pg-boss needs. */
export interface DatabaseHandle {
  db: Db;
  engine: { kind: 'pglite'; pglite: PGlite } | { kind: 'postgres'; url: string; pool: pg.Pool };
  /** Whether PostgreSQL is reachable now; the one place an outage is logged (PGlite: always up). */
  availability: DatabaseAvailability;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** postgres://… to use a PostgreSQL server; otherwise PGlite. */
  databaseUrl?: string | undefined;
  /** Directory of the embedded database; omitted means in memory. */
  pgliteDir?: string | undefined;
  /** Where a PostgreSQL outage (restart, failover) is logged, once when it starts and once when it ends. */
  logger?: Logger | undefined;
}

/** Opens PostgreSQL when a URL is given, else embedded PGlite. */
/**
 * Whether other connections (other processes) may use this database at once: PostgreSQL. PGlite has one
 * connection, whose transactions already take turns, so a lock across processes has nothing to guard there.
 */
export function sharedByProcesses(db: Db): boolean {
  return db.getExecutor().adapter.supportsMultipleConnections !== false;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const url = options.databaseUrl;
    const availability = watchDatabaseAvailability({
      probe: () => requestPool.query('SELECT 1'),
      logger: options.logger,
    });
    const openPool = () => {
      const pool = new pg.Pool({ connectionString: url, max: CONNECTIONS_PER_POOL, Client: PreparingClient });
      // Without a listener an idle connection the server terminates would crash the process; the pool
      // drops that connection and the next query opens a fresh one.
      pool.on('error', (error) => {
        if (!availability.noteFailure(error))
          options.logger?.warn(`database connection lost while idle: ${error.message}`);
      });
      // The pool listens only to idle connections. One checked out and waiting between queries (a transaction
      // holding a lock while the CRM answers) that the server terminates would emit an unhandled `error` and
      // end the process: each new connection gets a listener of its own. Its next query fails, and the pool drops it.
      pool.on('connect', (client) => {
        client.on('error', (error) => {
          if (!availability.noteFailure(error)) options.logger?.warn(`database connection lost: ${error.message}`);
        });
      });
      return pool;
    };
    // Requests and background jobs wait for connections of their own: in a process that runs both, a crowd
    // of requests queued for the connections would otherwise hold a batch's queries behind all of theirs.
    // Each pool opens connections only when its kind of work needs them.
    const requestPool = openPool();
    const backgroundPool = openPool();
    // Connections refused while the server restarts are noted too; the caller still gets the error.
    const notingPool = {
      Client: PreparingClient,
      options: requestPool.options,
      async connect() {
        try {
          return await (backgroundWork.getStore() ? backgroundPool : requestPool).connect();
        } catch (error) {
          availability.noteFailure(error);
          throw error;
        }
      },
      end: async () => void (await Promise.all([requestPool.end(), backgroundPool.end()])),
    };
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: notingPool }) });
    const close = async () => {
      availability.close();
      await db.destroy();
    };
    return { db, engine: { kind: 'postgres', url, pool: requestPool }, availability, close };
  }
  const unlock = options.pgliteDir ? lockDataDir(options.pgliteDir) : () => undefined;
  const pglite = await PGlite.create({
    dataDir: options.pgliteDir,
    // The default shared_buffers (128 MB) costs about 800 MB of memory; 16 MB keeps PGlite near 200 MB.
    postgresqlconf: ['shared_buffers=16MB'],
    // bytea as node-postgres has it, a Buffer both ways: PGlite's own writes a parameter out as hex text and
    // reads a value back from it a byte at a time in JavaScript, slow for the evaluation's stored results.
    serializers: { [types.BYTEA]: asBytes },
    parsers: { [types.BYTEA]: (text: string) => Buffer.from(text.slice(2), 'hex') },
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
  const close = async () => {
    await db.destroy();
    unlock();
  };
  return { db, engine: { kind: 'pglite', pglite }, availability: alwaysAvailable, close };
}

/**
 * A bytea parameter for PGlite: its protocol writer sends a Uint8Array as the bytes themselves (binary format),
 * as node-postgres sends a Buffer; PGlite's serializer type says string only.
 */
function asBytes(value: unknown): string {
  if (!(value instanceof Uint8Array)) throw new TypeError('A bytea parameter must be a Uint8Array');
  return value as unknown as string;
}
