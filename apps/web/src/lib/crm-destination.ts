import { crmDestinationResponseSchema } from '@mining-hub/contract/crm';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';

/** What buttons and badges say until the server has named the destination (or when it cannot be asked). */
export const CRM_FALLBACK_LABEL = 'CRM';

/** Where pushes go (the local outbox or HubSpot); it changes only with the server's configuration. */
export const crmDestinationQueryOptions = () =>
  queryOptions({
    queryKey: ['crm', 'destination'] as const,
    queryFn: async ({ signal }) =>
      (await apiRequest('/crm/destination', crmDestinationResponseSchema, { signal })).data,
    staleTime: Infinity,
  });

/** The CRM's name for buttons and badges: 'CRM (local outbox)' or 'HubSpot'; 'CRM' until known. */
export function useCrmLabel(): string {
  return useQuery(crmDestinationQueryOptions()).data?.label ?? CRM_FALLBACK_LABEL;
}
