import { okSchema } from '@mining-hub/contract/common';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest } from '../lib/api-client.ts';
import { createQueryClient, queryRetryDelay, shouldRetryQuery, UNAVAILABLE_RETRIES } from './query-client.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const unavailable = (retryAfter: string) =>
  new Response(JSON.stringify({ detail: 'The server is busy; try again shortly', code: 'service_unavailable' }), {
    status: 503,
    headers: { 'Content-Type': 'application/json', 'Retry-After': retryAfter },
  });

describe('query retries', () => {
  it('asks a 503 again as its Retry-After says, and other failures once', () => {
    const busy = new ApiError(503, 'busy', { detail: 'busy', code: 'service_unavailable' }, 2000);
    const broken = new ApiError(500, 'Internal server error', { detail: 'Internal server error', code: 'internal' });
    expect(shouldRetryQuery(UNAVAILABLE_RETRIES - 1, busy)).toBe(true);
    expect(shouldRetryQuery(UNAVAILABLE_RETRIES, busy)).toBe(false);
    expect(shouldRetryQuery(0, broken)).toBe(true);
    expect(shouldRetryQuery(1, broken)).toBe(false);
    expect(queryRetryDelay(1, busy)).toBe(2000);
    expect(queryRetryDelay(1, new ApiError(503, 'busy', null, 3_600_000))).toBe(10_000);
    expect(queryRetryDelay(1, broken)).toBe(2000);
  });

  it('a query through two 503s succeeds, each attempt only once the Retry-After before it has passed', async () => {
    vi.useFakeTimers();
    let calls = 0;
    vi.stubGlobal('fetch', async () => {
      calls += 1;
      return calls <= 2 ? unavailable('5') : new Response(JSON.stringify({ success: true }), { status: 200 });
    });
    const client = createQueryClient();
    const result = client.fetchQuery({
      queryKey: ['busy'],
      queryFn: () => apiRequest('/busy', okSchema),
      retry: shouldRetryQuery, // fetchQuery does not take the default's retry
    });
    // TanStack Query's own backoff would have asked again after 1 s, then 2 s.
    await vi.advanceTimersByTimeAsync(4_900);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(calls).toBe(2);
    await vi.advanceTimersByTimeAsync(4_700);
    expect(calls).toBe(2);
    await vi.advanceTimersByTimeAsync(400);
    expect(calls).toBe(3);
    await expect(result).resolves.toEqual({ success: true });
  });
});
