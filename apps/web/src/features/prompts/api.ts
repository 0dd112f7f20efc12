import {
  promptListResponseSchema,
  promptResponseSchema,
  schemaValidationResponseSchema,
  type FunctionSchema,
  type PromptInput,
} from '@mining-hub/contract/prompts';
import { activatePromptResponseSchema } from '@mining-hub/contract/evaluation';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';

export const promptKeys = {
  all: ['prompts'] as const,
  list: ['prompts', 'list'] as const,
  active: ['prompts', 'active'] as const,
};

export const promptsQueryOptions = () =>
  queryOptions({
    queryKey: promptKeys.list,
    queryFn: async ({ signal }) => (await apiRequest('/prompts', promptListResponseSchema, { signal })).data,
  });

export const activePromptQueryOptions = () =>
  queryOptions({
    queryKey: promptKeys.active,
    queryFn: async ({ signal }) => (await apiRequest('/prompts/active', promptResponseSchema, { signal })).data,
  });

/** Updates the prompt with `id`, or creates a new one (which becomes the active prompt). */
export function useSavePrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id?: number; input: PromptInput }) => {
      const response =
        id === undefined
          ? await apiRequest('/prompts', promptResponseSchema, {
              method: 'POST',
              body: { ...input, set_as_active: true },
            })
          : await apiRequest(`/prompts/${id}`, promptResponseSchema, { method: 'PUT', body: input });
      return response.data;
    },
    // Resolving after the refetch means the editor reopens on what was saved.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promptKeys.all }),
  });
}

/** Activates a prompt; `confirm` activates a version whose evaluation scored below the active one's. */
export function useActivatePrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, confirm }: { id: number; confirm?: boolean }) =>
      apiRequest(`/prompts/${id}/activate`, activatePromptResponseSchema, {
        method: 'POST',
        body: confirm ? { confirm: true } : {},
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promptKeys.all }),
  });
}

export async function validateSchema(schema: FunctionSchema) {
  return (
    await apiRequest('/prompts/validate-schema', schemaValidationResponseSchema, { method: 'POST', body: { schema } })
  ).data;
}
