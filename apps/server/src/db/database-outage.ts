import type { Logger } from '../logging.ts';

/**
 * PostgreSQL error codes that mean "the server cannot take this connection or query now", not "this
 * query is wrong": connection exceptions (class 08, but a protocol violation is a bug), the server
 * shutting down or starting (57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now) and
 * too many connections (53300).
 */
const UNAVAILABLE_SQLSTATES = new Set([
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '08007',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);

/** Node's socket errors when the server is down, restarting or unreachable. */
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/** What `pg` throws itself when a connection dies or cannot be had, without a code. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /Client has encountered a connection error and is not queryable/,
  /Client was closed and is not queryable/,
  /^the database system is (starting up|shutting down|in recovery mode)/,
];

/**
 * Whether an error of a database call means the database is unreachable for now (restart, failover,
 * network), so the caller should retry later, rather than a fault of the query or the code. An
 * AggregateError (a connect to every address of a host failing) counts when all its errors do. `cause`
 * is not followed: `fetch` wraps a refused connection to some other service that way.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 2 || typeof error !== 'object' || error === null) return false;
  const { code, message, errors } = error as { code?: unknown; message?: unknown; errors?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_SOCKET_CODES.has(code))) return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
  return Array.isArray(errors) && errors.length > 0 && errors.every((inner) => isDatabaseUnavailable(inner, depth + 1));
}

export type DatabaseState = 'up' | 'down';

/**
 * One process's view of its database: `down` from the first outage error any part of the process
 * meets until a probe answers again. The outage is logged once when it starts and once when it ends,
 * however many requests, jobs and listeners fail meanwhile.
 */
export interface DatabaseAvailability {
  readonly state: DatabaseState;
  /**
   * Notes a failed database call. True when it is an outage (the caller need not log it: this did, once
   * per outage), false for any other error, which the caller reports as usual.
   */
  noteFailure(error: unknown): boolean;
  /** Called with the new state whenever it changes. */
  onChange(listener: (state: DatabaseState) => void): () => void;
  /** Stops probing (the database is being closed). */
  close(): void;
}

export interface AvailabilityOptions {
  /** A trivial query; resolves once the database answers again. */
  probe: () => Promise<unknown>;
  logger?: Pick<Logger, 'warn'> | undefined;
  /** How often the probe runs while the database is down. */
  probeIntervalMs?: number;
  now?: () => number;
}

export const OUTAGE_PROBE_INTERVAL_MS = 250;

export function watchDatabaseAvailability(options: AvailabilityOptions): DatabaseAvailability {
  const now = options.now ?? Date.now;
  const listeners = new Set<(state: DatabaseState) => void>();
  let state: DatabaseState = 'up';
  let downSince = 0;
  let probeTimer: NodeJS.Timeout | undefined;
  let closed = false;

  const change = (next: DatabaseState) => {
    state = next;
    for (const listener of listeners) listener(next);
  };
  const probeLater = () => {
    probeTimer = setTimeout(() => {
      options.probe().then(
        () => {
          if (closed) return;
          // Both ends of an outage are warnings: an operator filtering warnings sees how long it lasted.
          options.logger?.warn(`database is back after ${((now() - downSince) / 1000).toFixed(1)} s`);
          change('up');
        },
        () => {
          if (!closed) probeLater();
        },
      );
    }, options.probeIntervalMs ?? OUTAGE_PROBE_INTERVAL_MS);
    probeTimer.unref();
  };

  return {
    get state() {
      return state;
    },
    noteFailure(error) {
      if (!isDatabaseUnavailable(error)) return false;
      if (state === 'up' && !closed) {
        downSince = now();
        options.logger?.warn(`database unavailable; retrying (${describe(error)})`);
        change('down');
        probeLater();
      }
      return true;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      closed = true;
      clearTimeout(probeTimer);
      listeners.clear();
    },
  };
}

/** An embedded database is part of the process: it is never unreachable. */
export const alwaysAvailable: DatabaseAvailability = {
  state: 'up',
  noteFailure: () => false,
  onChange: () => () => undefined,
  close: () => undefined,
};

function describe(error: unknown): string {
  const message =
    error instanceof Error || (typeof error === 'object' && error !== null && 'message' in error)
      ? String((error as { message: unknown }).message)
      : String(error);
  // pg-boss appends "(Queue: …, Worker: …)"; the first line is what the database said.
  return message.split('\n')[0]?.replace(/ \(Queue: .*\)$/, '') ?? message;
}
