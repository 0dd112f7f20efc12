import { throttledBodySchema } from '@mining-hub/contract/errors';
import { isApiError } from '../../lib/api-client.ts';

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password. Please try again.';
export const LOGIN_FAILED_MESSAGE = 'An error occurred during login. Please try again.';

/** What the sign-in form shows for a failed login (SPEC.md section 8). */
export function loginErrorMessage(error: unknown): string {
  if (isApiError(error, 'unauthenticated')) return INVALID_CREDENTIALS_MESSAGE;
  // Throttled attempts carry the server's own explanation (how long to wait); show it as is.
  if (isApiError(error, 'rate_limited')) {
    const throttled = throttledBodySchema.safeParse(error.body);
    if (throttled.success) return throttled.data.detail;
  }
  return LOGIN_FAILED_MESSAGE;
}
