import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    await new Promise((resolve) => setTimeout(resolve, 200)); // the pool hears of it
    const result = await sql<{ one: number }>`SELECT 1 AS one`.execute(db);
    expect(result.rows[0]?.one).toBe(1);
  });
});
