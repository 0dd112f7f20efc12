import { setTimeout as sleep } from 'node:timers/promises';

/** Answers that mean "try again shortly": a gateway that lost its upstream, a server overloaded or restarting. */
const TRANSIENT_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

/**
 * Codes of a connection that dropped or stalled: a reset (often a kept-alive socket the server had already
 * closed when we reused it: ECONNRESET, or undici's 'other side closed'), a broken pipe, a connection or
 * answer that took too long. DNS failures and refused connections are not here: they last.
 */
const DROPPED_CONNECTION_CODES: ReadonlySet<string> = new Set([
  'ECONNRESET',
  'EPIPE',
  'ECONNABORTED',
  'ETIMEDOUT',
  'UND_ERR_SOCKET',
  // The connection ended before the body Content-Length promised: cut off mid-body.
  'UND_ERR_RES_CONTENT_LENGTH_MISMATCH',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

export function isTransientStatus(status: number): boolean {
  return TRANSIENT_STATUSES.has(status);
}

/** Whether an error, or one of its causes (fetch wraps them), is a connection that dropped or stalled. */
export function isDroppedConnection(error: unknown): boolean {
  for (let at = error, depth = 0; at instanceof Error && depth < 5; at = at.cause, depth++) {
    const code = (at as { code?: unknown }).code;
    if (typeof code === 'string' && DROPPED_CONNECTION_CODES.has(code)) return true;
  }
  return false;
}

export interface RetryPolicy {
  /** Attempts after the first. */
  retries: number;
  /** When the work must be over (epoch ms, the fetch's time budget): no wait is started that would end after it. */
  deadline?: number | undefined;
  /** Ends a wait early (the caller gave up). */
  signal?: AbortSignal | undefined;
  /** The first wait without Retry-After; each later one doubles, plus up to half again at random. */
  baseDelayMs?: number;
  /** Longest Retry-After waited for: a server asking for more is not asked again. */
  maxRetryAfterMs?: number;
}

/** Why a failure is worth another attempt, and how long the server asked us to wait, when it said. */
export interface TransientFailure {
  retryAfterMs?: number | undefined;
}

const BASE_DELAY_MS = 500;
const MAX_RETRY_AFTER_MS = 30_000;

/**
 * Runs `attempt` (given the number of attempts before it) until it succeeds, a failure `transient` does
 * not call transient, or the policy's retries or time run out; then the last failure is thrown, its message
 * saying why there was no further attempt ("HTTP 503 (3 attempts)").
 */
export async function retryTransient<T>(
  attempt: (previousAttempts: number) => Promise<T>,
  transient: (error: unknown) => TransientFailure | null,
  policy: RetryPolicy,
): Promise<T> {
  for (let previous = 0; ; previous++) {
    try {
      return await attempt(previous);
    } catch (error) {
      const failure = transient(error);
      if (!failure || !(error instanceof Error) || policy.signal?.aborted) throw error;
      const attempts = previous + 1;
      if (previous >= policy.retries) throw attempts > 1 ? givenUp(error, `${attempts} attempts`) : error;
      const retryAfterMs = failure.retryAfterMs;
      if (retryAfterMs !== undefined && retryAfterMs > (policy.maxRetryAfterMs ?? MAX_RETRY_AFTER_MS)) {
        throw givenUp(error, `asked to retry after ${Math.ceil(retryAfterMs / 1000)} s`);
      }
      const backoff = (policy.baseDelayMs ?? BASE_DELAY_MS) * 2 ** previous;
      const waitMs = retryAfterMs ?? backoff * (1 + Math.random() / 2);
      if (policy.deadline !== undefined && Date.now() + waitMs >= policy.deadline) {
        throw givenUp(error, attempts > 1 ? `${attempts} attempts, no time left for another` : 'no time left to retry');
      }
      // Aborted while waiting: the failure waited on is the answer, not the abort.
      await sleep(waitMs, undefined, policy.signal ? { signal: policy.signal } : {}).catch(() => {
        throw error;
      });
    }
  }
}

/** The failure, its message saying why it was the last attempt. */
function givenUp(error: Error, why: string): Error {
  error.message = `${error.message} (${why})`;
  return error;
}
