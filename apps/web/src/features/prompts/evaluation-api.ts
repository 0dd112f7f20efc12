import {
  activationNeedsConfirmationSchema,
  evaluationRunDetailResponseSchema,
  evaluationRunListResponseSchema,
  evaluationRunResponseSchema,
  evaluationSetListResponseSchema,
  evaluationSetResponseSchema,
  importEvaluationItemsResponseSchema,
  modelPricesResponseSchema,
  type ActivationNeedsConfirmation,
  type ModelPrice,
  type StartEvaluationInput,
} from '@mining-hub/contract/evaluation';
import { okSchema } from '@mining-hub/contract/common';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, isApiError } from '../../lib/api-client.ts';

export const evaluationKeys = {
  sets: ['evaluation', 'sets'] as const,
  allRuns: ['evaluation', 'runs'] as const,
  runs: (promptId: number) => ['evaluation', 'runs', promptId] as const,
  run: (runId: number) => ['evaluation', 'run', runId] as const,
  prices: ['evaluation', 'prices'] as const,
};

export const evaluationSetsQueryOptions = () =>
  queryOptions({
    queryKey: evaluationKeys.sets,
    queryFn: async ({ signal }) =>
      (await apiRequest('/evaluation-sets', evaluationSetListResponseSchema, { signal })).data,
  });

export const promptRunsQueryOptions = (promptId: number) =>
  queryOptions({
    queryKey: evaluationKeys.runs(promptId),
    queryFn: async ({ signal }) =>
      (await apiRequest(`/prompts/${promptId}/evaluations`, evaluationRunListResponseSchema, { signal })).data,
    // While a run goes on, its line (status, score) is read again.
    refetchInterval: (query) =>
      query.state.data?.some((run) => run.status === 'queued' || run.status === 'running') ? 2_000 : false,
  });

/** A run with its results and comparison; polled every second while it runs (live messages refresh it sooner). */
export const evaluationRunQueryOptions = (runId: number) =>
  queryOptions({
    queryKey: evaluationKeys.run(runId),
    queryFn: async ({ signal }) =>
      (await apiRequest(`/evaluations/${runId}`, evaluationRunDetailResponseSchema, { signal })).data,
    refetchInterval: (query) => {
      const status = query.state.data?.run.status;
      return status === 'queued' || status === 'running' ? 1_000 : false;
    },
  });

export function useStartEvaluation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ promptId, request }: { promptId: number; request: StartEvaluationInput }) =>
      (
        await apiRequest(`/prompts/${promptId}/evaluations`, evaluationRunResponseSchema, {
          method: 'POST',
          body: request,
        })
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['evaluation', 'runs'] }),
  });
}

export function useCancelEvaluation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (runId: number) =>
      (await apiRequest(`/evaluations/${runId}/cancel`, evaluationRunResponseSchema, { method: 'POST' })).data,
    onSuccess: (run) => queryClient.invalidateQueries({ queryKey: evaluationKeys.run(run.id) }),
  });
}

export function useCreateSet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) =>
      (await apiRequest('/evaluation-sets', evaluationSetResponseSchema, { method: 'POST', body: { name } })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: evaluationKeys.sets }),
  });
}

export function useMakeDefaultSet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      (
        await apiRequest(`/evaluation-sets/${id}`, evaluationSetResponseSchema, {
          method: 'PUT',
          body: { is_default: true },
        })
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: evaluationKeys.sets }),
  });
}

export function useDeleteSet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => apiRequest(`/evaluation-sets/${id}`, okSchema, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: evaluationKeys.sets }),
  });
}

export function useImportSet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, jsonl }: { id: number; jsonl: string }) =>
      (
        await apiRequest(`/evaluation-sets/${id}/import`, importEvaluationItemsResponseSchema, {
          method: 'POST',
          body: { jsonl },
        })
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: evaluationKeys.sets }),
  });
}

/** The server's comparison when an activation needs confirmation, else undefined. */
export const modelPricesQueryOptions = () =>
  queryOptions({
    queryKey: evaluationKeys.prices,
    queryFn: async ({ signal }) => (await apiRequest('/evaluation-prices', modelPricesResponseSchema, { signal })).data,
  });

/** Replaces the price table that costs runs. */
export function useSavePrices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (prices: ModelPrice[]) =>
      (await apiRequest('/evaluation-prices', modelPricesResponseSchema, { method: 'PUT', body: { prices } })).data,
    onSuccess: (saved) => queryClient.setQueryData(evaluationKeys.prices, saved),
  });
}

export function confirmationOf(error: unknown): ActivationNeedsConfirmation | undefined {
  if (!isApiError(error, 'confirmation_required')) return undefined;
  const parsed = activationNeedsConfirmationSchema.safeParse(error.body);
  return parsed.success ? parsed.data : undefined;
}

/** 0.7312 → '73.1%'; null → '–'. */
export function percent(value: number | null | undefined): string {
  return value === null || value === undefined ? '–' : `${(value * 100).toFixed(1)}%`;
}

/** +0.052 → '+5.2 pts'. */
export function points(delta: number | null | undefined): string {
  if (delta === null || delta === undefined) return '–';
  const value = delta * 100;
  return `${value > 0 ? '+' : value < 0 ? '−' : '±'}${Math.abs(value).toFixed(1)} pts`;
}
