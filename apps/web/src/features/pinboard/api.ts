import { okSchema } from '@mining-hub/contract/common';
import {
  quickLinkListResponseSchema,
  quickLinkResponseSchema,
  widgetListResponseSchema,
  widgetResponseSchema,
  type QuickLinkInput,
  type WidgetInput,
} from '@mining-hub/contract/pinboard';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, apiRequest } from '../../lib/api-client.ts';

export const pinboardKeys = {
  quickLinks: ['pinboard', 'quick-links'] as const,
  widgets: ['pinboard', 'widgets'] as const,
};

export const quickLinksQueryOptions = () =>
  queryOptions({
    queryKey: pinboardKeys.quickLinks,
    queryFn: async ({ signal }) =>
      (await apiRequest('/pinboard/quick-links', quickLinkListResponseSchema, { signal })).data,
  });

export const widgetsQueryOptions = () =>
  queryOptions({
    queryKey: pinboardKeys.widgets,
    queryFn: async ({ signal }) => (await apiRequest('/pinboard/widgets', widgetListResponseSchema, { signal })).data,
  });

/** Creates a quick link, or updates one when `id` is given. */
export function useSaveQuickLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id?: number; input: QuickLinkInput }) => {
      const response =
        id === undefined
          ? await apiRequest('/pinboard/quick-links', quickLinkResponseSchema, { method: 'POST', body: input })
          : await apiRequest(`/pinboard/quick-links/${id}`, quickLinkResponseSchema, { method: 'PUT', body: input });
      return response.data;
    },
    // Resolving only after the refetch keeps the form in its saving state until the board shows the change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pinboardKeys.quickLinks }),
  });
}

export function useDeleteQuickLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/pinboard/quick-links/${id}`, okSchema, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pinboardKeys.quickLinks }),
  });
}

/** Where a custom widget's HTML is served as a sandboxed document of its own (the app's CSP would block it inline). */
export const widgetFrameUrl = (id: number) => `${API_BASE}/pinboard/widgets/${id}/frame`;

export function useCreateWidget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: WidgetInput) =>
      (await apiRequest('/pinboard/widgets', widgetResponseSchema, { method: 'POST', body: input })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pinboardKeys.widgets }),
  });
}

export function useDeleteWidget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/pinboard/widgets/${id}`, okSchema, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pinboardKeys.widgets }),
  });
}
