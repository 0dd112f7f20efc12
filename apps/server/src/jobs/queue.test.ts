import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSilentLogger } from '../logging.ts';
import { defineAuthJobs, PURGE_SESSIONS_JOB, workAuthJobs } from '../modules/auth/auth.jobs.ts';
import { createServices } from '../services.ts';
import { createTestDatabase, testEngines, type TestDatabase } from '../../test/test-database.ts';
import { startJobQueue, type PgBoss } from './queue.ts';

describe.each(testEngines)('job queue on %s', (engine) => {
  let database: TestDatabase;
  let boss: PgBoss;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    boss = await startJobQueue(database.handle, createSilentLogger());
  });
  afterAll(async () => {
    await boss.stop({ graceful: false, close: true });
    await database.drop();
  });

  it('runs the session clean-up job, which removes expired sessions only', async () => {
    const services = createServices(database.handle.db);
    const user = await services.auth.addUser({
      email: 'jobs@example.com',
      name: 'Jobs',
      role: 'member',
      password: 'password-1234',
    });
    const db = database.handle.db;
    const now = Date.now();
    await db
      .insertInto('sessions')
      .values([
        {
          id: 'expired',
          user_id: user.id,
          last_seen_at: new Date(now - 2 * 3600_000),
          expires_at: new Date(now + 3600_000),
        },
        { id: 'live', user_id: user.id, last_seen_at: new Date(now), expires_at: new Date(now + 3600_000) },
      ])
      .execute();

    await defineAuthJobs(boss);
    await workAuthJobs(boss, services.auth, createSilentLogger());
    const jobId = await boss.send(PURGE_SESSIONS_JOB, {});
    expect(jobId).toBeTruthy();

    const deadline = Date.now() + 20_000;
    let state: string | undefined;
    while (Date.now() < deadline) {
      state = (await boss.getJobById(PURGE_SESSIONS_JOB, String(jobId)))?.state;
      if (state === 'completed' || state === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(state).toBe('completed');
    const remaining = await db.selectFrom('sessions').select('id').orderBy('id').execute();
    expect(remaining.map((row) => row.id)).toEqual(['live']);
  });
});
