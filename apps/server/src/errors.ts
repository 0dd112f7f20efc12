import type { ErrorCode } from '@mining-hub/contract/errors';

/** Every error a service may throw on purpose; the one error handler turns it into `{detail, code}`. */
export class AppError extends Error {
  readonly statusCode: number;
  /** Sent as the body's `code`: one of the contract's catalogue (`@mining-hub/contract/errors`). */
  readonly code: ErrorCode;
  /** Extra fields for the body, e.g. `wait_time` of a 429. */
  readonly extra: Record<string, unknown>;

  constructor(statusCode: number, code: ErrorCode, detail: string, extra: Record<string, unknown> = {}) {
    super(detail);
    this.statusCode = statusCode;
    this.code = code;
    this.extra = extra;
  }
}

/** 400 for a value a service refuses (the request itself was well-formed). */
export const badRequest = (detail: string) => new AppError(400, 'validation_failed', detail);
/** 400 for a malformed request: its body, encoding or target, before any route looks at it. */
export const invalidRequest = (detail: string) => new AppError(400, 'invalid_request', detail);
export const unauthenticated = (detail = 'Authentication required') => new AppError(401, 'unauthenticated', detail);
export const forbidden = (detail: string) => new AppError(403, 'forbidden', detail);
export const notFound = (detail: string) => new AppError(404, 'not_found', detail);
export const conflict = (detail: string) => new AppError(409, 'conflict', detail);
/** 409 for a pipeline step its article's status does not allow (yet), or while another step runs. */
export const invalidStatus = (detail: string) => new AppError(409, 'invalid_status', detail);
export const tooManyRequests = (detail: string, waitSeconds: number) =>
  new AppError(429, 'rate_limited', detail, { wait_time: waitSeconds });

/** How long a caller should wait before retrying while the database is unreachable (a restart takes about 1 s). */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

/** 503 with `Retry-After`: the request could not be served now, and may be sent again after the wait. */
export class UnavailableError extends AppError {
  readonly retryAfterSeconds: number;

  constructor(code: 'service_unavailable' | 'database_unavailable', detail: string, retryAfterSeconds: number) {
    super(503, code, detail);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** 503 while PostgreSQL is unreachable (restart, failover): nothing was wrong with the request. */
export const databaseUnavailable = () =>
  new UnavailableError(
    'database_unavailable',
    'The database is unavailable for a moment; try again shortly',
    DATABASE_RETRY_AFTER_SECONDS,
  );
