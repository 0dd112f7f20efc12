import net, { type AddressInfo } from 'node:net';
import type { FastifyListenOptions } from 'fastify';
import type { ZodApp } from './types.ts';

/**
 * Node accepts one new connection per listening socket per turn of its event loop (libuv since 2022,
 * "unix: don't accept() connections in a loop", libuv#3696). On PGlite a turn can take 100 ms or more
 * while a batch runs in the same process, so a crowd connecting at once waited up to 10 s in the kernel's
 * backlog, before any load shedding could answer it. More listening sockets on the same port
 * (SO_REUSEPORT: the kernel spreads new connections over them) accept that many per turn; each hands its
 * connections to the app's HTTP server.
 *
 * The port is first bound alone, without SO_REUSEPORT, so a port already in use still fails with
 * EADDRINUSE, and a second server started on the same port later fails the same way instead of sharing it.
 */
export async function listenWithAcceptGroup(
  app: ZodApp,
  options: { port: number; host: string; extraSockets: number },
): Promise<{ close(): Promise<void> }> {
  const { host, extraSockets } = options;
  if (extraSockets <= 0) {
    await app.listen({ port: options.port, host });
    return { close: async () => undefined };
  }
  const port = await claimPort(options.port, host);
  // Fastify hands these to Node's server.listen, which knows reusePort (Node 22.12 and later); its types do not.
  const listenOptions: FastifyListenOptions & { reusePort: boolean } = { port, host, reusePort: true };
  await app.listen(listenOptions);
  // The address the app listens on (a host name resolved), for the others to join.
  const address = (app.server.address() as AddressInfo).address;
  const extras: net.Server[] = [];
  try {
    for (let index = 0; index < extraSockets; index++) {
      const extra = net.createServer((socket) => app.server.emit('connection', socket));
      extras.push(extra);
      await new Promise<void>((resolve, reject) => {
        extra.once('error', reject);
        extra.listen({ port, host: address, reusePort: true }, () => {
          extra.off('error', reject);
          resolve();
        });
      });
    }
  } catch (error) {
    await closeAll(extras);
    throw error;
  }
  // Closing stops their accepting; their connections belong to the app's server, which drains them.
  return { close: () => closeAll(extras) };
}

/** Binds the port alone (so EADDRINUSE is reported as without the group) and frees it; answers the port. */
async function claimPort(port: number, host: string): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen({ port, host }, () => resolve());
  });
  const claimed = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return claimed;
}

function closeAll(servers: net.Server[]): Promise<void> {
  return Promise.all(
    servers.map(
      (server) =>
        new Promise<void>((resolve) => {
          if (!server.listening) return resolve();
          server.close(() => resolve());
        }),
    ),
  ).then(() => undefined);
}
