import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_SESSION_ENDED_CLOSE_CODE } from '@mining-hub/contract/live';
import { MIN_PASSWORD_LENGTH, type ManagedUser } from '@mining-hub/contract/users';
import { AppError } from '../../errors.ts';
import { connect, listen } from '../../../test/live-client.ts';
import { APP_ORIGIN, createTestApp, sessionCookieOf, signIn, type TestApp } from '../../../test/test-app.ts';
import { testEngines } from '../../../test/test-database.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';

describe.each(testEngines)('users API on %s', (engine) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signIn>>;
  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await signIn(t, { role: 'admin' });
  });
  afterAll(() => t.close());

  // Failed sign-ins come from addresses of their own, so they never count against the next test's.
  let addressCounter = 0;
  const call = (method: Method, url: string, cookie: string | undefined, payload?: object) =>
    t.app.inject({ method, url, headers: { origin: APP_ORIGIN, ...(cookie && { cookie }) }, payload });
  const login = (email: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { origin: APP_ORIGIN },
      payload: { email, password },
      remoteAddress: `10.2.0.${(addressCounter += 1)}`,
    });
  const me = (cookie: string) => call('GET', '/api/v1/auth/me', cookie);
  const listUsers = async (): Promise<ManagedUser[]> => (await call('GET', '/api/v1/users', admin.cookie)).json().data;

  it('lists users with role, disabled and when they last signed in', async () => {
    const member = await signIn(t);
    const response = await call('GET', '/api/v1/users', admin.cookie);
    expect(response.statusCode).toBe(200);
    const listed = response.json().data.find((user: ManagedUser) => user.id === member.userId);
    expect(listed).toEqual({
      id: member.userId,
      email: member.email,
      name: expect.any(String),
      role: 'member',
      disabled: false,
      created_at: expect.any(String),
      last_sign_in_at: expect.any(String),
    });
    expect(Date.now() - Date.parse(listed.last_sign_in_at)).toBeLessThan(60_000);
    expect(response.body).not.toContain('password');
  });

  it('creates a user (201) who can sign in; a taken email is 409 and a short password 400, with {detail}', async () => {
    const payload = {
      email: 'New.Member@Example.com',
      name: 'New Member',
      role: 'member',
      password: 'a long password',
    };
    const created = await call('POST', '/api/v1/users', admin.cookie, payload);
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({
      email: 'new.member@example.com',
      role: 'member',
      disabled: false,
      last_sign_in_at: null,
    });
    expect((await login('new.member@example.com', 'a long password')).statusCode).toBe(200);

    const duplicate = await call('POST', '/api/v1/users', admin.cookie, {
      ...payload,
      email: 'NEW.member@example.com',
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().detail).toContain('already exists');

    const weak = await call('POST', '/api/v1/users', admin.cookie, {
      ...payload,
      email: 'weak@example.com',
      password: 'x'.repeat(MIN_PASSWORD_LENGTH - 1),
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().detail).toContain(`at least ${MIN_PASSWORD_LENGTH} characters`);
    expect((await listUsers()).some((user) => user.email === 'weak@example.com')).toBe(false);
  });

  it('refuses a member 403 {detail} on every users and audit-log route', async () => {
    const member = await signIn(t);
    const routes: [Method, string, object?][] = [
      ['GET', '/api/v1/users'],
      ['POST', '/api/v1/users', { email: 'x@example.com', name: 'X', role: 'admin', password: 'a long password' }],
      ['PATCH', `/api/v1/users/${member.userId}`, { role: 'admin' }],
      ['POST', `/api/v1/users/${admin.userId}/reset-password`],
      ['GET', '/api/v1/audit-log'],
    ];
    for (const [method, url, payload] of routes) {
      const response = await call(method, url, member.cookie, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().detail).toEqual(expect.any(String));
    }
    const self = (await listUsers()).find((user) => user.id === member.userId);
    expect(self?.role).toBe('member');
  });

  it('renames a user and changes their role; the next request sees the new role', async () => {
    const member = await signIn(t);
    const response = await call('PATCH', `/api/v1/users/${member.userId}`, admin.cookie, {
      name: 'Renamed',
      role: 'admin',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ id: member.userId, name: 'Renamed', role: 'admin' });
    expect((await me(member.cookie)).json().user).toMatchObject({ name: 'Renamed', role: 'admin' });
    expect((await call('GET', '/api/v1/users', member.cookie)).statusCode).toBe(200);

    expect((await call('PATCH', '/api/v1/users/999999', admin.cookie, { name: 'Nobody' })).statusCode).toBe(404);
    const empty = await call('PATCH', `/api/v1/users/${member.userId}`, admin.cookie, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toEqual(expect.any(String));
  });

  it('disabling a signed-in member ends their sessions and sockets at once and refuses their sign-in', async () => {
    const member = await signIn(t);
    const host = await listen(t);
    const socket = connect(host, { origin: `http://${host}`, cookie: member.cookie });
    await socket.opened;

    const disabled = await call('PATCH', `/api/v1/users/${member.userId}`, admin.cookie, { disabled: true });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().data.disabled).toBe(true);
    expect((await socket.closed).code).toBe(LIVE_SESSION_ENDED_CLOSE_CODE);
    expect((await me(member.cookie)).statusCode).toBe(401);

    const refused = await login(member.email, member.password);
    const wrongPassword = await login(member.email, 'not the password');
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual(wrongPassword.json());

    expect((await call('PATCH', `/api/v1/users/${member.userId}`, admin.cookie, { disabled: false })).statusCode).toBe(
      200,
    );
    expect((await login(member.email, member.password)).statusCode).toBe(200);
  });

  it('drops the live sessions of a user disabled behind the bus (another process, no event)', async () => {
    const member = await signIn(t);
    const sessionId = t.services.auth.sessionIdOf(member.cookie.split('=')[1]);
    if (!sessionId) throw new Error('no session id');
    expect(await t.services.auth.validSessionIds([sessionId])).toEqual(new Set([sessionId]));
    await t.database.handle.db.updateTable('users').set({ disabled: true }).where('id', '=', member.userId).execute();
    expect(await t.services.auth.validSessionIds([sessionId])).toEqual(new Set());
  });

  it('reset password: a temporary password of 12+ characters, shown once; old sessions and passwords end', async () => {
    const member = await signIn(t);
    const reset = await call('POST', `/api/v1/users/${member.userId}/reset-password`, admin.cookie);
    expect(reset.statusCode).toBe(200);
    const { temporary_password } = reset.json();
    expect(reset.json()).toEqual({ success: true, temporary_password: expect.any(String) });
    expect(temporary_password.length).toBeGreaterThanOrEqual(MIN_PASSWORD_LENGTH);
    expect((await me(member.cookie)).statusCode).toBe(401);
    expect((await login(member.email, member.password)).statusCode).toBe(401);
    const signedIn = await login(member.email, temporary_password);
    expect(signedIn.statusCode).toBe(200);

    const again = await call('POST', `/api/v1/users/${member.userId}/reset-password`, admin.cookie);
    expect(again.json().temporary_password).not.toBe(temporary_password);
    expect((await me(sessionCookieOf(signedIn))).statusCode).toBe(401);
    expect((await login(member.email, temporary_password)).statusCode).toBe(401);
    expect((await call('POST', '/api/v1/users/999999/reset-password', admin.cookie)).statusCode).toBe(404);
  });

  it('a member changes their own password: this session stays, their other sessions end', async () => {
    const member = await signIn(t);
    const other = sessionCookieOf(await login(member.email, member.password));
    const change = (payload: object) => call('PUT', '/api/v1/auth/password', member.cookie, payload);

    const wrong = await change({ current_password: 'not the password', new_password: 'a new long password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toContain('current password');
    const weak = await change({ current_password: member.password, new_password: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().detail).toContain(`at least ${MIN_PASSWORD_LENGTH} characters`);
    expect((await me(other)).statusCode).toBe(200);

    const changed = await change({ current_password: member.password, new_password: 'a new long password' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ success: true });
    expect((await me(member.cookie)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await login(member.email, member.password)).statusCode).toBe(401);
    expect((await login(member.email, 'a new long password')).statusCode).toBe(200);
  });

  it('counts wrong current passwords against the account throttle', async () => {
    const member = await signIn(t);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const response = await call('PUT', '/api/v1/auth/password', member.cookie, {
        current_password: 'not the password',
        new_password: 'a new long password',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    expect((await login(member.email, member.password)).statusCode).toBe(429);
  });
});

describe.each(testEngines)('the last active admin on %s', (engine) => {
  const patch = (t: TestApp, cookie: string, id: number, payload: object) =>
    t.app.inject({ method: 'PATCH', url: `/api/v1/users/${id}`, headers: { origin: APP_ORIGIN, cookie }, payload });
  const activeAdmins = async (t: TestApp) =>
    (await t.services.auth.listUsers()).filter((user) => user.role === 'admin' && !user.disabled).map((u) => u.id);
  /** A fresh app, so that no admin of another test counts. */
  const withApp = async (test: (t: TestApp) => Promise<void>) => {
    const t = await createTestApp(engine);
    try {
      await test(t);
    } finally {
      await t.close();
    }
  };

  it('can be neither demoted nor disabled (409 {detail})', () =>
    withApp(async (t) => {
      const only = await signIn(t, { role: 'admin' });
      for (const payload of [{ role: 'member' }, { disabled: true }, { role: 'member', disabled: true }]) {
        const response = await patch(t, only.cookie, only.userId, payload);
        expect(response.statusCode).toBe(409);
        expect(response.json().detail).toContain('last active admin');
      }
      expect(await activeAdmins(t)).toEqual([only.userId]);
      // A rename is no demotion.
      expect((await patch(t, only.cookie, only.userId, { name: 'Still Admin' })).statusCode).toBe(200);
    }));

  it('two admins demoting each other at once leave one admin', () =>
    withApp(async (t) => {
      const a = await signIn(t, { role: 'admin' });
      const b = await signIn(t, { role: 'admin' });
      const statuses = (
        await Promise.all([
          patch(t, a.cookie, b.userId, { role: 'member' }),
          patch(t, b.cookie, a.userId, { role: 'member' }),
        ])
      ).map((response) => response.statusCode);
      // The loser is refused by the last-admin rule (409), or by the role check (403) if it came in late.
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      expect(statuses.filter((status) => status === 409 || status === 403)).toHaveLength(1);
      expect(await activeAdmins(t)).toHaveLength(1);

      // Through the service, so that both always reach the database together: one wins each round.
      for (let round = 0; round < 5; round += 1) {
        await t.services.auth.updateUser(a.userId, { role: 'admin' });
        await t.services.auth.updateUser(b.userId, { role: 'admin', disabled: false });
        const results = await Promise.allSettled([
          t.services.auth.updateUser(a.userId, { role: 'member' }),
          t.services.auth.updateUser(b.userId, { disabled: true }),
        ]);
        const refused = results.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []));
        expect(refused).toHaveLength(1);
        expect(refused[0]).toBeInstanceOf(AppError);
        expect((refused[0] as AppError).statusCode).toBe(409);
        expect(await activeAdmins(t)).toHaveLength(1);
      }
    }));
});
