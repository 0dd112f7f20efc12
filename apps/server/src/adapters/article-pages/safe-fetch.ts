import { fetch, type Dispatcher } from 'undici';
import { parseRetryAfterMs } from '@mining-hub/contract/retry-after';
import {
  freshPublicAgent,
  freshTrustedAgent,
  hostAddressOf,
  isPublicAddress,
  publicAgent,
  trustedAgent,
} from '../guarded-network.ts';
import { readLimitedBody } from '../http-fetch.ts';
import { isDroppedConnection, isTransientStatus, retryTransient } from '../http-retry.ts';

export interface SafeFetchOptions {
  /** Origins reachable even on private addresses (the app's own, which serves the demo corpus). */
  allowedOrigins: string[];
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  contentTypes: string[];
  signal?: AbortSignal;
}

export class PageFetchError extends Error {
  /** Worth retrying later (timeouts, 5xx, 429), as opposed to a page that will never work. */
  readonly retryable: boolean;
  /** Worth retrying at once, within the same fetch: the connection dropped, or a 502/503/504. */
  readonly transient: boolean;
  /** Milliseconds the server asked us to wait (Retry-After), when it said. */
  readonly retryAfterMs: number | undefined;
  constructor(
    message: string,
    retryable: boolean,
    { transient = false, retryAfterMs }: { transient?: boolean; retryAfterMs?: number | undefined } = {},
  ) {
    super(message);
    this.retryable = retryable;
    this.transient = transient;
    this.retryAfterMs = retryAfterMs;
  }
}

/** Attempts after the first of one hop, within the fetch's deadline, as for feeds (http-retry.ts). */
const PAGE_RETRIES = 2;

type Page = {
  body: Buffer;
  /** The media type alone ('text/html'), lower-cased. */
  contentType: string;
  /** The whole Content-Type header, whose charset the text decoder needs. */
  contentTypeHeader: string;
  finalUrl: string;
};

/**
 * GETs an article page from the internet: http(s) only, public addresses only (except the allowed
 * origins), redirects followed by hand and each hop checked, a deadline, a size cap and allowed types.
 * A hop whose connection drops, or that answers 502/503/504, is tried twice more (on new connections)
 * while the deadline allows.
 */
export async function safeFetch(rawUrl: string, options: SafeFetchOptions): Promise<Page> {
  const signal = AbortSignal.any([AbortSignal.timeout(options.timeoutMs), ...(options.signal ? [options.signal] : [])]);
  const deadline = Date.now() + options.timeoutMs;
  let url = parseHttpUrl(rawUrl);
  for (let hop = 0; ; hop++) {
    const trusted = options.allowedOrigins.includes(url.origin);
    const literal = hostAddressOf(url);
    if (!trusted && literal && !isPublicAddress(literal)) {
      throw new PageFetchError(`refused: ${url.hostname} is a private address`, false);
    }
    const target = url;
    const answer = await retryTransient(
      (previousAttempts) => {
        const fresh = previousAttempts > 0;
        const agent = trusted ? (fresh ? freshTrustedAgent : trustedAgent) : fresh ? freshPublicAgent : publicAgent;
        return fetchHop(target, agent, signal, options);
      },
      (error) => (error instanceof PageFetchError && error.transient ? { retryAfterMs: error.retryAfterMs } : null),
      { retries: PAGE_RETRIES, deadline, signal },
    );
    if ('location' in answer) {
      if (hop >= options.maxRedirects)
        throw new PageFetchError(`too many redirects (more than ${options.maxRedirects})`, false);
      url = parseHttpUrl(new URL(answer.location, url).toString());
      continue;
    }
    return answer;
  }
}

/** One request of one hop: the page, or where it redirects to. */
async function fetchHop(
  url: URL,
  dispatcher: Dispatcher,
  signal: AbortSignal,
  options: SafeFetchOptions,
): Promise<Page | { location: string }> {
  let response;
  try {
    response = await fetch(url, { redirect: 'manual', signal, dispatcher });
  } catch (error) {
    throw describe(error, options.timeoutMs);
  }
  const location = response.headers.get('location');
  if (response.status >= 300 && response.status < 400 && location) {
    await response.body?.cancel();
    return { location };
  }
  if (!response.ok) {
    await response.body?.cancel();
    const retryable = response.status === 429 || response.status >= 500;
    throw new PageFetchError(`page answered HTTP ${response.status}`, retryable, {
      transient: isTransientStatus(response.status),
      retryAfterMs: parseRetryAfterMs(response.headers.get('retry-after')),
    });
  }
  const contentTypeHeader = response.headers.get('content-type') ?? '';
  const contentType = contentTypeHeader.split(';')[0]?.trim().toLowerCase() ?? '';
  if (!options.contentTypes.includes(contentType)) {
    await response.body?.cancel();
    throw new PageFetchError(`unsupported content type ${contentType || '(none)'}`, false);
  }
  if (Number(response.headers.get('content-length')) > options.maxBytes) {
    await response.body?.cancel();
    throw new PageFetchError(`page larger than ${Math.round(options.maxBytes / 1048576)} MB`, false);
  }
  let body: Buffer | undefined;
  try {
    body = await readLimitedBody(response.body, options.maxBytes);
  } catch (error) {
    throw describe(error, options.timeoutMs);
  }
  if (!body) throw new PageFetchError(`page larger than ${Math.round(options.maxBytes / 1048576)} MB`, false);
  return { body, contentType, contentTypeHeader, finalUrl: url.toString() };
}

function parseHttpUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new PageFetchError(`not a valid URL: ${value}`, false);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new PageFetchError(`refused: ${url.protocol} URLs`, false);
  return url;
}

function describe(error: unknown, timeoutMs: number): PageFetchError {
  if (error instanceof PageFetchError) return error;
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return new PageFetchError(`page timed out after ${Math.round(timeoutMs / 1000)} s`, true);
  }
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : undefined;
  const message = cause?.message ?? (error instanceof Error ? error.message : String(error));
  const privateRefusal = message.startsWith('refused:');
  return new PageFetchError(privateRefusal ? message : `page could not be fetched: ${message}`, !privateRefusal, {
    transient: isDroppedConnection(error),
  });
}
