import type { WebSocket } from 'ws';
import type { ZodApp } from '../http/types.ts';
import { requireUser } from '../http/security.ts';
import type { LiveMessage } from '@mining-hub/contract/live';
import type { LiveBus } from './live-bus.ts';

const PING_INTERVAL_MS = 30_000;

/**
 * The WebSocket at /ws: the security hook has already checked the session cookie and origin;
 * here each socket joins its user's set, receives the catch-up messages, then the bus events meant for it.
 */
export function registerLiveSocket(
  app: ZodApp,
  deps: {
    bus: LiveBus;
    /** Messages a socket receives as soon as it opens: the state of things it may have missed. */
    catchUp?: (userId: number) => Promise<LiveMessage[]>;
  },
): void {
  const socketsByUser = new Map<number, Set<WebSocket>>();
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
    unsubscribe();
    for (const sockets of socketsByUser.values())
      for (const socket of sockets) socket.close(1001, 'server shutting down');
  });

  app.get('/ws', { websocket: true, schema: { hide: true } }, (socket, request) => {
    const userId = requireUser(request).id;
    const sockets = socketsByUser.get(userId) ?? new Set<WebSocket>();
    socketsByUser.set(userId, sockets);
    sockets.add(socket);
    alive.add(socket);
    socket.on('pong', () => alive.add(socket));
    socket.on('close', () => {
      sockets.delete(socket);
      if (sockets.size === 0) socketsByUser.delete(userId);
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
