import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { Client } from '@hubspot/api-client';
import { isRecord } from '@mining-hub/contract/is-record';
import { parseRetryAfterMs } from '@mining-hub/contract/retry-after';
import { clip } from '../../lib/text.ts';
import { CrmError, type CrmExistingIds } from './crm-adapter.ts';

/*
 * HubSpot transport: the official client behind its own rate limiter, a request timeout, and `call`,
 * which retries 429 (as Retry-After says), 5xx and lost connections, and turns failures into CrmErrors.
 */

export interface HubspotTransportOptions {
  accessToken: string;
  basePath: string;
  rateLimit: { requests: number; intervalMs: number };
  maxConcurrent: number;
  maxRetries: number;
  retryBaseDelayMs: number;
  maxRetryAfterMs: number;
  timeoutMs: number;
  /** Waits between searches for a record whose create got no answer, while HubSpot's index catches up. */
  searchRetryDelaysMs: number[];
}

/** One API request with retries; `repeatable` says whether a lost connection may be retried. */
export type HubspotCall = <T>(
  what: string,
  repeatable: boolean,
  signal: AbortSignal | undefined,
  run: () => Promise<T>,
) => Promise<T>;

// Starts are spaced a little wider than the allowance, so network jitter never puts 101 requests in a window:
// 5 % (500 ms of a 10 s window; 0.98 left 40 ms of a 1 s window, which a busy machine's jitter used up).
const LIMIT_HEADROOM = 0.95;
/** Largest batch HubSpot's batch endpoints accept. */
export const BATCH_MAX = 100;

/** The client's CRM APIs and the `call` every request goes through, sharing one limiter and one 429 pause. */
export function createHubspotTransport(options: HubspotTransportOptions) {
  const { basePath, rateLimit, maxRetries, retryBaseDelayMs, maxRetryAfterMs, timeoutMs } = options;
  // The client's RetryDecorator is left off (numberOfApiCallRetries 0): it ignores Retry-After and only
  // knows HubSpot's own 429 bodies, so `call` below retries instead, through the same limiter.
  const client = new Client({
    accessToken: options.accessToken,
    basePath,
    numberOfApiCallRetries: 0,
    limiterOptions: {
      id: 'mining-hub-hubspot',
      maxConcurrent: options.maxConcurrent,
      minTime: Math.ceil(rateLimit.intervalMs / (rateLimit.requests * LIMIT_HEADROOM)),
    },
    httpAgent: agentWithTimeout(basePath, timeoutMs),
  });
  // The client decorates an API object (limiter) when it is first touched, from a process-wide registry
  // that the next `new Client()` replaces: touch them now so they keep this client's limiter.
  const companiesApi = client.crm.companies;
  const contactsApi = client.crm.contacts;
  const notesApi = client.crm.objects.notes;
  const associationsApi = client.crm.associations.v4;
  const propertiesApi = client.crm.properties;
  const objectsApi = client.crm.objects;
  const schemasApi = client.crm.schemas;
  // Set after a 429, so concurrent pushes wait with the one that was told to.
  let pausedUntil = 0;

  /** One API request with retries: 429 waits as Retry-After says, 5xx backs off, lost connections retry when safe. */
  const call: HubspotCall = async (what, repeatable, signal, run) => {
    for (let attempt = 0; ; attempt++) {
      const paused = pausedUntil - Date.now();
      if (paused > 0) await sleep(paused, signal);
      signal?.throwIfAborted();
      try {
        return await run();
      } catch (error) {
        const status = apiStatus(error);
        const transient =
          status === 429 ||
          (status !== undefined && status >= 500) ||
          (status === undefined && repeatable && isNetworkError(error));
        if (!transient || attempt >= maxRetries) throw describeFailure(error, what, attempt + 1, timeoutMs);
        let delay = retryBaseDelayMs * 2 ** attempt * (0.75 + Math.random() / 2);
        if (status === 429) {
          const asked = retryAfterMs(error);
          if (asked !== undefined && asked > maxRetryAfterMs)
            throw describeFailure(error, what, attempt + 1, timeoutMs);
          delay = asked ?? Math.min(rateLimit.intervalMs, 1_000 * 2 ** attempt);
          pausedUntil = Math.max(pausedUntil, Date.now() + delay);
        }
        await sleep(delay, signal);
      }
    }
  };

  const { searchRetryDelaysMs } = options;
  return {
    companiesApi,
    contactsApi,
    notesApi,
    associationsApi,
    propertiesApi,
    objectsApi,
    schemasApi,
    call,
    timeoutMs,
    searchRetryDelaysMs,
  };
}
export type HubspotTransport = ReturnType<typeof createHubspotTransport>;

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

class HubspotTimeoutError extends Error {
  override readonly name = 'HubspotTimeoutError';
}

/**
 * The client has no request timeout and no abort; with an agent it sends through node:http, so a
 * socket that stays silent for `timeoutMs` is destroyed here, which fails that request.
 */
function agentWithTimeout(basePath: string, timeoutMs: number): http.Agent {
  const options = { keepAlive: true, timeout: timeoutMs };
  const agent = basePath.startsWith('http:') ? new http.Agent(options) : new https.Agent(options);
  const createConnection = agent.createConnection.bind(agent);
  agent.createConnection = (connectOptions, callback) => {
    const socket = createConnection(connectOptions, callback);
    if (socket instanceof net.Socket) {
      socket.setTimeout(timeoutMs);
      socket.on('timeout', () =>
        socket.destroy(new HubspotTimeoutError(`no answer within ${Math.round(timeoutMs / 100) / 10} s`)),
      );
    }
    return socket;
  };
  // A socket back from the pool carries the server's shorter keep-alive timeout; a request gets the full one.
  const reuseSocket = agent.reuseSocket.bind(agent);
  agent.reuseSocket = (socket, request) => {
    reuseSocket(socket, request);
    if (socket instanceof net.Socket) socket.setTimeout(timeoutMs);
  };
  return agent;
}

/** The HTTP status of the client's ApiException (one class per API module, so matched by shape). */
function apiStatus(error: unknown): number | undefined {
  if (error instanceof Error && 'code' in error && typeof error.code === 'number' && 'body' in error) return error.code;
  return undefined;
}

function apiBody(error: unknown): unknown {
  return error instanceof Error && 'body' in error ? error.body : undefined;
}

function retryAfterMs(error: unknown): number | undefined {
  const headers = error instanceof Error && 'headers' in error ? error.headers : undefined;
  if (typeof headers !== 'object' || headers === null) return undefined;
  const value = (headers as Record<string, unknown>)['retry-after'];
  return parseRetryAfterMs(typeof value === 'string' ? value : null);
}

function isNetworkError(error: unknown): boolean {
  if (error instanceof HubspotTimeoutError) return true;
  const code = error instanceof Error && 'code' in error ? error.code : undefined;
  return (
    typeof code === 'string' &&
    /^(ECONN|EPIPE|ETIMEDOUT|EAI_AGAIN|ENOTFOUND|EHOSTUNREACH|ENETUNREACH|UND_ERR)/.test(code)
  );
}

/** 404 is the answer for an id deleted in HubSpot since it was stored: the caller finds or creates anew. */
export async function ifExists<T>(run: () => Promise<T>): Promise<T | undefined> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof CrmError && error.status === 404) return undefined;
    throw error;
  }
}

export function describeFailure(
  error: unknown,
  what: string,
  attempts: number,
  timeoutMs: number,
  partial?: CrmExistingIds,
): CrmError {
  if (error instanceof CrmError) return error;
  const tries = attempts > 1 ? ` (${attempts} attempts)` : '';
  const status = apiStatus(error);
  if (status !== undefined) {
    const detail = serviceMessage(apiBody(error));
    const common = { status, retryAfterMs: retryAfterMs(error), partial, cause: error };
    if (status === 401) {
      return new CrmError(`HubSpot rejected the access token (401) while ${what}: ${detail}`, {
        ...common,
        retryable: false,
      });
    }
    if (status === 403) {
      return new CrmError(`HubSpot refused access (403) while ${what}; check the app's scopes: ${detail}`, {
        ...common,
        retryable: false,
      });
    }
    if (status === 429) {
      return new CrmError(`HubSpot is rate limiting requests (429) while ${what}${tries}: ${detail}`, {
        ...common,
        retryable: true,
      });
    }
    // A 409 is HubSpot saying the record exists; trying again gets the same answer. With 'Existing ID' the
    // caller uses that record; without, the push fails for a person to look at.
    if (status === 409) {
      return new CrmError(`HubSpot reported a conflict (409) while ${what}: ${detail}`, {
        ...common,
        existingId: existingIdOf(apiBody(error)),
        retryable: false,
      });
    }
    if (status >= 500 || status === 408) {
      return new CrmError(`HubSpot failed (${status}) while ${what}${tries}: ${detail}`, {
        ...common,
        retryable: true,
      });
    }
    return new CrmError(`HubSpot refused the request (${status}) while ${what}: ${detail}`, {
      ...common,
      retryable: false,
    });
  }
  if (error instanceof HubspotTimeoutError) {
    return new CrmError(`HubSpot gave ${error.message} while ${what}${tries}`, {
      retryable: true,
      unanswered: true,
      partial,
      cause: error,
    });
  }
  const reason = error instanceof Error ? error.message : String(error);
  if (isNetworkError(error) || (error instanceof TypeError && /fetch failed/i.test(reason))) {
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return new CrmError(`Could not reach HubSpot while ${what}${tries}: ${clip(reason, 300)}${cause}`, {
      retryable: true,
      // A connection refused never carried the request; any other loss may have come after HubSpot acted on it.
      unanswered: !/ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH/.test(networkCode(error) ?? reason),
      partial,
      cause: error,
    });
  }
  // e.g. a proxy's HTML error page, which the client cannot parse: worth another try later.
  return new CrmError(`Unexpected answer from HubSpot while ${what}: ${clip(reason, 300)}`, {
    retryable: true,
    partial,
    cause: error,
  });
}

function networkCode(error: unknown): string | undefined {
  const code = error instanceof Error && 'code' in error ? error.code : undefined;
  if (typeof code === 'string') return code;
  return error instanceof Error && error.cause !== undefined ? networkCode(error.cause) : undefined;
}

const EXISTING_ID = /Existing ID:\s*(\d+)/i;

/**
 * The id a 409 names: 'Contact already exists. Existing ID: 123' (HubSpot's message, also in its
 * `errors[]`), or a batch error's `context.existingId`.
 */
function existingIdOf(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined;
  const fromMessage = typeof body.message === 'string' ? EXISTING_ID.exec(body.message)?.[1] : undefined;
  if (fromMessage) return fromMessage;
  const ids = isRecord(body.context) ? body.context.existingId : undefined;
  const first: unknown = Array.isArray(ids) ? ids[0] : ids;
  if ((typeof first === 'string' || typeof first === 'number') && /^\d+$/.test(String(first))) return String(first);
  for (const item of Array.isArray(body.errors) ? body.errors : []) {
    const id = existingIdOf(item);
    if (id) return id;
  }
  return undefined;
}

function serviceMessage(body: unknown): string {
  if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string') {
    return clip(body.message, 300);
  }
  return typeof body === 'string' && body.trim() !== '' ? clip(body.trim(), 300) : 'no details';
}
