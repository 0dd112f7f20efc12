import { Agent, fetch } from 'undici';
import { decodeText, type TextKind } from '../lib/decode-text.ts';
import { parseRetryAfterMs } from '@mining-hub/contract/retry-after';
import { isDroppedConnection, isTransientStatus, retryTransient, type RetryPolicy } from './http-retry.ts';

/** A fetch that cannot hang or flood us: a deadline, a size cap and a content-type allow-list. */
export interface LimitedFetchOptions {
  /** Longest one attempt may take. */
  timeoutMs: number;
  maxBytes: number;
  /** Accepted content types (prefix match, e.g. 'application/rss+xml'); empty accepts anything. */
  contentTypes?: string[];
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** How to find the body's encoding when the content type cannot be trusted to say (a feed sent as text/html). */
  decodeAs?: TextKind;
  /**
   * Retries of a dropped connection, a timed-out attempt or a 502/503/504 (see http-retry.ts); none without.
   * The `signal` ends their waits too.
   */
  retry?: Omit<RetryPolicy, 'signal'>;
}

export class FetchError extends Error {
  readonly status: number | undefined;
  /** Milliseconds the server asked us to wait (Retry-After), when it said. */
  readonly retryAfterMs: number | undefined;
  /** Worth another attempt soon: the connection dropped, the attempt timed out, or a 502/503/504. */
  readonly transient: boolean;
  constructor(
    message: string,
    { status, retryAfterMs, transient = false }: { status?: number; retryAfterMs?: number; transient?: boolean } = {},
  ) {
    super(message);
    this.status = status;
    this.retryAfterMs = retryAfterMs;
    this.transient = transient;
  }
}

/**
 * For retries: a connection of their own, closed after the answer. A server that dropped one kept-alive
 * connection has usually dropped the other idle ones in the pool too, so a retry on any of them would fail
 * the same way.
 */
const freshConnections = new Agent({ pipelining: 0 });

/**
 * GETs a URL and returns its body as text, decoded as a browser would (BOM, charset, the document's own
 * declaration), or throws a FetchError saying what went wrong. With `retry`, transient failures are tried
 * again, each retry on a new connection.
 */
export async function fetchTextWithLimits(
  url: string,
  options: LimitedFetchOptions,
): Promise<{ text: string; contentType: string; encoding: string }> {
  if (!options.retry) return fetchOnce(url, options);
  return retryTransient(
    (previousAttempts) => fetchOnce(url, options, previousAttempts > 0 ? freshConnections : undefined),
    (error) => (error instanceof FetchError && error.transient ? { retryAfterMs: error.retryAfterMs } : null),
    { ...options.retry, signal: options.signal },
  );
}

async function fetchOnce(
  url: string,
  options: LimitedFetchOptions,
  dispatcher?: Agent,
): Promise<{ text: string; contentType: string; encoding: string }> {
  const attemptTimeout = AbortSignal.timeout(options.timeoutMs);
  const signal = AbortSignal.any([attemptTimeout, ...(options.signal ? [options.signal] : [])]);
  // Transient: this attempt's own time ran out (not the caller's), or the connection dropped.
  const failure = (error: unknown) =>
    new FetchError(describeFetchFailure(error, options.timeoutMs), {
      transient: (attemptTimeout.aborted && !options.signal?.aborted) || isDroppedConnection(error),
    });
  let response;
  try {
    response = await fetch(url, {
      headers: options.headers,
      signal,
      redirect: 'follow',
      ...(dispatcher ? { dispatcher } : {}),
    });
  } catch (error) {
    throw failure(error);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new FetchError(`HTTP ${response.status}`, {
      status: response.status,
      retryAfterMs: parseRetryAfterMs(response.headers.get('retry-after')),
      transient: isTransientStatus(response.status),
    });
  }
  const contentType = response.headers.get('content-type') ?? '';
  const allowed = options.contentTypes ?? [];
  if (allowed.length > 0 && !allowed.some((type) => contentType.toLowerCase().startsWith(type))) {
    await response.body?.cancel();
    throw new FetchError(`unexpected content type ${contentType || '(none)'}`);
  }
  const declared = Number(response.headers.get('content-length'));
  if (declared > options.maxBytes) {
    await response.body?.cancel();
    throw new FetchError(`body larger than ${formatBytes(options.maxBytes)}`);
  }
  let body: Buffer | undefined;
  try {
    body = await readLimitedBody(response.body, options.maxBytes);
  } catch (error) {
    throw failure(error);
  }
  if (!body) throw new FetchError(`body larger than ${formatBytes(options.maxBytes)}`);
  try {
    return { ...decodeText(body, contentType, options.decodeAs), contentType };
  } catch (error) {
    throw new FetchError(error instanceof Error ? error.message : String(error));
  }
}

function describeFetchFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return `timed out after ${Math.round(timeoutMs / 1000)} s`;
  }
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : undefined;
  return cause ?? (error instanceof Error ? error.message : String(error));
}

const formatBytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** The part of a web stream we read (global fetch and undici type their streams differently). */
interface ByteStream {
  getReader(): { read(): Promise<{ done: boolean; value?: Uint8Array }>; cancel(reason?: unknown): Promise<void> };
}

/** Reads a response body up to `maxBytes`; undefined (and the stream cancelled) when it is larger. */
export async function readLimitedBody(stream: ByteStream | null, maxBytes: number): Promise<Buffer | undefined> {
  if (!stream) return Buffer.alloc(0);
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done || !value) return Buffer.concat(chunks);
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
}
