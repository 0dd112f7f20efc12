import { ERROR_STATUS, isErrorCode, type ErrorCode } from '@mining-hub/contract/errors';
import { parseRetryAfterMs } from '@mining-hub/contract/retry-after';
import type { z } from 'zod';

export const API_BASE = '/api/v1';
export const API_TIMEOUT_MS = 30_000;

/** Status used for failures that never got an HTTP answer (network down, timeout). */
export const NO_RESPONSE_STATUS = 0;

/**
 * A failed API call: the HTTP status, the server's `detail` message (to show), its `code` from the
 * contract's catalogue (to branch on; undefined when no API answered, e.g. network down or a proxy's
 * page), how long the server asked us to wait before trying again (its `Retry-After`, on 429 and 503)
 * and the raw body for callers that need more.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly detail: string;
  readonly code: ErrorCode | undefined;
  readonly body: unknown;
  readonly retryAfterMs: number | undefined;

  constructor(status: number, detail: string, body: unknown, retryAfterMs?: number) {
    super(detail);
    this.name = 'ApiError';
    this.status = status;
    this.detail = detail;
    this.code = codeOf(body);
    this.body = body;
    this.retryAfterMs = retryAfterMs;
  }
}

/** Whether `error` is a failed API call, and when `code` is given, one the server answered with that code. */
export function isApiError(error: unknown, code?: ErrorCode): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}

/** Whether `error` is the server refusing the request itself (a 4xx code), whose `detail` says why. */
export function isRefusal(error: unknown): error is ApiError {
  return isApiError(error) && error.code !== undefined && ERROR_STATUS[error.code] < 500;
}

function codeOf(body: unknown): ErrorCode | undefined {
  if (typeof body !== 'object' || body === null || !('code' in body)) return undefined;
  return isErrorCode(body.code) ? body.code : undefined;
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Serialised as JSON. */
  body?: unknown;
  /** Cancels the call, e.g. TanStack Query's signal when a query is abandoned. */
  signal?: AbortSignal;
}

/** Calls the JSON API under /api/v1 and parses a successful answer with the contract's schema. */
export async function apiRequest<Schema extends z.ZodType>(
  path: string,
  schema: Schema,
  { method = 'GET', body, signal }: ApiRequestOptions = {},
): Promise<z.output<Schema>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await send(
    path,
    { method, headers, body: body === undefined ? undefined : JSON.stringify(body) },
    signal,
  );
  const payload = await readJson(response);
  if (!response.ok) throw failure(response, payload);
  return schema.parse(payload);
}

/** Fetches a file under /api/v1 with the session, e.g. a download; a failure is an ApiError like any other call. */
export async function apiBlob(path: string, { signal }: Pick<ApiRequestOptions, 'signal'> = {}): Promise<Blob> {
  const response = await send(path, { method: 'GET' }, signal);
  if (!response.ok) throw failure(response, await readJson(response));
  return response.blob();
}

async function send(path: string, init: RequestInit, signal: AbortSignal | undefined): Promise<Response> {
  const timeout = AbortSignal.timeout(API_TIMEOUT_MS);
  try {
    return await fetch(`${API_BASE}${path}`, {
      ...init,
      credentials: 'include',
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (error) {
    // A caller's own cancellation is not a failure worth reporting; let it through untouched.
    if (signal?.aborted) throw error;
    const timedOut = timeout.aborted;
    throw new ApiError(
      NO_RESPONSE_STATUS,
      timedOut ? 'The server took too long to answer. Please try again.' : 'Network error - cannot reach server',
      null,
    );
  }
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function failure(response: Response, payload: unknown): ApiError {
  const retryAfterMs = parseRetryAfterMs(response.headers.get('retry-after'));
  return new ApiError(response.status, detailOf(payload, response), payload, retryAfterMs);
}

function detailOf(payload: unknown, response: Response): string {
  if (typeof payload === 'object' && payload !== null && 'detail' in payload && typeof payload.detail === 'string') {
    return payload.detail;
  }
  return `Server error: ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
}
