import {
  resetPasswordResponseSchema,
  userListResponseSchema,
  userResponseSchema,
  type CreateUserRequest,
  type UpdateUserRequest,
} from '@mining-hub/contract/users';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';

export const userKeys = {
  list: ['users', 'list'] as const,
};

export const usersQueryOptions = () =>
  queryOptions({
    queryKey: userKeys.list,
    queryFn: async ({ signal }) => (await apiRequest('/users', userListResponseSchema, { signal })).data,
    // Sign-ins and other admins change it; the screen shows it as it is now.
    staleTime: 0,
  });

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateUserRequest) =>
      (await apiRequest('/users', userResponseSchema, { method: 'POST', body: input })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.list }),
  });
}

/** Changes a user's name, role or disabled flag. */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, changes }: { id: number; changes: UpdateUserRequest }) =>
      (await apiRequest(`/users/${id}`, userResponseSchema, { method: 'PATCH', body: changes })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.list }),
  });
}

/** Sets a temporary password (and ends the user's sessions); resolves to that password, shown once. */
export function useResetPassword() {
  return useMutation({
    mutationFn: async (id: number) =>
      (await apiRequest(`/users/${id}/reset-password`, resetPasswordResponseSchema, { method: 'POST' }))
        .temporary_password,
  });
}
