import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveMessage } from '@mining-hub/contract/live';
import type { NewsSource } from '../../adapters/news-sources/news-source.ts';
import { startNewsFetch } from '../../../test/news-fetch-session.ts';
import { until } from '../../../test/processes.ts';
import { createTestApp, signIn, type TestApp } from '../../../test/test-app.ts';
import { NEWS_FETCH_JOB } from './news.jobs.ts';

/**
 * A fetch whose worker dies is run once more (scale-out.test.ts kills one for real). When the worker of that
 * attempt dies too, pg-boss fails the job again, as it does for a stopped heartbeat: here it is failed the
 * same way while a source holds the fetch, and the session must end as failed instead of running for good.
 */
describe('a fetch lost with its worker on every attempt', () => {
  let t: TestApp;
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  const messages: LiveMessage[] = [];
  const heldSource: NewsSource = {
    name: 'Held wire',
    filtersServerSide: false,
    async *fetchPages() {
      await released;
      yield* [];
    },
  };

  beforeAll(async () => {
    t = await createTestApp('pglite', { newsSources: [heldSource] });
    t.bus.subscribe(({ message }) => void messages.push(message));
  });
  afterAll(async () => {
    release();
    await t.close();
  });

  const boss = () => {
    if (!t.boss) throw new Error('the test app runs jobs');
    return t.boss;
  };
  /** The fetch's job once a worker runs it for the given attempt (0 the first). */
  const runningAttempt = (attempt: number) =>
    until(
      `attempt ${attempt + 1} to run`,
      async () =>
        (await boss().findJobs(NEWS_FETCH_JOB)).find((job) => job.state === 'active' && job.retryCount === attempt),
      15_000,
    );

  it('ends the session as failed, and the page hears it, instead of leaving it running', async () => {
    const { cookie } = await signIn(t);
    const sessionId = await startNewsFetch(t, cookie);

    const first = await runningAttempt(0);
    await boss().fail(NEWS_FETCH_JOB, first.id, { message: 'heartbeat stopped' });
    const second = await runningAttempt(1); // run again, as on another worker
    await boss().fail(NEWS_FETCH_JOB, second.id, { message: 'heartbeat stopped' });

    const ended = await until(
      'the session to end',
      async () =>
        messages.find(
          (message) =>
            message.type === 'progress_update' && message.session_id === sessionId && message.data.status !== 'running',
        ),
      20_000,
    );
    expect(ended).toMatchObject({ data: { status: 'failed', message: 'Error occurred' } });
    const stored = await t.database.handle.db
      .selectFrom('news_sessions')
      .select(['status', 'finished_at'])
      .where('id', '=', sessionId)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe('failed');
    expect(stored.finished_at).not.toBeNull();
  });
});
