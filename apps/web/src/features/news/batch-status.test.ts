import type { BatchStatus } from '@mining-hub/contract/pipeline';
import { describe, expect, it } from 'vitest';
import {
  batchPercent,
  batchReducer,
  IDLE_BATCH,
  isBatchActive,
  newerBatchStatus,
  type BatchState,
} from './batch-status.ts';

const BATCH = '9d0c1f4e-2b3a-4c5d-8e9f-0a1b2c3d4e5f';

function status(changes: Partial<BatchStatus> = {}): BatchStatus {
  return {
    batch_session_id: BATCH,
    status: 'running',
    total_articles: 10,
    completed: 0,
    failed: 0,
    progress_percentage: 0,
    results: { expanded: 0, analyzed: 0, pushed_to_hubspot: 0 },
    failures: [],
    ...changes,
  };
}

function started(): BatchState {
  const starting = batchReducer(IDLE_BATCH, { type: 'start' });
  expect(starting.starting).toBe(true);
  return batchReducer(starting, {
    type: 'started',
    batchId: BATCH,
    articleIds: [3, 1, 2],
    articleCount: 2,
    skipped: 1,
    at: 1_000,
  });
}

describe('batchReducer', () => {
  it('starts following the batch at nothing done, with the skipped count and the articles sent', () => {
    const { starting, run } = started();
    expect(starting).toBe(false);
    expect(run?.status).toMatchObject({ status: 'running', total_articles: 2, completed: 0 });
    expect(run?.skipped).toBe(1);
    expect([...(run?.articleIds ?? [])]).toEqual([3, 1, 2]);
    expect(isBatchActive(run ?? null)).toBe(true);
  });

  it('a failed start leaves no batch', () => {
    const state = batchReducer(batchReducer(IDLE_BATCH, { type: 'start' }), { type: 'start-failed' });
    expect(state).toEqual(IDLE_BATCH);
  });

  it('takes statuses of its own batch only, and stops polling once completed', () => {
    let state = started();
    state = batchReducer(state, { type: 'status', status: status({ batch_session_id: 'other', completed: 9 }) });
    expect(state.run?.status.completed).toBe(0);
    state = batchReducer(state, { type: 'status', status: status({ completed: 4, progress_percentage: 40 }) });
    expect(state.run?.status.completed).toBe(4);
    expect(state.run?.polling).toBe(true);
    state = batchReducer(state, { type: 'status', status: status({ status: 'completed', completed: 10 }) });
    expect(state.run?.polling).toBe(false);
    expect(isBatchActive(state.run)).toBe(false);
  });

  it('a stopped poll (failure or time limit) leaves the last status on screen', () => {
    let state = batchReducer(started(), { type: 'status', status: status({ completed: 3 }) });
    state = batchReducer(state, { type: 'poll-stopped', reason: 'time-limit' });
    expect(state.run).toMatchObject({ polling: false, pollStopped: 'time-limit' });
    expect(state.run?.status.completed).toBe(3);
    expect(isBatchActive(state.run)).toBe(false);
    // Live messages still move it on.
    state = batchReducer(state, { type: 'status', status: status({ completed: 5 }) });
    expect(state.run?.status.completed).toBe(5);
  });

  it('dismissing forgets the batch', () => {
    expect(batchReducer(started(), { type: 'dismiss' }).run).toBeNull();
  });
});

describe('newerBatchStatus', () => {
  it('never goes backwards when a poll answer arrives after a later live message', () => {
    const later = status({ completed: 6 });
    expect(newerBatchStatus(later, status({ completed: 4 }))).toBe(later);
    const done = status({ status: 'completed', completed: 10 });
    expect(newerBatchStatus(done, status({ completed: 10 }))).toBe(done);
    expect(newerBatchStatus(status({ completed: 4 }), later)).toBe(later);
    // Failures count as progress too.
    expect(newerBatchStatus(status({ completed: 4 }), status({ completed: 3, failed: 2 })).failed).toBe(2);
  });
});

describe('batchPercent', () => {
  it('rounds and clamps the server’s percentage', () => {
    expect(batchPercent(status({ progress_percentage: 33.3 }))).toBe(33);
    expect(batchPercent(status({ progress_percentage: 120 }))).toBe(100);
    expect(batchPercent(status({ progress_percentage: Number.NaN }))).toBe(0);
  });
});
