import { z } from 'zod';
import { declareQueue, JOB_HEARTBEAT, workJobs, type PgBoss } from '../../jobs/queue.ts';
import { abandonFetchSession, runFetchSession, type NewsFetchDeps } from './news-fetch.ts';

export const NEWS_FETCH_JOB = 'news-fetch-session';
/** Fetches whose every attempt was lost with its worker land here (pg-boss's dead letter queue). */
export const NEWS_FETCH_ABANDONED_JOB = 'news-fetch-abandoned';
const payloadSchema = z.object({ sessionId: z.string().uuid() });

/**
 * Declares the fetch queue. A fetch that fails does so itself: its session is finished as failed, and the job
 * is not run again. A fetch whose worker died (kill -9, a lost machine) stops its heartbeat: another worker
 * runs it again within seconds (jobs/queue.ts) and finishes the session. Running again is safe: articles are
 * stored once by source key and a session links each article once. If that worker dies too, the job goes to
 * NEWS_FETCH_ABANDONED_JOB, which ends the session as failed instead of leaving it running for good.
 */
export async function defineNewsJobs(boss: PgBoss): Promise<void> {
  const settings = {
    retryLimit: 1,
    retryDelay: 1,
    expireInSeconds: 15 * 60,
    heartbeatSeconds: JOB_HEARTBEAT.heartbeatSeconds,
    deadLetter: NEWS_FETCH_ABANDONED_JOB,
  };
  await declareQueue(boss, NEWS_FETCH_ABANDONED_JOB, { retryLimit: 3, retryDelay: 5 });
  await declareQueue(boss, NEWS_FETCH_JOB, settings);
}

export function enqueueNewsFetch(boss: PgBoss) {
  return async (sessionId: string): Promise<void> => {
    await boss.send(NEWS_FETCH_JOB, payloadSchema.parse({ sessionId }));
  };
}

/**
 * Runs fetch sessions on worker processes, a few at a time. `ingesting` hears when one starts and ends, so work
 * that shares this process (on PGlite, its one database thread too) can wait for it.
 */
export async function workNewsJobs(
  boss: PgBoss,
  deps: NewsFetchDeps,
  ingesting?: { start(): void; end(): void },
): Promise<void> {
  await workJobs(
    boss,
    NEWS_FETCH_JOB,
    { localConcurrency: 2, pollingIntervalSeconds: 0.5, heartbeatRefreshSeconds: JOB_HEARTBEAT.refreshSeconds },
    async ([job]) => {
      if (!job) return;
      ingesting?.start();
      try {
        await runFetchSession(payloadSchema.parse(job.data).sessionId, deps);
      } finally {
        ingesting?.end();
      }
    },
  );
  await workJobs(boss, NEWS_FETCH_ABANDONED_JOB, { pollingIntervalSeconds: 2 }, async ([job]) => {
    if (job) await abandonFetchSession(payloadSchema.parse(job.data).sessionId, deps);
  });
}
