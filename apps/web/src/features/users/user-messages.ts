import { isApiError } from '../../lib/api-client.ts';

export const USERS_LOAD_FAILED = 'Users could not be loaded.';

/** The server's `{detail}` of a failed call, shown as is; otherwise what went wrong in the browser. */
export function failureDetail(error: unknown): string {
  if (isApiError(error)) return error.detail;
  return error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.';
}
