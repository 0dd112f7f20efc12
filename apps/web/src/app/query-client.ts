import { QueryClient } from '@tanstack/react-query';

/** Data-fetching defaults for the admin screens (SPEC.md section 7): one retry, 5 minutes fresh, no refetch on focus. */
export const QUERY_STALE_TIME_MS = 300_000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, staleTime: QUERY_STALE_TIME_MS, refetchOnWindowFocus: false },
    },
  });
}
