import type { BatchStatus } from '@mining-hub/contract/pipeline';

/** The batch status is polled every 2 s, for at most 5 minutes (SPEC.md section 9). */
export const BATCH_POLL_MS = 2_000;
export const BATCH_POLL_LIMIT_MS = 300_000;

/** A 'Process Selected' batch the page follows. */
export interface BatchRun {
  batchId: string;
  /** The articles sent; their own step buttons wait while the batch runs. */
  articleIds: ReadonlySet<number>;
  /** Selected articles the server left out because another running batch holds them. */
  skipped: number;
  /** The latest status known, from the poll or a live batch_progress message. */
  status: BatchStatus;
  /** Whether the poll still runs; it stops on completion, on a failed poll, or after BATCH_POLL_LIMIT_MS. */
  polling: boolean;
  /** Why the poll stopped before completion; a failed poll is silent (SPEC.md section 8), the time limit is said. */
  pollStopped: 'error' | 'time-limit' | null;
  /** Epoch ms of the start; the poll's time limit counts from here. */
  startedAt: number;
}

export interface BatchState {
  /** Between clicking Process Selected and the server's answer. */
  starting: boolean;
  run: BatchRun | null;
}

export type BatchEvent =
  | { type: 'start' }
  | { type: 'start-failed' }
  | {
      type: 'started';
      batchId: string;
      articleIds: readonly number[];
      articleCount: number;
      skipped: number;
      at: number;
    }
  | { type: 'status'; status: BatchStatus }
  | { type: 'poll-stopped'; reason: 'error' | 'time-limit' }
  | { type: 'dismiss' };

export const IDLE_BATCH: BatchState = { starting: false, run: null };

/** A batch is over when the server says it completed. */
export function isBatchFinished(status: BatchStatus['status']): boolean {
  return status === 'completed';
}

/** Whether the page still treats the batch as running: not completed, and still followed by the poll. */
export function isBatchActive(run: BatchRun | null): boolean {
  return run !== null && run.polling && !isBatchFinished(run.status.status);
}

/** The status before the first poll answers: nothing done yet. */
export function initialBatchStatus(batchId: string, articleCount: number): BatchStatus {
  return {
    batch_session_id: batchId,
    status: 'running',
    total_articles: articleCount,
    completed: 0,
    failed: 0,
    progress_percentage: 0,
    results: { expanded: 0, analyzed: 0, pushed_to_hubspot: 0 },
    failures: [],
  };
}

const settled = (status: BatchStatus) => status.completed + status.failed;

/**
 * The newer of two statuses of one batch. The poll and the live messages race, so an answer may arrive after a
 * later one: progress never goes backwards and a completed batch stays completed.
 */
export function newerBatchStatus(current: BatchStatus, incoming: BatchStatus): BatchStatus {
  if (isBatchFinished(current.status) && !isBatchFinished(incoming.status)) return current;
  if (settled(incoming) < settled(current) && !isBatchFinished(incoming.status)) return current;
  return incoming;
}

export function batchReducer(state: BatchState, event: BatchEvent): BatchState {
  switch (event.type) {
    case 'start':
      return { ...state, starting: true };
    case 'start-failed':
      return { ...state, starting: false };
    case 'started':
      return {
        starting: false,
        run: {
          batchId: event.batchId,
          articleIds: new Set(event.articleIds),
          skipped: event.skipped,
          status: initialBatchStatus(event.batchId, event.articleCount),
          polling: true,
          pollStopped: null,
          startedAt: event.at,
        },
      };
    case 'status': {
      const { run } = state;
      if (!run || event.status.batch_session_id !== run.batchId) return state;
      const status = newerBatchStatus(run.status, event.status);
      const finished = isBatchFinished(status.status);
      return { ...state, run: { ...run, status, polling: run.polling && !finished } };
    }
    case 'poll-stopped':
      if (!state.run?.polling) return state;
      return { ...state, run: { ...state.run, polling: false, pollStopped: event.reason } };
    case 'dismiss':
      return { ...state, run: null };
  }
}

/** The bar's width: the server's percentage, rounded and clamped to 0–100. */
export function batchPercent(batch: BatchStatus): number {
  const value = Number.isFinite(batch.progress_percentage) ? batch.progress_percentage : 0;
  return Math.max(0, Math.min(100, Math.round(value)));
}
