import { testAlertResponseSchema, type TestAlertRequest } from '@mining-hub/contract/alerts';
import { okSchema } from '@mining-hub/contract/common';
import {
  watchListResponseSchema,
  watchResponseSchema,
  watchRunResponseSchema,
  watchRunsResponseSchema,
  type CreateWatchRequest,
  type UpdateWatchRequest,
} from '@mining-hub/contract/watches';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';

export const watchKeys = {
  /** Everything the Watches screen reads; a live 'watch_run_updated' makes it stale. */
  all: ['watches'] as const,
  list: ['watches', 'list'] as const,
  runs: (id: number) => ['watches', 'runs', id] as const,
};

export const watchesQueryOptions = () =>
  queryOptions({
    queryKey: watchKeys.list,
    queryFn: async ({ signal }) => (await apiRequest('/watches', watchListResponseSchema, { signal })).data,
  });

export const watchRunsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: watchKeys.runs(id),
    queryFn: async ({ signal }) => (await apiRequest(`/watches/${id}/runs`, watchRunsResponseSchema, { signal })).data,
  });

export const createWatch = async (body: CreateWatchRequest) =>
  (await apiRequest('/watches', watchResponseSchema, { method: 'POST', body })).data;

export const updateWatch = async (id: number, body: UpdateWatchRequest) =>
  (await apiRequest(`/watches/${id}`, watchResponseSchema, { method: 'PATCH', body })).data;

export const deleteWatch = (id: number) => apiRequest(`/watches/${id}`, okSchema, { method: 'DELETE' });

export const runWatchNow = async (id: number) =>
  (await apiRequest(`/watches/${id}/run`, watchRunResponseSchema, { method: 'POST' })).data;

/** The form's "Send test alert": a sample digest to the given webhook and addresses; per channel 'sent' or why not. */
export const sendTestAlert = async (body: TestAlertRequest) =>
  (await apiRequest('/watches/test-alert', testAlertResponseSchema, { method: 'POST', body })).data;
