import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { ZodApp } from '../http/types.ts';
import { requireUser } from '../http/security.ts';
import { LIVE_SESSION_ENDED_CLOSE_CODE, type LiveMessage } from '@mining-hub/contract/live';
import type { LiveBus } from './live-bus.ts';

const PING_INTERVAL_MS = 30_000;
/** How often the sessions of open sockets are checked against the database (what the bus may have missed). */
export const SESSION_RECHECK_INTERVAL_MS = 5_000;

/**
 * The WebSocket at /ws: the security hook has already checked the session cookie and origin;
 * here each socket joins its user's set, receives the catch-up messages, then the bus events meant for it.
 * A socket lives no longer than its session: it is closed (code 4401) when the bus says the session
 * ended, or when the periodic re-check finds it gone, expired or idle.
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
  // Bus events for a socket whose catch-up is still being read wait here, so they reach it after the
  // catch-up: state written before the socket joined is in the catch-up, anything later follows it.
  const heldUntilCaughtUp = new WeakMap<WebSocket, string[]>();
  const send = (socket: WebSocket, payload: string) => {
    const held = heldUntilCaughtUp.get(socket);
    if (held) held.push(payload);
    else if (socket.readyState === socket.OPEN) socket.send(payload);
  };

  const unsubscribe = deps.bus.subscribe(({ audience, message }) => {
    const payload = JSON.stringify(message);
    const targets = audience === 'all' ? [...socketsByUser.values()] : [socketsByUser.get(audience.userId)];
    for (const sockets of targets) for (const socket of sockets ?? []) send(socket, payload);
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
      .catch((error: unknown) => app.log.error({ err: error }, 'live session re-check failed'))
      .finally(() => (rechecking = false));
  }, deps.sessionRecheckMs ?? SESSION_RECHECK_INTERVAL_MS);
  recheck.unref();

  // Pings keep proxies from closing idle sockets and let us drop peers that vanished.
  const alive = new WeakSet<WebSocket>();
  const pinger = setInterval(() => {
    for (const sockets of socketsByUser.values()) {
      for (const socket of sockets) {
        if (!alive.has(socket)) {
          socket.terminate();
          continue;
        }
        alive.delete(socket);
        socket.ping();
      }
    }
  }, PING_INTERVAL_MS);
  pinger.unref();

  app.addHook('onClose', async () => {
    clearInterval(pinger);
    clearInterval(recheck);
    unsubscribe();
    stopEnding();
    for (const sockets of socketsByUser.values())
      for (const socket of sockets) socket.close(1001, 'server shutting down');
  });

  app.get('/ws', { websocket: true, schema: { hide: true } }, (socket, request) => {
    const userId = requireUser(request).id;
    const sessionId = deps.sessions.idOf(request);
    if (!sessionId) return void socket.close(LIVE_SESSION_ENDED_CLOSE_CODE, 'no session');
    const leaveUser = join(socketsByUser, userId, socket);
    const leaveSession = join(socketsBySession, sessionId, socket);
    alive.add(socket);
    socket.on('pong', () => alive.add(socket));
    socket.on('close', () => {
      leaveUser();
      leaveSession();
    });
    if (!deps.catchUp) return;
    const held: string[] = [];
    heldUntilCaughtUp.set(socket, held);
    void deps
      .catchUp(userId)
      .catch((error: unknown) => {
        request.log.error({ err: error }, 'live catch-up failed');
        return [];
      })
      .then((messages) => {
        heldUntilCaughtUp.delete(socket);
        for (const payload of [...messages.map((message) => JSON.stringify(message)), ...held]) send(socket, payload);
      });
  });
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
