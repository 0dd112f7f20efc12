import { z } from 'zod';

/**
 * The one catalogue of error codes: every 4xx/5xx body carries one of these as `code`, beside its
 * human-readable `detail`. Clients branch on the code; the text may change.
 */
export const ERROR_CODES = [
  /** 400: the request itself is malformed (JSON, encoding, request target, a body where none is taken). */
  'invalid_request',
  /** 400: a field's value is refused (schema validation, or a rule a service checks). */
  'validation_failed',
  /** 401: no valid session, or wrong credentials at sign-in. */
  'unauthenticated',
  /** 403: signed in but not allowed (role, or a cross-origin change). */
  'forbidden',
  /** 404: no such route or resource (or one the caller may not see). */
  'not_found',
  /** 408: the request took too long to arrive. */
  'request_timeout',
  /** 409: the change conflicts with the current state (taken email, limits, last admin, scraper state). */
  'conflict',
  /** 409: a pipeline step asked for out of order, or while the article is busy. */
  'invalid_status',
  /** 409: the change needs `confirm: true` (activating a prompt version that scored below the active one). */
  'confirmation_required',
  /** 413: the body is over the size limit. */
  'payload_too_large',
  /** 414: a path (parameter) is over its length limit. */
  'uri_too_long',
  /** 415: a body of another type than JSON. */
  'unsupported_media_type',
  /** 429: too many attempts; the body says how many seconds to wait (`wait_time`). */
  'rate_limited',
  /** 431: request line or headers are too large. */
  'headers_too_large',
  /** 500: an unexpected failure; the detail never holds internals. */
  'internal',
  /** 503: the server cannot serve this now (overloaded, or a dependency other than the database is down). */
  'service_unavailable',
  /** 503: the database is unreachable for a moment (a restart, a failover); retry after `Retry-After` seconds. */
  'database_unavailable',
] as const;

export const errorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

/** The HTTP status each code is sent with. */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  invalid_request: 400,
  validation_failed: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  request_timeout: 408,
  conflict: 409,
  invalid_status: 409,
  confirmation_required: 409,
  payload_too_large: 413,
  uri_too_long: 414,
  unsupported_media_type: 415,
  rate_limited: 429,
  headers_too_large: 431,
  internal: 500,
  service_unavailable: 503,
  database_unavailable: 503,
};

/** Whether a value is a code of the catalogue (e.g. read from an untyped body). */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/** Every 4xx/5xx body: a human-readable `detail` (the web app shows it as is) and a stable `code`. */
export const errorBodySchema = z.object({ detail: z.string(), code: errorCodeSchema });
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** 429 answers also say how many seconds to wait. */
export const throttledBodySchema = errorBodySchema.extend({ wait_time: z.number().int().nonnegative() });
export type ThrottledBody = z.infer<typeof throttledBodySchema>;
