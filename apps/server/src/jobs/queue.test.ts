import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchDatabaseAvailability } from '../db/database-outage.ts';
import { createSilentLogger } from '../logging.ts';
import { defineAuthJobs, PURGE_SESSIONS_JOB, workAuthJobs } from '../modules/auth/auth.jobs.ts';
import { createServices } from '../services.ts';
import { createTestDatabase, testEngines, type TestDatabase } from '../../test/test-database.ts';
import { reportQueueError, startJobQueue, type PgBoss } from './queue.ts';

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

describe('the job queue error listener', () => {
  const adminShutdown = () =>
    Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });

  it('counts an outage pg-boss wrapped in an error of its own as the outage, and logs any other error', () => {
    const errors: string[] = [];
    const outageWarnings: string[] = [];
    const availability = watchDatabaseAvailability({
      probe: () => Promise.reject(adminShutdown()),
      logger: { warn: (line: string) => void outageWarnings.push(line) },
      probeIntervalMs: 60_000,
    });
    const report = reportQueueError(availability, pino({}, { write: (line: string) => void errors.push(line) }));

    // What pg-boss emits when a schedule fired during a PostgreSQL restart.
    const cause = adminShutdown();
    report(
      new Error(`Warning: schedules fired but their last job id could not be recorded: ${cause.message}`, { cause }),
    );
    report(adminShutdown());
    expect(errors).toEqual([]);
    expect(availability.state).toBe('down');
    expect(outageWarnings).toEqual([
      'database unavailable; retrying (terminating connection due to administrator command)',
    ]);

    report(
      new Error('queue bookkeeping failed', { cause: Object.assign(new Error('duplicate key'), { code: '23505' }) }),
    );
    report(new Error('no such queue'));
    expect(errors.map((line) => JSON.parse(line) as { msg: string; err: { message: string } })).toEqual([
      expect.objectContaining({
        msg: 'job queue error',
        err: expect.objectContaining({ message: 'queue bookkeeping failed: duplicate key' }),
      }),
      expect.objectContaining({ msg: 'job queue error', err: expect.objectContaining({ message: 'no such queue' }) }),
    ]);
    availability.close();
  });
});
