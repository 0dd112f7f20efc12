import { z } from 'zod';
import { declareQueue, failNoSoonerThan, JOB_HEARTBEAT, workJobs, type PgBoss } from '../../jobs/queue.ts';
import type { Logger } from '../../logging.ts';
import { RetryLater, type PipelineService } from './pipeline.service.ts';

export const PIPELINE_ARTICLE_JOB = 'pipeline-article';
const payloadSchema = z.object({ batchId: z.string().uuid(), articleId: z.number().int() });
// Enough retries, from 1 s apart growing to a minute (about 3.5 minutes in all), to outlast a service's
// bad spell; a job taken back from a dead worker also comes back after the first of these delays.
const RETRY_LIMIT = 8;
const RETRY_DELAY_SECONDS = 1;

/**
 * Declares the batch queue. Jobs survive restarts in the database; the heartbeat hands a job whose worker
 * died (kill -9) to another worker within seconds (jobs/queue.ts) instead of waiting for its expiry.
 */
export async function definePipelineJobs(boss: PgBoss, options: { retryDelaySeconds?: number } = {}): Promise<void> {
  const settings = {
    retryLimit: RETRY_LIMIT,
    retryDelay: options.retryDelaySeconds ?? RETRY_DELAY_SECONDS,
    retryBackoff: true,
    retryDelayMax: 60,
    expireInSeconds: 15 * 60,
    heartbeatSeconds: JOB_HEARTBEAT.heartbeatSeconds,
  };
  await declareQueue(boss, PIPELINE_ARTICLE_JOB, settings);
}

export function enqueuePipelineArticle(boss: PgBoss) {
  return async (batchId: string, articleId: number): Promise<void> => {
    // singletonKey: one queued job per article and batch, even if the request is retried.
    await boss.send(PIPELINE_ARTICLE_JOB, payloadSchema.parse({ batchId, articleId }), {
      singletonKey: `${batchId}:${articleId}`,
    });
  };
}

/** Runs batch articles on worker processes, `concurrency` at a time. */
export async function workPipelineJobs(
  boss: PgBoss,
  pipeline: PipelineService,
  logger: Logger,
  concurrency: number,
): Promise<void> {
  await workJobs(
    boss,
    PIPELINE_ARTICLE_JOB,
    {
      localConcurrency: concurrency,
      pollingIntervalSeconds: 0.5,
      includeMetadata: true,
      heartbeatRefreshSeconds: JOB_HEARTBEAT.refreshSeconds,
    },
    async ([job]) => {
      if (!job) return;
      const { batchId, articleId } = payloadSchema.parse(job.data);
      try {
        await pipeline.processBatchArticle(batchId, articleId, job.retryCount >= RETRY_LIMIT);
      } catch (error) {
        logger.warn(
          `batch ${batchId} article ${articleId}: ${error instanceof Error ? error.message : String(error)} (attempt ${job.retryCount + 1})`,
        );
        // The queue's own retry delay knows nothing of the service's Retry-After; a wait it asked for is kept.
        if (!(error instanceof RetryLater) || error.retryAfterMs === undefined || job.retryCount >= RETRY_LIMIT)
          throw error;
        await failNoSoonerThan(boss, PIPELINE_ARTICLE_JOB, job.id, error, Date.now() + error.retryAfterMs);
      }
    },
  );
}
