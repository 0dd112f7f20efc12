import { describe, expect, it } from 'vitest';
import { ApiError, NO_RESPONSE_STATUS } from '../../lib/api-client.ts';
import { failedValidationResult, failureDetail, schemaValidationErrorMessage } from './prompt-messages.ts';

describe('schemaValidationErrorMessage (SPEC.md section 8, schema validation failures)', () => {
  it.each([
    [
      new ApiError(401, 'Authentication required', { detail: 'Authentication required', code: 'unauthenticated' }),
      'Authentication required - please login',
    ],
    [
      new ApiError(400, 'Invalid request - body.schema', { detail: 'x', code: 'validation_failed' }),
      'Invalid request - check schema format',
    ],
    [new ApiError(409, 'Busy', { detail: 'The server is busy', code: 'conflict' }), 'The server is busy'],
    [new ApiError(502, 'Server error: 502 Bad Gateway', '<html>bad gateway</html>'), 'Server error: 502'],
    [new ApiError(500, 'Server error: 500', null), 'Server error: 500'],
    [
      new ApiError(NO_RESPONSE_STATUS, 'Network error - cannot reach server', null),
      'Network error - cannot reach server',
    ],
    [new TypeError('Failed to parse'), 'Failed to parse'],
    [new Error(''), 'Unknown error occurred'],
    ['something odd', 'Failed to validate schema'],
  ])('%s → %s', (error, message) => {
    expect(schemaValidationErrorMessage(error)).toBe(message);
  });

  it('shows a failed call as an invalid result pointing at the console', () => {
    expect(failedValidationResult(new ApiError(401, 'x', { detail: 'x', code: 'unauthenticated' }))).toEqual({
      valid: false,
      errors: ['Authentication required - please login'],
      warnings: ['Check console for more details'],
    });
  });

  it("passes the server's detail on for save and activation failures", () => {
    expect(failureDetail(new ApiError(400, 'The output schema has errors: x', null))).toBe(
      'The output schema has errors: x',
    );
    expect(failureDetail('?')).toBeUndefined();
  });
});
