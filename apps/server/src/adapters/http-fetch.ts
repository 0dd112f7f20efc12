import { decodeText, type TextKind } from '../lib/decode-text.ts';
import { parseRetryAfterMs } from '@mining-hub/contract/retry-after';

/** A fetch that cannot hang or flood us: a deadline, a size cap and a content-type allow-list. */
export interface LimitedFetchOptions {
  timeoutMs: number;
  maxBytes: number;
  /** Accepted content types (prefix match, e.g. 'application/rss+xml'); empty accepts anything. */
  contentTypes?: string[];
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** How to find the body's encoding when the content type cannot be trusted to say (a feed sent as text/html). */
  decodeAs?: TextKind;
}

export class FetchError extends Error {
  readonly status: number | undefined;
  /** Milliseconds the server asked us to wait (Retry-After), when it said. */
  readonly retryAfterMs: number | undefined;
  constructor(message: string, status?: number, retryAfterMs?: number) {
    super(message);
    this.status = status;
    this.retryAfterMs = retryAfterMs;
  }
}

/**
 * GETs a URL and returns its body as text, decoded as a browser would (BOM, charset, the document's own
 * declaration), or throws a FetchError saying what went wrong.
 */
export async function fetchTextWithLimits(
  url: string,
  options: LimitedFetchOptions,
): Promise<{ text: string; contentType: string; encoding: string }> {
  const signals = [AbortSignal.timeout(options.timeoutMs), ...(options.signal ? [options.signal] : [])];
  let response: Response;
  try {
    response = await fetch(url, { headers: options.headers, signal: AbortSignal.any(signals), redirect: 'follow' });
  } catch (error) {
    throw new FetchError(describeFetchFailure(error, options.timeoutMs));
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new FetchError(
      `HTTP ${response.status}`,
      response.status,
      parseRetryAfterMs(response.headers.get('retry-after')),
    );
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
    throw new FetchError(describeFetchFailure(error, options.timeoutMs));
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
