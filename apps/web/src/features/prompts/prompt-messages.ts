import type { SchemaValidationResult } from '@mining-hub/contract/prompts';
import { isApiError, NO_RESPONSE_STATUS } from '../../lib/api-client.ts';

/** What the prompts screen says (SPEC.md section 8). */
export const PROMPT_MESSAGES = {
  listLoadFailed: 'Failed to load prompt templates',
  updated: 'Prompt updated successfully',
  created: 'Prompt created successfully',
  saveFailed: 'Failed to save prompt',
  activated: 'Prompt activated successfully',
  activateFailed: 'Failed to activate prompt',
  schemaValid: 'Schema is valid',
  schemaInvalid: 'Schema has errors',
  checkConsole: 'Check console for more details',
  validateFailed: 'Failed to validate schema',
} as const;

/** Why a validate-schema call failed, in the catalogue's words (SPEC.md section 8). */
export function schemaValidationErrorMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.code === 'unauthenticated') return 'Authentication required - please login';
    if (error.code === 'validation_failed' || error.code === 'invalid_request') {
      return 'Invalid request - check schema format';
    }
    if (error.status === NO_RESPONSE_STATUS) return 'Network error - cannot reach server';
    const body = error.body;
    if (typeof body === 'object' && body !== null && 'detail' in body && typeof body.detail === 'string') {
      return body.detail;
    }
    return `Server error: ${error.status}`;
  }
  if (error instanceof Error) return error.message || 'Unknown error occurred';
  return PROMPT_MESSAGES.validateFailed;
}

/** A failed validation call shown as an invalid result, pointing at the console for the details. */
export function failedValidationResult(error: unknown): SchemaValidationResult {
  return { valid: false, errors: [schemaValidationErrorMessage(error)], warnings: [PROMPT_MESSAGES.checkConsole] };
}

/** The server's explanation of a failed save or activation, to show under the notice. */
export function failureDetail(error: unknown): string | undefined {
  if (isApiError(error)) return error.detail;
  return error instanceof Error ? error.message : undefined;
}
