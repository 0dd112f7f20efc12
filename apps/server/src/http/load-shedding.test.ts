import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { until } from '../../test/processes.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const LIMIT = 3;
const ADMIN = { email: 'busy@example.com', password: 'busy-password-1' };

/**
 * Over real HTTP: requests whose bodies have not arrived yet stay in flight, so the limit is reached
 * on purpose and every further request is refused at once, while /health and the live socket still work.
 */
describe('load shedding with a limit of requests in flight', () => {
  let t: TestApp;
  let origin: string;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp('pglite', { loadShedding: { maxRequestsInFlight: LIMIT, maxEventLoopDelayMs: 0 } });
    await t.services.auth.addUser({ ...ADMIN, name: 'Busy', role: 'admin' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const login = await fetch(`${origin}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify(ADMIN),
    });
    cookie = login.headers.getSetCookie()[0]?.split(';')[0] ?? '';
  });
  afterAll(async () => {
    await t.close();
  });

  const me = () => fetch(`${origin}/api/v1/auth/me`, { headers: { cookie } });

  /** A sign-in whose body never comes: in flight until its socket is destroyed. */
  function heldRequest(): net.Socket {
    const { port } = new URL(origin);
    const socket = net.connect(Number(port), '127.0.0.1');
    socket.on('error', () => undefined);
    socket.write(
      `POST /api/v1/auth/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${origin}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 64\r\n\r\n',
    );
    return socket;
  }

  it('answers a burst beyond the limit 503 with Retry-After, keeps /health and the socket, then serves again', async () => {
    expect((await me()).status).toBe(200);
    const held = Array.from({ length: LIMIT }, heldRequest);
    try {
      await until(
        'the held requests to fill the limit',
        async () => ((await me()).status === 503 ? true : undefined),
        10_000,
      );

      const burst = await Promise.all(Array.from({ length: 20 }, me));
      expect(burst.map((response) => response.status)).toEqual(Array.from({ length: 20 }, () => 503));
      const refused = burst[0];
      expect(refused?.headers.get('retry-after')).toBe('1');
      expect(await refused?.json()).toEqual({
        detail: 'The server is busy; try again in a moment',
        code: 'service_unavailable',
      });

      expect((await fetch(`${origin}/health`)).status).toBe(200);
      const socket = new WebSocket(`${origin.replace('http', 'ws')}/ws`, { headers: { cookie, origin } });
      await new Promise<void>((resolve, reject) => {
        socket.once('open', () => resolve());
        socket.once('error', reject);
      });
      socket.close();
    } finally {
      for (const socket of held) socket.destroy();
    }
    // Once the held requests are gone, the same request is served again.
    await until('the server to serve again', async () => ((await me()).status === 200 ? true : undefined), 10_000);
  });
});

/**
 * On the embedded database the event loop's delay is the queue: a slow loop turns a crowd away, but a lone
 * client on a busy machine is served, slowly.
 */
describe('load shedding on event-loop delay', () => {
  const CROWD = 6;
  let t: TestApp;
  let origin: string;

  beforeAll(async () => {
    t = await createTestApp('pglite', {
      loadShedding: { maxRequestsInFlight: 0, maxEventLoopDelayMs: 20, crowdConnections: CROWD },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await t.close();
  });

  const isUnderPressure = () => (t.app as unknown as { isUnderPressure(): boolean }).isUnderPressure();

  /** Blocks this process's event loop (the server's too) until the delay monitor reports pressure. */
  const stallTheLoop = () =>
    until(
      'the event loop to be late',
      async () => {
        const end = Date.now() + 600;
        while (Date.now() < end) {
          // busy: nothing else runs, as when the embedded database parses a large page
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
        return isUnderPressure() ? true : undefined;
      },
      10_000,
    );

  /** The status of an API request while the loop is late (retried if the pressure passed meanwhile). */
  async function statusUnderPressure(): Promise<number> {
    for (;;) {
      await stallTheLoop();
      const response = await fetch(`${origin}/api/v1/auth/me`);
      if (isUnderPressure()) return response.status;
    }
  }

  it('serves a lone client through the delay, and turns requests away once a crowd is connected', async () => {
    // Not signed in: 401 is the server's own answer; 503 would be the shedding.
    expect(await statusUnderPressure()).toBe(401);

    const crowd = Array.from({ length: CROWD }, () => net.connect(Number(new URL(origin).port), '127.0.0.1'));
    try {
      await Promise.all(crowd.map((socket) => new Promise((resolve) => socket.once('connect', resolve))));
      expect(await statusUnderPressure()).toBe(503);
    } finally {
      for (const socket of crowd) socket.destroy();
    }
    await until('the crowd to leave', async () => ((await statusUnderPressure()) === 401 ? true : undefined), 10_000);
  });
});
