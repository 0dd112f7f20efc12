import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { INVALID_CREDENTIALS_MESSAGE, LOGIN_FAILED_MESSAGE, loginErrorMessage } from './login-error.ts';

describe('loginErrorMessage', () => {
  it('says the credentials are wrong on 401', () => {
    expect(
      loginErrorMessage(
        new ApiError(401, 'Invalid credentials', { detail: 'Invalid credentials', code: 'unauthenticated' }),
      ),
    ).toBe(INVALID_CREDENTIALS_MESSAGE);
  });

  it("passes on the server's throttle explanation on 429", () => {
    const body = { detail: 'Too many sign-in attempts. Try again in 60 seconds.', code: 'rate_limited', wait_time: 60 };
    expect(loginErrorMessage(new ApiError(429, body.detail, body))).toBe(body.detail);
  });

  it('falls back to the generic message for anything else', () => {
    expect(loginErrorMessage(new ApiError(500, 'Server error: 500', null))).toBe(LOGIN_FAILED_MESSAGE);
    expect(loginErrorMessage(new ApiError(429, 'Slow down', null))).toBe(LOGIN_FAILED_MESSAGE);
    expect(loginErrorMessage(new TypeError('boom'))).toBe(LOGIN_FAILED_MESSAGE);
  });
});
