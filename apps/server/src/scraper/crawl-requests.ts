import type { CrawlRequest } from '../adapters/project-sources/project-source.ts';
import { parseRetryAfterMs, RETRY_AFTER_MAX_MS } from '@mining-hub/contract/retry-after';
import type { RunControl } from './run-control.ts';

/** Retries of one request after its first attempt, for the HTTP and the browser crawler alike. */
export const MAX_RETRIES = 3;

/** An answer that must not be retried (404, 401…). */
export class PermanentFetchError extends Error {}

/** A 429 (or 503) that said how long to wait. */
export class RetryAfterError extends Error {
  readonly retryAfterMs: number;

  constructor(message: string, retryAfterMs: number) {
    super(message);
    this.retryAfterMs = retryAfterMs;
  }
}

export type CrawleeRequestInput = ReturnType<typeof toCrawleeRequest>;

export function toCrawleeRequest(request: CrawlRequest, userData: Record<string, string>) {
  return { url: request.url, uniqueKey: request.url, headers: request.headers, userData };
}

/** Turns an HTTP status into the error the retry policy needs; 2xx and 3xx pass. */
export function checkStatus(status: number | undefined, retryAfter: string | string[] | undefined): void {
  if (status === undefined || status < 400) return;
  if (status === 429 || status === 503) {
    const waitMs = parseRetryAfterMs(retryAfter, { maxMs: RETRY_AFTER_MAX_MS });
    if (waitMs !== undefined)
      throw new RetryAfterError(`HTTP ${status}, retry after ${Math.round(waitMs / 1000)} s`, waitMs);
    throw new Error(`HTTP ${status}`);
  }
  if (status >= 500) throw new Error(`HTTP ${status}`);
  throw new PermanentFetchError(`HTTP ${status}`);
}

/** The first line of an error's message, at most 300 characters: what logs and reports show. */
export function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0]?.slice(0, 300) ?? 'unknown error';
}

export async function sleepUnlessStopped(ms: number, control: RunControl): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until && !control.isStopped) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(200, until - Date.now())));
  }
}
