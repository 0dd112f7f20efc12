import { setImmediate as nextTurn } from 'node:timers/promises';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sameTurnBurst } from '../../test/raw-http.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { listenWithAcceptGroup } from './accept-group.ts';

const EXTRA_SOCKETS = 15;
const CONNECTIONS = 48;

/** Listening sockets on one port, over real TCP: how many turns of the loop a crowd takes to get in. */
describe('an accept group on one port', () => {
  let t: TestApp;
  let group: { close(): Promise<void> };
  let port: number;

  beforeAll(async () => {
    t = await createTestApp('pglite');
    group = await listenWithAcceptGroup(t.app, { port: 0, host: '127.0.0.1', extraSockets: EXTRA_SOCKETS });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    const closed = group.close();
    await t.close(); // closes the connections the group's sockets handed over
    await closed;
  });

  it('accepts a crowd in a few turns of the loop (one socket takes one connection per turn) and serves it', async () => {
    let accepted = 0;
    const countOne = () => void (accepted += 1);
    t.app.server.on('connection', countOne);
    const sockets = Array.from({ length: CONNECTIONS }, () => net.connect(port, '127.0.0.1'));
    try {
      await Promise.all(sockets.map((socket) => new Promise((resolve) => socket.once('connect', resolve))));
      let turns = 0;
      while (accepted < CONNECTIONS && turns < 10 * CONNECTIONS) {
        await nextTurn();
        turns += 1;
      }
      expect(accepted).toBe(CONNECTIONS);
      // One listening socket would take CONNECTIONS turns; the kernel spreads them over 16.
      expect(turns).toBeLessThan(CONNECTIONS / 2);

      const answers = await sameTurnBurst(sockets, `GET /health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
      expect(answers.map((text) => text.split(' ')[1])).toEqual(sockets.map(() => '200'));
    } finally {
      t.app.server.off('connection', countOne);
      for (const socket of sockets) socket.destroy();
    }
  });

  it('keeps the port its own: another server on it fails with EADDRINUSE, with or without a group', async () => {
    const plain = net.createServer();
    const plainError = await new Promise<NodeJS.ErrnoException>((resolve) => {
      plain.once('error', resolve);
      plain.listen({ port, host: '127.0.0.1' });
    });
    expect(plainError.code).toBe('EADDRINUSE');

    const other = await createTestApp('pglite');
    try {
      await expect(
        listenWithAcceptGroup(other.app, { port, host: '127.0.0.1', extraSockets: EXTRA_SOCKETS }),
      ).rejects.toMatchObject({ code: 'EADDRINUSE' });
    } finally {
      await other.close();
    }
  });
});
