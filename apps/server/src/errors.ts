/** Every error a service may throw on purpose; the one error handler turns it into `{detail}`. */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: string;
  /** Extra fields for the body, e.g. `wait_time` of a 429. */
  readonly extra: Record<string, unknown>;

  constructor(statusCode: number, code: string, detail: string, extra: Record<string, unknown> = {}) {
    super(detail);
    this.statusCode = statusCode;
    this.code = code;
    this.extra = extra;
  }
}

export const badRequest = (detail: string) => new AppError(400, 'bad_request', detail);
export const unauthenticated = (detail = 'Authentication required') => new AppError(401, 'unauthenticated', detail);
export const forbidden = (detail: string) => new AppError(403, 'forbidden', detail);
export const notFound = (detail: string) => new AppError(404, 'not_found', detail);
export const conflict = (detail: string) => new AppError(409, 'conflict', detail);
export const tooManyRequests = (detail: string, waitSeconds: number) =>
  new AppError(429, 'too_many_requests', detail, { wait_time: waitSeconds });
