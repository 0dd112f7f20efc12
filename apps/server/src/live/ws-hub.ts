import type { WebSocket } from 'ws';
import type { ZodApp } from '../http/types.ts';
import { requireUser } from '../http/security.ts';
import type { LiveBus } from './live-bus.ts';

const PING_INTERVAL_MS = 30_000;

/**
 * The WebSocket at /ws: the security hook has already checked the session cookie and origin;
 * here each socket joins its user's set and receives the bus events meant for it.
 */
export function registerLiveSocket(app: ZodApp, deps: { bus: LiveBus }): void {
  const socketsByUser = new Map<number, Set<WebSocket>>();

  const unsubscribe = deps.bus.subscribe(({ audience, message }) => {
    const payload = JSON.stringify(message);
    const targets = audience === 'all' ? [...socketsByUser.values()] : [socketsByUser.get(audience.userId)];
    for (const sockets of targets) {
      for (const socket of sockets ?? []) if (socket.readyState === socket.OPEN) socket.send(payload);
    }
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
  });
}
