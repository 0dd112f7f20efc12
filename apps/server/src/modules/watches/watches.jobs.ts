import { z } from 'zod';
import { workJobs, type PgBoss } from '../../jobs/queue.ts';
import type { Logger } from '../../logging.ts';
import { RUN_EXPIRY_SECONDS, type WatchesService } from './watches.service.ts';

/** Every minute, one worker's tick queues the runs of the watches that are due. */
export const WATCH_TICK_JOB = 'watch-tick';
export const WATCH_RUN_JOB = 'watch-run';
const runPayloadSchema = z.object({ runId: z.number().int() });

/**
 * Declares the tick (a pg-boss cron schedule, which sends it once a minute whichever processes run) and the
 * run queue. A run is not retried: a failure is recorded on the run and the next slot runs it again.
 */
export async function defineWatchJobs(boss: PgBoss): Promise<void> {
  await boss.createQueue(WATCH_TICK_JOB, { retryLimit: 0, expireInSeconds: 60 });
  await boss.schedule(WATCH_TICK_JOB, '* * * * *');
  await boss.createQueue(WATCH_RUN_JOB, { retryLimit: 0, expireInSeconds: RUN_EXPIRY_SECONDS });
}

export function enqueueWatchRun(boss: PgBoss) {
  return async (runId: number): Promise<void> => {
    // singletonKey: a run row is worked once, even if it were queued twice.
    await boss.send(WATCH_RUN_JOB, runPayloadSchema.parse({ runId }), { singletonKey: `run:${runId}` });
  };
}

/** Works the tick and the runs on worker processes, two runs at a time per worker. */
export async function workWatchJobs(boss: PgBoss, watches: WatchesService, logger: Logger): Promise<void> {
  await workJobs(boss, WATCH_TICK_JOB, {}, async () => {
    const queued = await watches.enqueueDue();
    if (queued > 0) logger.info(`queued ${queued} watch runs`);
  });
  await workJobs(boss, WATCH_RUN_JOB, { localConcurrency: 2, pollingIntervalSeconds: 0.5 }, async ([job]) => {
    if (job) await watches.executeRun(runPayloadSchema.parse(job.data).runId);
  });
}
