import { CompiledQuery, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asBackgroundWork, CONNECTIONS_PER_POOL } from './client.ts';
import { preparedStatement } from './prepared-statements.ts';
import { until } from '../../test/processes.ts';
import { createTestDatabase, testEngines, type TestDatabase } from '../../test/test-database.ts';

describe.runIf(testEngines.includes('postgres'))('PostgreSQL connections', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  });
  afterAll(async () => database.drop());

  it('survives the server terminating idle pooled connections (a restart or failover): the next query reconnects', async () => {
    const { db } = database.handle;
    await Promise.all([1, 2, 3].map(() => sql`SELECT pg_sleep(0.05)`.execute(db))); // several idle connections
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const name = new URL(database.url ?? '').pathname.slice(1);
    const terminated = await admin.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [name],
    );
    await admin.end();
    expect(terminated.rowCount).toBeGreaterThan(0);
    // The pool hears of it: it drops the terminated idle connections.
    const { engine } = database.handle;
    if (engine.kind !== 'postgres') throw new Error('expected PostgreSQL');
    await until('the pool to drop them', async () => (engine.pool.idleCount === 0 ? true : undefined), 5_000);
    const result = await sql<{ one: number }>`SELECT 1 AS one`.execute(db);
    expect(result.rows[0]?.one).toBe(1);
  });

  it('runs registered statements as named prepared statements, and other texts as plain queries', async () => {
    const text = preparedStatement('test_double', 'SELECT $1::integer * 2 AS doubled');
    const rows = await database.handle.db.transaction().execute(async (tx) => {
      // One transaction keeps one connection, whose prepared statements pg_prepared_statements lists.
      for (const value of [1, 2]) {
        const { rows: result } = await tx.executeQuery(
          CompiledQuery.raw(text, [value]) as CompiledQuery<{ doubled: number }>,
        );
        expect(result[0]?.doubled).toBe(value * 2);
      }
      await sql`SELECT ${'not registered'}::text AS plain`.execute(tx);
      return (await sql<{ name: string }>`SELECT name FROM pg_prepared_statements`.execute(tx)).rows;
    });
    expect(rows.map((row) => row.name)).toEqual(['test_double']);
    expect(() => preparedStatement('test_double', 'SELECT 2')).toThrow(/another text/);
  });

  it("runs a background job's queries on connections of their own while requests hold every other one", async () => {
    const { db } = database.handle;
    const lockKey = 7_301_001;
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    await holder.query('SELECT pg_advisory_lock($1)', [lockKey]);
    try {
      // Requests take every request connection, and more wait in line behind them.
      const finished: string[] = [];
      const requests = Array.from({ length: CONNECTIONS_PER_POOL + 5 }, () =>
        sql`SELECT pg_advisory_lock_shared(${lockKey}), pg_advisory_unlock_shared(${lockKey})`
          .execute(db)
          .then(() => void finished.push('request')),
      );
      await until(
        'the requests to hold their connections',
        async () => {
          const waiting = await holder.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_locks
             WHERE locktype = 'advisory' AND NOT granted
               AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
          );
          return waiting.rows[0]?.n === CONNECTIONS_PER_POOL ? true : undefined;
        },
        10_000,
      );
      // A job's query does not wait behind them (on one pool it would wait until the lock goes).
      let job: unknown;
      void asBackgroundWork(async () => (await sql<{ one: number }>`SELECT 1 AS one`.execute(db)).rows).then(
        (rows) => (job = rows),
      );
      await until("the job's query", async () => job, 10_000);
      expect(job).toEqual([{ one: 1 }]);
      expect(finished).toEqual([]);
      await holder.query('SELECT pg_advisory_unlock($1)', [lockKey]);
      await Promise.all(requests);
      expect(finished).toHaveLength(CONNECTIONS_PER_POOL + 5);
    } finally {
      await holder.end(); // its lock goes with it, so nothing is left waiting
    }
  });
});

describe.each(testEngines)('bytea on %s', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => database.drop());

  it('takes a Buffer parameter as its bytes and gives a Buffer back, every byte value and none', async () => {
    const bytes = Buffer.from(Array.from({ length: 512 }, (_, i) => i % 256));
    const result = await sql<{
      back: Buffer;
      length: number;
      empty: Buffer;
    }>`SELECT ${bytes}::bytea AS back, length(${bytes}::bytea) AS length, ${Buffer.alloc(0)}::bytea AS empty`.execute(
      database.handle.db,
    );
    const row = result.rows[0];
    expect(row?.length).toBe(512);
    expect(Buffer.isBuffer(row?.back) && row.back.equals(bytes)).toBe(true);
    expect(Buffer.isBuffer(row?.empty) && row.empty.length).toBe(0);
  });
});
