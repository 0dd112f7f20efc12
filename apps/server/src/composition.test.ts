import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngines, type TestDatabase } from '../test/test-database.ts';
import { compose, type Composition } from './composition.ts';
import { createSilentLogger } from './logging.ts';
import { PURGE_SESSIONS_JOB } from './modules/auth/auth.jobs.ts';
import { NEWS_FETCH_JOB } from './modules/news/news.jobs.ts';
import { PIPELINE_ARTICLE_JOB } from './modules/pipeline/pipeline.jobs.ts';

const API_CONFIG = { publicOrigin: undefined, trustProxy: false, webDistDir: '/nonexistent' };

describe.each(testEngines)('the composition root on %s', (engine) => {
  let database: TestDatabase | undefined;
  let server: Composition | undefined;
  afterEach(async () => {
    await server?.close({ graceful: false, close: true });
    await database?.drop();
    server = undefined;
    database = undefined;
  });

  const composeRole = async (role: 'api' | 'worker') => {
    database = await createTestDatabase(engine);
    server = await compose({
      database: database.handle,
      logger: createSilentLogger(),
      postgresUrl: database.url,
      jobQueue: true,
      services: {},
      api: role === 'api' ? { config: API_CONFIG } : undefined,
      jobs: { work: role === 'worker', sessionPurge: true, news: { sources: [] }, pipeline: { concurrency: 2 } },
    });
    return { server, db: database.handle.db };
  };

  it('an api role declares every queue and the session purge schedule, seeds the prompt and serves', async () => {
    const { server } = await composeRole('api');
    const queues = (await server.boss?.getQueues())?.map((queue) => queue.name);
    expect(queues).toEqual(expect.arrayContaining([PURGE_SESSIONS_JOB, NEWS_FETCH_JOB, PIPELINE_ARTICLE_JOB]));
    expect(await server.boss?.getSchedules(PURGE_SESSIONS_JOB)).toHaveLength(1);
    expect((await server.services.prompts.getActivePrompt()).is_active).toBe(true);
    const health = await server.app?.inject({ method: 'GET', url: '/health' });
    expect(health?.json()).toMatchObject({ status: 'ok' });
  });

  it('a worker role builds no HTTP app and runs the session purge', async () => {
    const { server, db } = await composeRole('worker');
    expect(server.app).toBeUndefined();
    const user = await server.services.auth.addUser({
      email: 'worker@example.com',
      name: 'Worker',
      role: 'member',
      password: 'password-1234',
    });
    const now = Date.now();
    await db
      .insertInto('sessions')
      .values({
        id: 'expired',
        user_id: user.id,
        last_seen_at: new Date(now - 2 * 3600_000),
        expires_at: new Date(now + 3600_000),
      })
      .execute();
    const jobId = String(await server.boss?.send(PURGE_SESSIONS_JOB, {}));
    await expect
      .poll(async () => (await server.boss?.getJobById(PURGE_SESSIONS_JOB, jobId))?.state, { timeout: 20_000 })
      .toBe('completed');
    expect(await db.selectFrom('sessions').select('id').execute()).toEqual([]);
  });
});
