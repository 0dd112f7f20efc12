import { z } from 'zod';
import { declareQueue, JOB_HEARTBEAT, workJobs, type PgBoss } from '../../jobs/queue.ts';
import type { Logger } from '../../logging.ts';
import type { EvaluationRunner } from './evaluation.runner.ts';

export const EVALUATION_RUN_JOB = 'evaluation-run';
const payloadSchema = z.object({ runId: z.number().int().positive() });

/**
 * One job per run. A worker that dies mid-run loses nothing stored: the job comes back (heartbeat) and the
 * run goes on with the articles it had not scored.
 */
export async function defineEvaluationJobs(boss: PgBoss): Promise<void> {
  await declareQueue(boss, EVALUATION_RUN_JOB, {
    retryLimit: 3,
    retryDelay: 2,
    expireInSeconds: 4 * 60 * 60,
    heartbeatSeconds: JOB_HEARTBEAT.heartbeatSeconds,
  });
}

export function enqueueEvaluationRun(boss: PgBoss) {
  return async (runId: number): Promise<void> => {
    await boss.send(EVALUATION_RUN_JOB, payloadSchema.parse({ runId }), { singletonKey: `evaluation-${runId}` });
  };
}

/** Runs evaluation runs on a worker, one at a time per process (each run has its own AI concurrency). */
export async function workEvaluationJobs(boss: PgBoss, runner: EvaluationRunner, logger: Logger): Promise<void> {
  await workJobs(
    boss,
    EVALUATION_RUN_JOB,
    {
      localConcurrency: 1,
      pollingIntervalSeconds: 0.5,
      heartbeatRefreshSeconds: JOB_HEARTBEAT.refreshSeconds,
    },
    async ([job]) => {
      if (!job) return;
      const { runId } = payloadSchema.parse(job.data);
      const started = performance.now();
      await runner.execute(runId);
      logger.info(`evaluation run ${runId} took ${Math.round(performance.now() - started)} ms`);
    },
  );
}
