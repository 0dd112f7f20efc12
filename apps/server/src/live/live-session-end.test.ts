import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_SESSION_ENDED_CLOSE_CODE } from '@mining-hub/contract/live';
import { connect, listen, twoApiProcesses, waitFor } from '../../test/live-client.ts';
import { APP_ORIGIN, createTestApp, sessionCookieOf, signIn, type TestApp } from '../../test/test-app.ts';
import { testEngines } from '../../test/test-database.ts';

// Long enough that a socket closed within a test was closed by the bus, not by the re-check.
const NO_RECHECK_MS = 60_000;

/** A further session of an existing user: signs in again through the given app. */
async function signInAgain(t: TestApp, user: { email: string; password: string }): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    headers: { origin: APP_ORIGIN },
    payload: { email: user.email, password: user.password },
  });
  expect(response.statusCode).toBe(200);
  return sessionCookieOf(response);
}

const post = (t: TestApp, url: string, cookie: string) =>
  t.app.inject({ method: 'POST', url, headers: { origin: APP_ORIGIN, cookie } });

/** Opens a socket with the cookie and waits until it is open. */
async function openSocket(host: string, cookie: string) {
  const client = connect(host, { origin: `http://${host}`, cookie });
  await client.opened;
  return client;
}

/** Milliseconds from now until the socket closes, with its close code. */
async function timeToClose(client: ReturnType<typeof connect>) {
  const start = performance.now();
  const { code } = await client.closed;
  return { code, ms: performance.now() - start };
}

describe.each(testEngines)('a live socket lives no longer than its session (%s)', (engine) => {
  let t: TestApp;
  let host: string;
  beforeAll(async () => {
    t = await createTestApp(engine, { liveSessionRecheckMs: NO_RECHECK_MS });
    host = await listen(t);
  });
  afterAll(() => t.close());

  it('sign-out closes the sockets of that session at once, and they receive nothing after it', async () => {
    const alice = await signIn(t);
    const otherSession = await signInAgain(t, alice);
    const signedOut = await openSocket(host, alice.cookie);
    const stillSignedIn = await openSocket(host, otherSession);

    expect((await post(t, '/api/v1/auth/logout', alice.cookie)).statusCode).toBe(200);
    const { code, ms } = await timeToClose(signedOut);
    expect(code).toBe(LIVE_SESSION_ENDED_CLOSE_CODE);
    expect(ms).toBeLessThan(1000);

    t.bus.publish({ userId: alice.userId }, { type: 'article_updated', article_id: 1 });
    await waitFor(() => stillSignedIn.received.length === 1);
    expect(signedOut.received).toEqual([]);
    expect(stillSignedIn.socket.readyState).toBe(stillSignedIn.socket.OPEN);
    await expect(connect(host, { origin: `http://${host}`, cookie: alice.cookie }).opened).rejects.toThrow('HTTP 401');
    stillSignedIn.socket.close();
  });

  it("a password change closes all of that user's sockets but not another user's", async () => {
    const alice = await signIn(t);
    const bob = await signIn(t);
    const aliceSockets = [await openSocket(host, alice.cookie), await openSocket(host, await signInAgain(t, alice))];
    const bobSocket = await openSocket(host, bob.cookie);

    await t.services.auth.setPassword(alice.email, 'a brand new password');
    const closes = await Promise.all(aliceSockets.map(timeToClose));
    expect(closes.map((close) => close.code)).toEqual([LIVE_SESSION_ENDED_CLOSE_CODE, LIVE_SESSION_ENDED_CLOSE_CODE]);
    expect(Math.max(...closes.map((close) => close.ms))).toBeLessThan(1000);

    t.bus.publish('all', { type: 'stats_updated' });
    await waitFor(() => bobSocket.received.length === 1);
    expect(aliceSockets.flatMap((client) => client.received)).toEqual([]);
    bobSocket.socket.close();
  });

  it("removing a user closes the user's sockets", async () => {
    const carol = await signIn(t);
    const socket = await openSocket(host, carol.cookie);
    await t.services.auth.removeUser(carol.email);
    expect((await timeToClose(socket)).code).toBe(LIVE_SESSION_ENDED_CLOSE_CODE);
  });
});

describe.each(testEngines)('the re-check closes what the bus never announced (%s)', (engine) => {
  const RECHECK_MS = 200;
  let t: TestApp;
  let host: string;
  beforeAll(async () => {
    t = await createTestApp(engine, { liveSessionRecheckMs: RECHECK_MS });
    host = await listen(t);
  });
  afterAll(() => t.close());

  const sessionId = (cookie: string) => t.services.auth.sessionIdOf(cookie.split('=')[1]) ?? '';
  const lastSeen = async (cookie: string) =>
    (
      await t.database.handle.db
        .selectFrom('sessions')
        .select('last_seen_at')
        .where('id', '=', sessionId(cookie))
        .executeTakeFirstOrThrow()
    ).last_seen_at.getTime();

  it('closes sockets whose session was deleted in the database or went idle, and leaves valid ones untouched', async () => {
    const dave = await signIn(t);
    const idleSession = await signInAgain(t, dave);
    const validSession = await signInAgain(t, dave);
    const deleted = await openSocket(host, dave.cookie);
    const idle = await openSocket(host, idleSession);
    const valid = await openSocket(host, validSession);
    const validSeenBefore = await lastSeen(validSession);

    // What the users CLI or the purge job would do, with no bus message: straight in the database.
    const db = t.database.handle.db;
    await db.deleteFrom('sessions').where('id', '=', sessionId(dave.cookie)).execute();
    await db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - 36 * 60_000) })
      .where('id', '=', sessionId(idleSession))
      .execute();
    const closes = await Promise.all([timeToClose(deleted), timeToClose(idle)]);
    expect(closes.map((close) => close.code)).toEqual([LIVE_SESSION_ENDED_CLOSE_CODE, LIVE_SESSION_ENDED_CLOSE_CODE]);
    expect(Math.max(...closes.map((close) => close.ms))).toBeLessThan(RECHECK_MS * 2 + 500);

    await new Promise((resolve) => setTimeout(resolve, RECHECK_MS * 3));
    expect(valid.socket.readyState).toBe(valid.socket.OPEN);
    expect(await lastSeen(validSession)).toBe(validSeenBefore); // checking is not activity
    valid.socket.close();
  });
});

describe.skipIf(!testEngines.includes('postgres'))('sessions end on every API process (PostgreSQL)', () => {
  const two = twoApiProcesses({ liveSessionRecheckMs: NO_RECHECK_MS });

  it("sign-out through A closes the socket on B within a second, and B's session cache forgets it", async () => {
    const { a, b, hostB } = two;
    const user = await signIn(a);
    const client = await openSocket(hostB, user.cookie);
    const me = () => b.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: { cookie: user.cookie } });
    expect((await me()).statusCode).toBe(200); // B now holds the session in its cache

    expect((await post(a, '/api/v1/auth/logout', user.cookie)).statusCode).toBe(200);
    const { code, ms } = await timeToClose(client);
    expect(code).toBe(LIVE_SESSION_ENDED_CLOSE_CODE);
    expect(ms).toBeLessThan(1000);
    expect((await me()).statusCode).toBe(401); // without the bus, B's cache would answer 200 for up to 5 s
  });

  it('set-password in the users CLI closes the sockets on a running server', { timeout: 60_000 }, async () => {
    const { database, a, hostB } = two;
    const user = await signIn(a);
    const other = await signIn(a);
    const sockets = [await openSocket(hostB, user.cookie), await openSocket(hostB, await signInAgain(a, user))];
    const otherSocket = await openSocket(hostB, other.cookie);

    const cli = path.join(import.meta.dirname, '..', 'cli', 'users.ts');
    const env = { ...process.env, DATABASE_URL: database.url ?? '' };
    await promisify(execFile)(
      process.execPath,
      [cli, 'set-password', '--email', user.email, '--password', 'changed by the admin'],
      { env },
    );
    const closes = await Promise.all(sockets.map(timeToClose));
    expect(closes.map((close) => close.code)).toEqual([LIVE_SESSION_ENDED_CLOSE_CODE, LIVE_SESSION_ENDED_CLOSE_CODE]);
    expect(Math.max(...closes.map((close) => close.ms))).toBeLessThan(1000); // counted from the CLI's exit
    expect(otherSocket.socket.readyState).toBe(otherSocket.socket.OPEN);
    otherSocket.socket.close();
  });
});
