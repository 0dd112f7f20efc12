import { loginResponseSchema, meResponseSchema, type LoginRequest, type User } from '@mining-hub/contract/auth';
import { okSchema } from '@mining-hub/contract/common';
import type { ChangePasswordRequest } from '@mining-hub/contract/users';
import { apiRequest, isApiError } from '../../lib/api-client.ts';

/** The signed-in user, or null when there is no valid session (401). */
export async function fetchCurrentUser(): Promise<User | null> {
  try {
    return (await apiRequest('/auth/me', meResponseSchema)).user;
  } catch (error) {
    if (isApiError(error, 'unauthenticated')) return null;
    throw error;
  }
}

export async function login(credentials: LoginRequest): Promise<User> {
  const response = await apiRequest('/auth/login', loginResponseSchema, { method: 'POST', body: credentials });
  return response.user;
}

/** Extends the session; the server answers with the user again. */
export async function refreshSession(): Promise<User> {
  return (await apiRequest('/auth/refresh', meResponseSchema, { method: 'POST' })).user;
}

export async function logout(): Promise<void> {
  await apiRequest('/auth/logout', okSchema, { method: 'POST' });
}

/** Changes the signed-in user's password; the server ends their other sessions, this one stays. */
export async function changePassword(request: ChangePasswordRequest): Promise<void> {
  await apiRequest('/auth/password', okSchema, { method: 'PUT', body: request });
}
