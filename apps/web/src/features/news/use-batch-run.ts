import { batchStatusSchema, type BatchStatus } from '@mining-hub/contract/pipeline';
import { useEffect, useEffectEvent, useReducer } from 'react';
import { useLiveMessage } from '../../lib/live-context.tsx';
import { fetchBatchStatus, useStartBatch } from './api.ts';
import {
  BATCH_POLL_LIMIT_MS,
  BATCH_POLL_MS,
  batchReducer,
  initialBatchStatus,
  isBatchFinished,
  type BatchState,
} from './batch-status.ts';
import type { RememberedBatch } from './page-memory.ts';

function initialState(remembered: RememberedBatch | null): BatchState {
  if (!remembered) return { starting: false, run: null };
  return {
    starting: false,
    run: {
      batchId: remembered.batchId,
      articleIds: new Set(remembered.articleIds),
      skipped: remembered.skipped,
      status: initialBatchStatus(remembered.batchId, remembered.articleCount),
      polling: true,
      pollStopped: null,
      startedAt: remembered.startedAt,
    },
  };
}

/** The batch as the page memory keeps it: only while it runs, so a finished batch is not shown again later. */
export function rememberedBatch(state: BatchState): RememberedBatch | null {
  const { run } = state;
  if (!run || !run.polling || isBatchFinished(run.status.status)) return null;
  return {
    batchId: run.batchId,
    articleIds: [...run.articleIds],
    articleCount: run.status.total_articles,
    skipped: run.skipped,
    startedAt: run.startedAt,
  };
}

/**
 * 'Process Selected' (SPEC.md section 4): starts a batch, then follows it by polling its status every 2 s until it
 * completes or a poll fails, for at most 5 minutes, and by the live batch_progress messages. `onCompleted` runs
 * once the batch completes. Starting and polling fail silently (console, SPEC.md section 8).
 */
export function useBatchRun({
  remembered,
  onCompleted,
}: {
  remembered: RememberedBatch | null;
  onCompleted: () => void;
}) {
  const [state, dispatch] = useReducer(batchReducer, remembered, initialState);
  const startBatch = useStartBatch();
  const { run } = state;

  const receive = (status: BatchStatus) => {
    if (!run || status.batch_session_id !== run.batchId) return;
    const wasFinished = isBatchFinished(run.status.status);
    dispatch({ type: 'status', status });
    if (!wasFinished && isBatchFinished(status.status)) onCompleted();
  };
  const receiveFromPoll = useEffectEvent(receive);

  useLiveMessage('batch_progress', (message) => {
    const status = batchStatusSchema.safeParse(message.data);
    if (status.success) receive(status.data);
    else console.error('Ignoring a batch_progress message that does not parse', status.error);
  });

  const batchId = run?.batchId ?? null;
  const polling = run !== null && run.polling && !isBatchFinished(run.status.status);
  const startedAt = run?.startedAt ?? 0;

  useEffect(() => {
    if (batchId === null || !polling) return;
    const controller = new AbortController();
    let timer: number | undefined;
    const poll = async () => {
      try {
        const status = await fetchBatchStatus(batchId, controller.signal);
        if (controller.signal.aborted) return;
        receiveFromPoll(status);
        if (isBatchFinished(status.status)) return;
      } catch (error) {
        if (controller.signal.aborted) return;
        console.error(`Polling batch ${batchId} failed; polling stops`, error);
        dispatch({ type: 'poll-stopped', reason: 'error' });
        return;
      }
      if (Date.now() - startedAt + BATCH_POLL_MS > BATCH_POLL_LIMIT_MS) {
        dispatch({ type: 'poll-stopped', reason: 'time-limit' });
        return;
      }
      timer = window.setTimeout(() => void poll(), BATCH_POLL_MS);
    };
    // The first look is at once: an offline batch of a few articles is often done within the first 2 seconds.
    void poll();
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [batchId, polling, startedAt]);

  /** Starts a batch; `push` false stops each article once analysed (review before push). */
  const start = (articleIds: number[], push = true) => {
    dispatch({ type: 'start' });
    startBatch.mutate(
      { articleIds, push },
      {
        onSuccess: (response) =>
          dispatch({
            type: 'started',
            batchId: response.batch_session_id,
            articleIds,
            articleCount: response.article_count,
            skipped: response.skipped_count,
            at: Date.now(),
          }),
        onError: (error) => {
          console.error('Starting the batch failed', error);
          dispatch({ type: 'start-failed' });
        },
      },
    );
  };

  return { state, start, dismiss: () => dispatch({ type: 'dismiss' }) };
}
