import crypto from 'node:crypto';
import { canSeeDataOf, ownerFilterFor, type Viewer } from '@mining-hub/contract/auth';
import type { Article } from '@mining-hub/contract/news';
import type { BatchStatus } from '@mining-hub/contract/pipeline';
import { invalidStatus, notFound } from '../../errors.ts';
import type { LiveBus } from '../../live/live-bus.ts';
import { nextStep as nextStepOf, type PipelineSteps } from './pipeline-steps.ts';
import type { PipelineRepository, PipelineStep } from './pipeline.repository.ts';

export interface PipelineServiceDeps {
  repository: PipelineRepository;
  /** Reads an article back after a step (the news repository provides it). */
  news: { findArticle(id: number): Promise<Article | undefined> };
  steps: PipelineSteps;
  bus: LiveBus;
  /** Queues one article of a batch. */
  enqueueArticle: (batchId: string, articleId: number) => Promise<void>;
  /** The local CRM outbox as CSV: the notes of what `pushedBy` pushed, or all of them (undefined). */
  exportOutbox: (pushedBy: number | undefined) => Promise<string>;
}

/** The article steps on demand (the card's buttons) and batches (Process Selected). */
export function createPipelineService(deps: PipelineServiceDeps) {
  async function visibleArticle(viewer: Viewer, articleId: number): Promise<void> {
    const visible = await deps.repository.visibleArticleIds(ownerFilterFor(viewer), [articleId]);
    if (!visible.has(articleId)) throw notFound(`Article ${articleId} not found`);
  }

  async function batchStatus(batchId: string): Promise<BatchStatus> {
    const batch = await deps.repository.findBatch(batchId);
    if (!batch) throw notFound(`Batch ${batchId} not found`);
    const counts = await deps.repository.batchCounts(batchId);
    const finished = counts.done + counts.failed;
    return {
      batch_session_id: batchId,
      status: batch.finished_at || finished >= batch.total ? 'completed' : 'running',
      total_articles: batch.total,
      completed: counts.done,
      failed: counts.failed,
      progress_percentage: batch.total === 0 ? 100 : Math.round((1000 * finished) / batch.total) / 10,
      results: { expanded: counts.expanded, analyzed: counts.analyzed, pushed_to_hubspot: counts.pushed },
    };
  }

  return {
    /** Runs one step now and answers with the article; 409 when its status does not allow the step. */
    async runStep(viewer: Viewer, step: PipelineStep, articleId: number): Promise<Article> {
      await visibleArticle(viewer, articleId);
      const outcome = await deps.steps.run(step, articleId, { finalAttempt: true, actorId: viewer.id });
      if (outcome.kind === 'refused') throw invalidStatus(outcome.reason);
      const article = await deps.news.findArticle(articleId);
      if (!article) throw notFound(`Article ${articleId} not found`);
      return article;
    },

    /** Starts a batch over the user's selected articles; each runs its remaining steps as a job. */
    async processSelected(viewer: Viewer, articleIds: number[]) {
      const visible = await deps.repository.visibleArticleIds(ownerFilterFor(viewer), articleIds);
      const unknown = articleIds.filter((id) => !visible.has(id));
      if (unknown.length > 0) {
        throw notFound(`Articles not found: ${unknown.slice(0, 20).join(', ')}${unknown.length > 20 ? ', …' : ''}`);
      }
      const batchId = crypto.randomUUID();
      const queued = await deps.repository.createBatch(batchId, viewer.id, articleIds);
      for (const articleId of queued) await deps.enqueueArticle(batchId, articleId);
      await deps.repository.markBatchFinishedIfDone(batchId);
      return { batchId, articleCount: queued.length, skippedCount: articleIds.length - queued.length };
    },

    /** The CRM outbox as CSV: a member's holds the notes of what they pushed, an admin's holds all. */
    exportOutbox(viewer: Viewer): Promise<string> {
      return deps.exportOutbox(ownerFilterFor(viewer));
    },

    /** Batch progress (SPEC.md section 3); only its owner (and admins) see it. */
    async getBatchStatus(viewer: Viewer, batchId: string): Promise<BatchStatus> {
      const batch = await deps.repository.findBatch(batchId);
      if (!batch || !canSeeDataOf(viewer, batch.user_id)) throw notFound(`Batch ${batchId} not found`);
      return batchStatus(batchId);
    },

    /** Runs the remaining steps of one batch article; a transient failure is thrown for the queue to retry. */
    async processBatchArticle(batchId: string, articleId: number, finalAttempt: boolean): Promise<void> {
      const batch = await deps.repository.findBatch(batchId);
      if (!batch) return;
      let failure: string | null = null;
      for (let guard = 0; guard < 3; guard++) {
        const current = await deps.repository.status(articleId);
        const step = current ? nextStepOf(current.status) : undefined;
        if (!step) break;
        const outcome = await deps.steps.run(step, articleId, { finalAttempt, actorId: batch.user_id });
        if (outcome.kind === 'retry') throw new RetryLater(outcome.reason, outcome.retryAfterMs);
        if (outcome.kind === 'refused') throw new RetryLater(outcome.reason, 5_000);
        if (outcome.kind === 'failed') {
          failure = outcome.reason;
          break;
        }
      }
      if (await deps.repository.finishItem(batchId, articleId, failure ? 'failed' : 'done', failure)) {
        await deps.repository.markBatchFinishedIfDone(batchId);
        const status = await batchStatus(batchId);
        deps.bus.publish(
          { userId: batch.user_id },
          { type: 'batch_progress', batch_session_id: batchId, data: status },
        );
        deps.bus.publish({ userId: batch.user_id }, { type: 'articles_updated' });
      }
    },
  };
}
export type PipelineService = ReturnType<typeof createPipelineService>;

/** A transient failure the job queue should retry later. */
export class RetryLater extends Error {
  readonly retryAfterMs: number | undefined;
  constructor(message: string, retryAfterMs: number | undefined) {
    super(message);
    this.retryAfterMs = retryAfterMs;
  }
}
