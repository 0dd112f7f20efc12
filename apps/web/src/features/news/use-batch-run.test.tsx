import type { BatchStatus } from '@mining-hub/contract/pipeline';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveProvider } from '../../lib/live-context.tsx';
import { BATCH_POLL_LIMIT_MS, BATCH_POLL_MS } from './batch-status.ts';
import { stubApiAsync } from './test/fake-server.ts';
import { useBatchRun } from './use-batch-run.ts';

const BATCH = '9d0c1f4e-2b3a-4c5d-8e9f-0a1b2c3d4e5f';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return (
    <QueryClientProvider client={client}>
      <LiveProvider enabled={false}>{children}</LiveProvider>
    </QueryClientProvider>
  );
}

function status(completed: number, total = 3): BatchStatus {
  return {
    batch_session_id: BATCH,
    status: completed >= total ? 'completed' : 'running',
    total_articles: total,
    completed,
    failed: 0,
    progress_percentage: (100 * completed) / total,
    results: { expanded: completed, analyzed: completed, pushed_to_hubspot: completed },
    failures: [],
  };
}

/** A batch server whose status answers come from `answers` in turn (the last one repeats); 'error' is a 500. */
function serveBatch(answers: (BatchStatus | 'error')[]) {
  let polls = 0;
  const requests = stubApiAsync((request) => {
    if (request.path === '/api/v1/batch/process-selected') {
      return {
        status: 200,
        body: { success: true, batch_session_id: BATCH, article_count: 3, skipped_count: 0 },
      };
    }
    if (request.path === `/api/v1/batch/status/${BATCH}`) {
      const answer = answers[Math.min(polls, answers.length - 1)];
      polls += 1;
      return answer === 'error' ? { status: 500, body: { detail: 'boom' } } : { status: 200, body: answer };
    }
    return undefined;
  });
  return { requests, polls: () => polls };
}

function startBatch() {
  let completions = 0;
  const hook = renderHook(
    () =>
      useBatchRun({
        remembered: null,
        onCompleted: () => {
          completions += 1;
        },
      }),
    { wrapper },
  );
  return { hook, completions: () => completions };
}

describe('useBatchRun', () => {
  it('starts the batch, polls at once and then every 2 s, and stops when it completes', async () => {
    const server = serveBatch([status(0), status(1), status(3)]);
    const { hook, completions } = startBatch();
    await act(async () => {
      hook.result.current.start([4, 8, 15]);
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(server.requests[0]).toMatchObject({ method: 'POST', body: { article_ids: [4, 8, 15] } });
    expect(server.polls()).toBe(1);
    expect(hook.result.current.state.run?.status.completed).toBe(0);

    await act(() => vi.advanceTimersByTimeAsync(BATCH_POLL_MS));
    expect(server.polls()).toBe(2);
    expect(hook.result.current.state.run?.status.completed).toBe(1);

    await act(() => vi.advanceTimersByTimeAsync(BATCH_POLL_MS));
    expect(hook.result.current.state.run?.status.status).toBe('completed');
    expect(completions()).toBe(1);

    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(server.polls()).toBe(3);
    expect(completions()).toBe(1);
  });

  it('stops polling, silently, when a poll fails', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const server = serveBatch([status(1), 'error']);
    const { hook, completions } = startBatch();
    await act(async () => {
      hook.result.current.start([4, 8, 15]);
      await vi.advanceTimersByTimeAsync(BATCH_POLL_MS);
    });
    expect(server.polls()).toBe(2);
    expect(hook.result.current.state.run).toMatchObject({ polling: false, pollStopped: 'error' });
    expect(hook.result.current.state.run?.status.completed).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(server.polls()).toBe(2);
    expect(completions()).toBe(0);
    expect(consoleError).toHaveBeenCalled();
  });

  it('gives up after 5 minutes of a batch that does not finish', async () => {
    const server = serveBatch([status(1)]);
    const { hook } = startBatch();
    await act(async () => {
      hook.result.current.start([4, 8, 15]);
      await vi.advanceTimersByTimeAsync(BATCH_POLL_LIMIT_MS);
    });
    // At once, then every 2 s up to and including the 5-minute mark.
    expect(server.polls()).toBe(BATCH_POLL_LIMIT_MS / BATCH_POLL_MS + 1);
    expect(hook.result.current.state.run).toMatchObject({ polling: false, pollStopped: 'time-limit' });
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(server.polls()).toBe(BATCH_POLL_LIMIT_MS / BATCH_POLL_MS + 1);
  });

  it('a failed start is silent and leaves no batch', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubApiAsync(() => ({ status: 404, body: { detail: 'Articles not found: 99', code: 'not_found' } }));
    const { hook } = startBatch();
    await act(async () => {
      hook.result.current.start([99]);
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(hook.result.current.state).toEqual({ starting: false, run: null });
    expect(consoleError).toHaveBeenCalled();
  });
});
