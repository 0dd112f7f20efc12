import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { until } from '../../test/processes.ts';
import { sameTurnBurst } from '../../test/raw-http.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { MAX_TURN_WAIT_MS } from './load-shedding.ts';

const LIMIT = 3;
const ADMIN = { email: 'busy@example.com', password: 'busy-password-1' };

/** A test app with these limits, listening on a free port, and the cookie of an admin signed in over HTTP. */
async function signedInServer(loadShedding: NonNullable<Parameters<typeof createTestApp>[1]>['loadShedding']) {
  const t = await createTestApp('pglite', { loadShedding });
  await t.services.auth.addUser({ ...ADMIN, name: 'Busy', role: 'admin' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const login = await fetch(`${origin}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify(ADMIN),
  });
  return { t, origin, cookie: login.headers.getSetCookie()[0]?.split(';')[0] ?? '' };
}

/**
 * Over real HTTP: requests whose bodies have not arrived yet stay in flight, so the limit is reached
 * on purpose and every further request is refused at once, while /health and the live socket still work.
 */
describe('load shedding with a limit of requests in flight', () => {
  let t: TestApp;
  let origin: string;
  let cookie: string;

  beforeAll(async () => {
    ({ t, origin, cookie } = await signedInServer({
      maxRequestsInFlight: LIMIT,
      maxEventLoopDelayMs: 0,
      requestTurns: false,
    }));
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
      loadShedding: { maxRequestsInFlight: 0, maxEventLoopDelayMs: 20, crowdConnections: CROWD, requestTurns: false },
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

/**
 * On the embedded database a request runs start to end without yielding, so requests from many connections
 * never overlapped and the in-flight limit never saw a crowd. Taking turns, requests that arrive together
 * wait in flight: beyond the limit they are refused at once, the others are all served. A request whose turn
 * has come is served however long the loop held it; those still left waiting past the limit are refused.
 */
describe('load shedding with requests taking turns', () => {
  const LIMIT_IN_FLIGHT = 3;
  const CONNECTIONS = 20;
  interface TurnServer {
    t: TestApp;
    port: number;
    cookie: string;
  }
  let limited: TurnServer;
  /** No limit in flight, and turns so thin that about one request runs per turn. */
  let thin: TurnServer;

  async function turnServer(limits: { maxRequestsInFlight: number; maxTurnShareMs?: number }): Promise<TurnServer> {
    const { t, origin, cookie } = await signedInServer({ ...limits, maxEventLoopDelayMs: 0, requestTurns: true });
    return { t, port: Number(new URL(origin).port), cookie };
  }

  beforeAll(async () => {
    [limited, thin] = await Promise.all([
      turnServer({ maxRequestsInFlight: LIMIT_IN_FLIGHT }),
      turnServer({ maxRequestsInFlight: 0, maxTurnShareMs: 1 }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([limited.t.close(), thin.t.close()]);
  });

  /**
   * Opens `count` connections, waits until the server has accepted them all (Node accepts one per turn of its
   * loop: all must be in before a burst), runs `use` on them, and closes them.
   */
  async function withAcceptedSockets(
    { t, port }: TurnServer,
    count: number,
    use: (sockets: net.Socket[]) => Promise<void>,
  ): Promise<void> {
    let accepted = 0;
    const countOne = () => void (accepted += 1);
    t.app.server.on('connection', countOne);
    const sockets = Array.from({ length: count }, () => net.connect(port, '127.0.0.1'));
    try {
      await until('the server to accept every connection', async () => (accepted >= count ? true : undefined), 10_000);
      t.app.server.off('connection', countOne);
      await use(sockets);
    } finally {
      t.app.server.off('connection', countOne);
      for (const socket of sockets) socket.destroy();
    }
  }

  /** GET /auth/me on every socket in one turn of the loop (so the server reads them in one turn). */
  const burst = ({ port, cookie }: TurnServer, sockets: net.Socket[]) =>
    sameTurnBurst(sockets, `GET /api/v1/auth/me HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${cookie}\r\n\r\n`);

  /** Holds this process's loop (as a batch's page parsing in the same process would) past the wait limit. */
  const holdTheLoop = () =>
    setImmediate(() => {
      const end = Date.now() + MAX_TURN_WAIT_MS + 100;
      while (Date.now() < end) {
        // busy
      }
    });

  const statusOf = (answer: string) => answer.split(' ')[1];

  /** Every answer is 200 or a busy 503 (Retry-After, the code), with at least so many of each. */
  function expectServedOrRefused(answers: string[], atLeast: { served: number; refused: number }) {
    const refused = answers.filter((answer) => statusOf(answer) === '503');
    expect(answers.filter((answer) => statusOf(answer) === '200').length).toBeGreaterThanOrEqual(atLeast.served);
    expect(refused.length).toBeGreaterThanOrEqual(atLeast.refused);
    expect(answers.filter((answer) => !['200', '503'].includes(statusOf(answer) ?? ''))).toEqual([]);
    for (const answer of refused) {
      expect(answer).toMatch(/\r\nretry-after: 1\r\n/i);
      expect(answer).toContain('"code":"service_unavailable"');
    }
  }

  it('counts the requests waiting for their turn in flight: a burst beyond the limit is refused, the rest served', () =>
    withAcceptedSockets(limited, CONNECTIONS, async (sockets) => {
      expectServedOrRefused(await burst(limited, sockets), { served: LIMIT_IN_FLIGHT, refused: 1 });
    }));

  it('serves a few requests the loop held past the wait limit once their turn comes: a lone user is never refused', () =>
    withAcceptedSockets(limited, LIMIT_IN_FLIGHT, async (sockets) => {
      // The server reads the burst, then, before its next turn, the loop is held longer than a request may wait.
      const answers = burst(limited, sockets);
      holdTheLoop();
      expect((await answers).map(statusOf)).toEqual(sockets.map(() => '200'));
    }));

  it('refuses the requests still left for a later turn once they waited too long, and serves the next ones', () =>
    withAcceptedSockets(thin, CONNECTIONS, async (sockets) => {
      const answers = burst(thin, sockets);
      holdTheLoop();
      // The first turn after the hold serves what fits in it (a request or two); the rest had waited too long.
      expectServedOrRefused(await answers, { served: 1, refused: CONNECTIONS / 2 });
      expect((await burst(thin, sockets)).map(statusOf)).toEqual(sockets.map(() => '200'));
    }));
});
