import { z } from 'zod';
import type { PgBoss } from '../../jobs/queue.ts';
import type { Logger } from '../../logging.ts';
import type { PipelineService } from './pipeline.service.ts';

export const PIPELINE_ARTICLE_JOB = 'pipeline-article';
const payloadSchema = z.object({ batchId: z.string().uuid(), articleId: z.number().int() });
// Enough retries, 5 s apart and growing to a minute, to outlast a claim left by a worker that died (90 s).
const RETRY_LIMIT = 8;

/**
 * Declares the batch queue. Jobs survive restarts in the database; a heartbeat lets the queue hand a job
 * whose worker died (kill -9) to another worker within about a minute instead of waiting for expiry.
 */
export async function definePipelineJobs(boss: PgBoss): Promise<void> {
  await boss.createQueue(PIPELINE_ARTICLE_JOB, {
    retryLimit: RETRY_LIMIT,
    retryDelay: 5,
    retryBackoff: true,
    retryDelayMax: 60,
    expireInSeconds: 15 * 60,
    heartbeatSeconds: 30,
  });
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
  await boss.work(
    PIPELINE_ARTICLE_JOB,
    { localConcurrency: concurrency, pollingIntervalSeconds: 0.5, includeMetadata: true },
    async ([job]) => {
      if (!job) return;
      const { batchId, articleId } = payloadSchema.parse(job.data);
      try {
        await pipeline.processBatchArticle(batchId, articleId, job.retryCount >= RETRY_LIMIT);
      } catch (error) {
        logger.warn(
          `batch ${batchId} article ${articleId}: ${error instanceof Error ? error.message : String(error)} (attempt ${job.retryCount + 1})`,
        );
        throw error;
      }
    },
  );
}
