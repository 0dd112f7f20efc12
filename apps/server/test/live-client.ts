import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import type { LiveMessage } from '@mining-hub/contract/live';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

/** Makes the app listen on a free port; returns `127.0.0.1:port`. */
export async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

/**
 * Opens a real socket to /ws and collects what it receives; `opened` rejects with the HTTP status when
 * the upgrade is refused, `closed` resolves with the close code once the socket closes.
 */
export function connect(host: string, headers: Record<string, string>) {
  const received: LiveMessage[] = [];
  const socket = new WebSocket(`ws://${host}/ws`, { headers });
  socket.on('message', (data) => received.push(JSON.parse(String(data)) as LiveMessage));
  const opened = new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('unexpected-response', (req, res) => {
      req.destroy(); // ws leaves the refused request open unless told otherwise
      reject(new Error(`HTTP ${res.statusCode}`));
    });
    socket.once('error', reject);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.once('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  return { socket, received, opened, closed };
}

/** Polls `check` every 20 ms until it holds; throws after `timeoutMs`. */
export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Two API processes on one PostgreSQL database, as a scaled-out deployment runs them, with B listening
 * for sockets; set up before the describe's tests and closed after them. Read the fields in tests.
 */
interface TwoApiProcesses {
  database: TestDatabase;
  a: TestApp;
  b: TestApp;
  hostB: string;
}

export function twoApiProcesses(options: TestAppOptions = {}): TwoApiProcesses {
  const pair = {} as TwoApiProcesses;
  beforeAll(async () => {
    pair.database = await createTestDatabase('postgres');
    pair.a = await createTestApp('postgres', { ...options, database: pair.database });
    pair.b = await createTestApp('postgres', { ...options, database: pair.database });
    pair.hostB = await listen(pair.b);
  });
  afterAll(async () => {
    await pair.a.close();
    await pair.b.close();
    await pair.database.drop();
  });
  return pair;
}
