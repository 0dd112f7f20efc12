import { z } from 'zod';
import type { PgBoss } from '../../jobs/queue.ts';
import { runFetchSession, type NewsFetchDeps } from './news-fetch.ts';

export const NEWS_FETCH_JOB = 'news-fetch-session';
const payloadSchema = z.object({ sessionId: z.string().uuid() });

/** Declares the fetch queue. A fetch is not retried: a half-done session is finished as failed instead. */
export async function defineNewsJobs(boss: PgBoss): Promise<void> {
  await boss.createQueue(NEWS_FETCH_JOB, { retryLimit: 0, expireInSeconds: 15 * 60 });
}

export function enqueueNewsFetch(boss: PgBoss) {
  return async (sessionId: string): Promise<void> => {
    await boss.send(NEWS_FETCH_JOB, payloadSchema.parse({ sessionId }));
  };
}

/** Runs fetch sessions on worker processes, a few at a time. */
export async function workNewsJobs(boss: PgBoss, deps: NewsFetchDeps): Promise<void> {
  await boss.work(NEWS_FETCH_JOB, { localConcurrency: 2, pollingIntervalSeconds: 0.5 }, async ([job]) => {
    if (job) await runFetchSession(payloadSchema.parse(job.data).sessionId, deps);
  });
}
