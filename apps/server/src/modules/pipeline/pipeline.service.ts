import crypto from 'node:crypto';
import { canSeeDataOf, ownerFilterFor, type Viewer } from '@mining-hub/contract/auth';
import type { Article } from '@mining-hub/contract/news';
import type { ArticleStatus } from '@mining-hub/contract/articles';
import type { LiveMessage } from '@mining-hub/contract/live';
import { MAX_BATCH_FAILURES_LISTED, type BatchMode, type BatchStatus } from '@mining-hub/contract/pipeline';
import { invalidStatus, notFound } from '../../errors.ts';
import type { LiveBus } from '../../live/live-bus.ts';
import type { StoriesService } from '../stories/stories.service.ts';
import { nextStep as nextStepOf, type PipelineSteps } from './pipeline-steps.ts';
import type { PipelineRepository, PipelineStep } from './pipeline.repository.ts';

export interface PipelineServiceDeps {
  repository: PipelineRepository;
  /** Reads an article back after a step (the news service provides it). */
  news: { findArticle(id: number): Promise<Article | undefined> };
  /** A copy stands for its story: steps run on the story's primary article, once for every copy. */
  stories: Pick<StoriesService, 'primaryOf'>;
  steps: PipelineSteps;
  bus: LiveBus;
  /** Queues one article of a batch. */
  enqueueArticle: (batchId: string, articleId: number) => Promise<void>;
}

/** The article steps on demand (the card's buttons) and batches (Process Selected). */
export function createPipelineService(deps: PipelineServiceDeps) {
  const primaryOf = async (articleId: number) =>
    (await deps.stories.primaryOf([articleId])).get(articleId) ?? articleId;

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
      failures: counts.failed > 0 ? await deps.repository.batchFailures(batchId, MAX_BATCH_FAILURES_LISTED) : [],
    };
  }

  return {
    /**
     * Runs one step now and answers with the article; 409 when its status does not allow the step. A copy's
     * step runs on its story's primary (analysed once, pushed once, whichever copy was chosen).
     */
    async runStep(viewer: Viewer, step: PipelineStep, copyId: number): Promise<Article> {
      const articleId = await primaryOf(copyId);
      await visibleArticle(viewer, articleId);
      const outcome = await deps.steps.run(step, articleId, { finalAttempt: true, actorId: viewer.id });
      if (outcome.kind === 'refused') throw invalidStatus(outcome.reason);
      // The step ran on the story's primary as it was when claimed: an earlier copy may have taken over since the
      // look-up above (the step followed it), and it cannot change once claimed.
      const shownId = await primaryOf(copyId);
      const article = await deps.news.findArticle(shownId);
      if (!article) throw notFound(`Article ${shownId} not found`);
      return article;
    },

    /**
     * Starts a batch over the user's selected articles; each runs as a job the steps `mode` allows: all that
     * remain (process), up to the analysis (analyse), or the push of analysed articles only (push).
     */
    async startBatch(viewer: Viewer, selectedIds: number[], mode: BatchMode) {
      // Copies of one story are one batch item: their story's primary.
      const primaries = await deps.stories.primaryOf(selectedIds);
      const articleIds = [...new Set(selectedIds.map((id) => primaries.get(id) ?? id))];
      const visible = await deps.repository.visibleArticleIds(ownerFilterFor(viewer), articleIds);
      const unknown = articleIds.filter((id) => !visible.has(id));
      if (unknown.length > 0) throw notFound(`Articles not found: ${listOf(unknown)}`);
      if (mode === 'push') {
        const statuses = await deps.repository.statuses(articleIds);
        const unready = articleIds.filter((id) => !PUSHABLE.has(statuses.get(id) ?? ''));
        if (unready.length > 0) {
          throw invalidStatus(`Only analysed articles can be pushed; not analysed yet: ${listOf(unready)}`);
        }
      }
      const batchId = crypto.randomUUID();
      const queued = await deps.repository.createBatch(batchId, viewer.id, articleIds, mode);
      for (const articleId of queued) await deps.enqueueArticle(batchId, articleId);
      await deps.repository.markBatchFinishedIfDone(batchId);
      // The cards of the queued articles now say so (one message for the lot, not one per article).
      if (queued.length > 0) deps.bus.publish('all', { type: 'articles_updated' });
      return { batchId, articleCount: queued.length, skippedCount: selectedIds.length - queued.length };
    },

    /**
     * A `batch_progress` for each of the user's batches running or finished in the last minutes, read from the
     * database: what a live socket that (re)connects or missed messages is sent first, so its page ends in the
     * true state.
     */
    async progressCatchUp(userId: number): Promise<LiveMessage[]> {
      const since = new Date(Date.now() - CATCH_UP_WINDOW_MS);
      const batchIds = await deps.repository.recentBatchIds(userId, since, CATCH_UP_MAX_BATCHES);
      const messages: LiveMessage[] = [];
      for (const batchId of batchIds.reverse()) {
        messages.push({ type: 'batch_progress', batch_session_id: batchId, data: await batchStatus(batchId) });
      }
      return messages;
    },

    /** Batch progress (SPEC.md section 3); only its owner (and admins) see it. */
    async getBatchStatus(viewer: Viewer, batchId: string): Promise<BatchStatus> {
      const batch = await deps.repository.findBatch(batchId);
      if (!batch || !canSeeDataOf(viewer, batch.user_id)) throw notFound(`Batch ${batchId} not found`);
      return batchStatus(batchId);
    },

    /**
     * Runs the remaining steps of one batch article that its batch's mode allows; a transient failure is
     * thrown for the queue to retry.
     */
    async processBatchArticle(batchId: string, articleId: number, finalAttempt: boolean): Promise<void> {
      const batch = await deps.repository.findBatch(batchId);
      if (!batch) return;
      let failure: string | null = null;
      for (let guard = 0; guard < 3; guard++) {
        // The item was queued for its story's primary then; an earlier copy may have taken over while it waited.
        const primaryId = await primaryOf(articleId);
        const current = await deps.repository.status(primaryId);
        const step = current ? nextStepOf(current.status) : undefined;
        if (!step) break;
        if (!BATCH_STEPS[batch.mode].includes(step)) {
          // An analyse batch is done once the article is analysed; a push batch pushes analysed articles only.
          if (batch.mode === 'push') failure = `Article ${primaryId} is ${current?.status}: not analysed yet`;
          break;
        }
        const outcome = await deps.steps.run(step, primaryId, { finalAttempt, actorId: batch.user_id });
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

/** Batches a catch-up reports: running, or finished this recently (as for fetch sessions), at most this many. */
const CATCH_UP_WINDOW_MS = 10 * 60_000;
const CATCH_UP_MAX_BATCHES = 5;

/** The steps each batch mode runs, in order. */
const BATCH_STEPS: Record<BatchMode, readonly PipelineStep[]> = {
  process: ['expand', 'analyse', 'push'],
  analyse: ['expand', 'analyse'],
  push: ['push'],
};
/** Statuses a push batch takes: analysed, a failed push to retry, or pushed already (counted done, not pushed again). */
const PUSHABLE: ReadonlySet<string> = new Set<ArticleStatus>(['summarised', 'failed_push', 'pushed_to_hubspot']);

const listOf = (ids: number[]) => `${ids.slice(0, 20).join(', ')}${ids.length > 20 ? ', …' : ''}`;

/** A transient failure the job queue should retry later. */
export class RetryLater extends Error {
  readonly retryAfterMs: number | undefined;
  constructor(message: string, retryAfterMs: number | undefined) {
    super(message);
    this.retryAfterMs = retryAfterMs;
  }
}
