import { preferencesResponseSchema, type Preferences, type PreferencesRequest } from '@mining-hub/contract/auth';
import { digestSettingsResponseSchema, type DigestSettings } from '@mining-hub/contract/digest';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';

export const settingsKeys = { preferences: ['settings', 'preferences'] as const };

/** The user's own choices and the screen they land on after sign-in (`GET /auth/preferences`). */
export const preferencesQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.preferences,
    queryFn: async ({ signal }): Promise<Preferences> =>
      (await apiRequest('/auth/preferences', preferencesResponseSchema, { signal })).data,
  });

/** Saves the user's choices (`PUT /auth/preferences`). */
export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: PreferencesRequest) =>
      (await apiRequest('/auth/preferences', preferencesResponseSchema, { method: 'PUT', body })).data,
    onSuccess: (saved) => queryClient.setQueryData(settingsKeys.preferences, saved),
  });
}

/** The daily digest's settings and the address it goes to (`GET /digest/settings`). */
export const digestSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['settings', 'digest'] as const,
    queryFn: async ({ signal }) =>
      (await apiRequest('/digest/settings', digestSettingsResponseSchema, { signal })).data,
  });

/** Saves the daily digest's settings (`PUT /digest/settings`). */
export function useSaveDigestSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: DigestSettings) =>
      (await apiRequest('/digest/settings', digestSettingsResponseSchema, { method: 'PUT', body })).data,
    onSuccess: (saved) => queryClient.setQueryData(digestSettingsQueryOptions().queryKey, saved),
  });
}
