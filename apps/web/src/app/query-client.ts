import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api-client.ts';

/** Data-fetching defaults for the admin screens (SPEC.md section 7): one retry, 5 minutes fresh, no refetch on focus. */
export const QUERY_STALE_TIME_MS = 300_000;

/** A server shedding load or waiting for its database (503) is asked again this many times, as it says when. */
export const UNAVAILABLE_RETRIES = 3;
/** Longest wait a 503's Retry-After is taken at; a query does not hang on a proxy's `Retry-After: 3600`. */
const MAX_RETRY_AFTER_MS = 10_000;

/** Whether a failed query is asked again: once, or up to UNAVAILABLE_RETRIES times while the server says 503. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status === 503) return failureCount < UNAVAILABLE_RETRIES;
  return failureCount < 1;
}

/** How long before asking again: the server's Retry-After when it sent one, else TanStack Query's backoff. */
export function queryRetryDelay(failureCount: number, error: unknown): number {
  if (isApiError(error) && error.retryAfterMs !== undefined) return Math.min(error.retryAfterMs, MAX_RETRY_AFTER_MS);
  return Math.min(1000 * 2 ** failureCount, 30_000);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetryQuery,
        retryDelay: queryRetryDelay,
        staleTime: QUERY_STALE_TIME_MS,
        refetchOnWindowFocus: false,
      },
    },
  });
}
