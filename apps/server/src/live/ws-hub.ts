import type { FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import type { ZodApp } from '../http/types.ts';
import { requireUser } from '../http/security.ts';
import { isDatabaseUnavailable } from '../db/database-outage.ts';
import { LIVE_SESSION_ENDED_CLOSE_CODE, liveClientMessageSchema, type LiveMessage } from '@mining-hub/contract/live';
import type { LiveBus } from './live-bus.ts';

const PING_INTERVAL_MS = 30_000;
/** How often the sessions of open sockets are checked against the database (what the bus may have missed). */
export const SESSION_RECHECK_INTERVAL_MS = 5_000;
/** A socket's catch-ups start at least this far apart, however often its client asks. */
export const CATCH_UP_MIN_INTERVAL_MS = 1_000;

const RESYNC: LiveMessage = { type: 'resync' };

/** Per socket: whose it is, and its catch-up (live messages for it wait in `held` while one is read). */
interface SocketState {
  userId: number;
  held?: string[];
  /** A catch-up asked for while one runs: it follows, with these messages after it. */
  queued?: LiveMessage[];
  lastCatchUpAt: number;
  timer?: NodeJS.Timeout;
}

/**
 * The WebSocket at /ws: the security hook has already checked the session cookie and origin;
 * here each socket joins its user's set, receives the catch-up messages, then the bus events meant for it.
 * A socket lives no longer than its session: it is closed (code 4401) when the bus says the session
 * ended, or when the periodic re-check finds it gone, expired or idle.
 *
 * Messages can go missing between processes (the relay lost its database connection, or another process
 * could not send): then every socket catches up again from the database, followed by `resync`. A client
 * that sees a gap in a topic's numbers asks for the same with `catch_up`.
 */
export function registerLiveSocket(
  app: ZodApp,
  deps: {
    bus: LiveBus;
    /** Messages a socket receives as soon as it opens: the state of things it may have missed. */
    catchUp?: (userId: number) => Promise<LiveMessage[]>;
    sessions: {
      /** The session id behind an upgrade the security hook has authenticated. */
      idOf: (request: FastifyRequest) => string | undefined;
      /** Which of these session ids still hold; must not count as activity. */
      stillValid: (ids: string[]) => Promise<Set<string>>;
    };
    sessionRecheckMs?: number;
  },
): void {
  const socketsByUser = new Map<number, Set<WebSocket>>();
  const socketsBySession = new Map<string, Set<WebSocket>>();
  const states = new WeakMap<WebSocket, SocketState>();
  const send = (socket: WebSocket, payload: string) => {
    const held = states.get(socket)?.held;
    if (held) held.push(payload);
    else if (socket.readyState === socket.OPEN) socket.send(payload);
  };
  const everySocket = () => [...socketsByUser.values()].flatMap((sockets) => [...sockets]);

  /** A database outage is logged once by the database handle; anything else here is worth a line. */
  const logFailure = (error: unknown, what: string) => {
    if (!isDatabaseUnavailable(error)) app.log.error({ err: error }, what);
  };
  const readCatchUp = (userId: number): Promise<LiveMessage[]> =>
    (deps.catchUp?.(userId) ?? Promise.resolve([])).catch((error: unknown) => {
      logFailure(error, 'live catch-up failed');
      return [];
    });

  /**
   * Sends the socket its user's state, read now, then `after`. Bus events for it wait meanwhile, so they
   * reach it after the catch-up: state written before the read is in it, anything later follows it.
   */
  const catchUp = (socket: WebSocket, after: LiveMessage[], read = readCatchUp) => {
    const state = states.get(socket);
    if (!state || socket.readyState !== socket.OPEN) return;
    if (state.held || state.timer) {
      state.queued = mergeAfter(state.queued, after);
      return;
    }
    const wait = state.lastCatchUpAt + CATCH_UP_MIN_INTERVAL_MS - Date.now();
    if (wait > 0) {
      state.queued = mergeAfter(state.queued, after);
      state.timer = setTimeout(() => {
        state.timer = undefined;
        const queued = state.queued ?? [];
        state.queued = undefined;
        catchUp(socket, queued);
      }, wait);
      state.timer.unref();
      return;
    }
    state.lastCatchUpAt = Date.now();
    const held: string[] = [];
    state.held = held;
    void read(state.userId).then((messages) => {
      state.held = undefined;
      for (const payload of [...[...messages, ...after].map((message) => JSON.stringify(message)), ...held])
        send(socket, payload);
      if (state.queued) {
        const queued = state.queued;
        state.queued = undefined;
        catchUp(socket, queued);
      }
    });
  };

  const unsubscribe = deps.bus.subscribe(({ audience, message }) => {
    const payload = JSON.stringify(message);
    const targets = audience === 'all' ? [...socketsByUser.values()] : [socketsByUser.get(audience.userId)];
    for (const sockets of targets) for (const socket of sockets ?? []) send(socket, payload);
  });

  // The relay lost its database, or messages went missing: every socket is told, and catches up once the
  // database answers again (each user's state read once for all their sockets).
  let databaseDown = false;
  const stopRelayEvents = deps.bus.onRelayEvent((event) => {
    if (event === 'database_down') {
      databaseDown = true;
      const payload = JSON.stringify({ type: 'service_status', database: 'down' } satisfies LiveMessage);
      for (const socket of everySocket()) send(socket, payload);
      return;
    }
    const after: LiveMessage[] = databaseDown ? [{ type: 'service_status', database: 'up' }, RESYNC] : [RESYNC];
    databaseDown = false;
    const reads = new Map<number, Promise<LiveMessage[]>>();
    const readOncePerUser = (userId: number) => {
      const read = reads.get(userId) ?? readCatchUp(userId);
      reads.set(userId, read);
      return read;
    };
    for (const socket of everySocket()) catchUp(socket, after, readOncePerUser);
  });

  // Closing makes the socket CLOSING at once, so `send` gives it nothing more.
  const endSession = (sockets: Iterable<WebSocket> | undefined) => {
    for (const socket of [...(sockets ?? [])]) socket.close(LIVE_SESSION_ENDED_CLOSE_CODE, 'session ended');
  };
  const stopEnding = deps.bus.onSessionsEnded((ended) => {
    if ('userId' in ended) endSession(socketsByUser.get(ended.userId));
    else for (const id of ended.sessionIds) endSession(socketsBySession.get(id));
  });

  // The guarantee behind the bus (a dropped LISTEN connection, a session deleted in the database,
  // expiry): one query per interval for all the sessions this process has sockets for.
  let rechecking = false;
  const recheck = setInterval(() => {
    if (rechecking || socketsBySession.size === 0) return;
    rechecking = true;
    const ids = [...socketsBySession.keys()];
    void deps.sessions
      .stillValid(ids)
      .then((valid) => {
        for (const id of ids) if (!valid.has(id)) endSession(socketsBySession.get(id));
      })
      .catch((error: unknown) => logFailure(error, 'live session re-check failed'))
      .finally(() => (rechecking = false));
  }, deps.sessionRecheckMs ?? SESSION_RECHECK_INTERVAL_MS);
  recheck.unref();

  // Pings keep proxies from closing idle sockets and let us drop peers that vanished.
  const alive = new WeakSet<WebSocket>();
  const pinger = setInterval(() => {
    for (const socket of everySocket()) {
      if (!alive.has(socket)) {
        socket.terminate();
        continue;
      }
      alive.delete(socket);
      socket.ping();
    }
  }, PING_INTERVAL_MS);
  pinger.unref();

  app.addHook('onClose', async () => {
    clearInterval(pinger);
    clearInterval(recheck);
    unsubscribe();
    stopEnding();
    stopRelayEvents();
    for (const socket of everySocket()) socket.close(1001, 'server shutting down');
  });

  app.get('/ws', { websocket: true, schema: { hide: true } }, (socket, request) => {
    const userId = requireUser(request).id;
    const sessionId = deps.sessions.idOf(request);
    if (!sessionId) return void socket.close(LIVE_SESSION_ENDED_CLOSE_CODE, 'no session');
    const leaveUser = join(socketsByUser, userId, socket);
    const leaveSession = join(socketsBySession, sessionId, socket);
    const state: SocketState = { userId, lastCatchUpAt: 0 };
    states.set(socket, state);
    alive.add(socket);
    socket.on('pong', () => alive.add(socket));
    socket.on('message', (data: RawData) => {
      if (isCatchUpRequest(data)) catchUp(socket, [RESYNC]);
    });
    socket.on('close', () => {
      clearTimeout(state.timer);
      leaveUser();
      leaveSession();
    });
    if (deps.catchUp) catchUp(socket, []);
  });
}

/** What follows a catch-up asked for while another was pending: both lists, each message once. */
function mergeAfter(queued: LiveMessage[] | undefined, after: LiveMessage[]): LiveMessage[] {
  const merged = new Map([...(queued ?? []), ...after].map((message) => [JSON.stringify(message), message]));
  return [...merged.values()];
}

/** Whether a client's frame is `{"type": "catch_up"}`; anything else is ignored. */
function isCatchUpRequest(data: RawData): boolean {
  try {
    const bytes = Array.isArray(data) ? Buffer.concat(data) : data instanceof ArrayBuffer ? Buffer.from(data) : data;
    const text = bytes.toString('utf8');
    return liveClientMessageSchema.safeParse(JSON.parse(text)).data?.type === 'catch_up';
  } catch {
    return false;
  }
}

/** Adds the socket to the key's set; returns how to take it out again (dropping an empty set). */
function join<Key>(index: Map<Key, Set<WebSocket>>, key: Key, socket: WebSocket): () => void {
  const sockets = index.get(key) ?? new Set<WebSocket>();
  index.set(key, sockets);
  sockets.add(socket);
  return () => {
    sockets.delete(socket);
    if (sockets.size === 0 && index.get(key) === sockets) index.delete(key);
  };
}
