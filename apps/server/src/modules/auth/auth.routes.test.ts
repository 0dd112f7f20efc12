import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ORIGIN, createTestApp, sessionCookieOf, signIn, type TestApp } from '../../../test/test-app.ts';
import { testEngines } from '../../../test/test-database.ts';
import { LOGIN_THROTTLE } from './auth.service.ts';

describe.each(testEngines)('auth routes on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  // Each sign-in comes from an address of its own unless a test says otherwise, so that the failures of
  // one test never count against the address of the next.
  let addressCounter = 0;
  const login = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { origin: APP_ORIGIN, ...headers },
      payload: payload as object,
      remoteAddress: `10.1.0.${(addressCounter += 1)}`,
    });
  const me = (cookie?: string) =>
    t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: cookie ? { cookie } : {} });

  it('signs in with the right password and sets an HttpOnly, SameSite=Lax session cookie', async () => {
    const { email, password } = await signIn(t);
    const response = await login({ email: email.toUpperCase(), password });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, user: { email }, message: expect.any(String) });
    expect(response.json().user).not.toHaveProperty('password_hash');
    const cookie = response.cookies.find((c) => c.name === 'mh_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

    const current = await me(sessionCookieOf(response));
    expect(current.statusCode).toBe(200);
    expect(current.json()).toEqual({ success: true, user: response.json().user });
  });

  it('lands members on Signals and admins on the Dashboard, until each chooses for themselves', async () => {
    const preferences = (cookie: string, landing_page?: unknown) =>
      t.app.inject({
        method: landing_page === undefined ? 'GET' : 'PUT',
        url: '/api/v1/auth/preferences',
        headers: { cookie, origin: APP_ORIGIN },
        ...(landing_page === undefined ? {} : { payload: { landing_page } }),
      });
    const member = await signIn(t);
    const admin = await signIn(t, { role: 'admin' });
    expect((await preferences(member.cookie)).json()).toEqual({
      success: true,
      data: { landing_page: null, landing: 'signals' },
    });
    expect((await preferences(admin.cookie)).json().data).toEqual({ landing_page: null, landing: 'dashboard' });

    expect((await preferences(member.cookie, 'dashboard')).json().data).toEqual({
      landing_page: 'dashboard',
      landing: 'dashboard',
    });
    expect((await preferences(member.cookie)).json().data.landing).toBe('dashboard');
    expect((await preferences(admin.cookie)).json().data.landing).toBe('dashboard'); // each their own
    expect((await preferences(member.cookie, null)).json().data.landing).toBe('signals');

    const bad = await preferences(member.cookie, 'logs');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ detail: expect.stringContaining('landing_page'), code: 'validation_failed' });
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/auth/preferences' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('gives a new session id at every login', async () => {
    const { email, password, cookie } = await signIn(t);
    const again = sessionCookieOf(await login({ email, password }));
    expect(again).not.toBe(cookie);
    expect((await me(cookie)).statusCode).toBe(200);
    expect((await me(again)).statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown email alike', async () => {
    const { email } = await signIn(t);
    const wrongPassword = await login({ email, password: 'not the password' });
    const unknownEmail = await login({ email: 'nobody@example.com', password: 'not the password' });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(unknownEmail.json());
    expect(wrongPassword.json()).toEqual({ detail: 'Invalid email or password', code: 'unauthenticated' });
  });

  it('throttles an account after repeated failures with 429 {detail, wait_time}, even for the right password', async () => {
    const { email, password } = await signIn(t);
    for (let i = 0; i < LOGIN_THROTTLE.maxFailuresPerAccount; i++) {
      expect((await login({ email, password: `wrong-${i}` })).statusCode).toBe(401);
    }
    const throttled = await login({ email, password });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toEqual({
      detail: expect.stringContaining('Too many'),
      code: 'rate_limited',
      wait_time: expect.any(Number),
    });
    expect(throttled.json().wait_time).toBeGreaterThan(0);
    expect(throttled.json().wait_time).toBeLessThanOrEqual(LOGIN_THROTTLE.windowMs / 1000);
  });

  it('throttles an address trying many accounts', async () => {
    const headers = { 'x-test': 'address' };
    const address = { remoteAddress: '10.9.8.7' };
    for (let i = 0; i < LOGIN_THROTTLE.maxFailuresPerAddress; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: { origin: APP_ORIGIN, ...headers },
        payload: { email: `spray${i}@example.com`, password: 'guess' },
        ...address,
      });
      expect(response.statusCode).toBe(401);
    }
    const { email, password } = await signIn(t);
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { origin: APP_ORIGIN },
      payload: { email, password },
      ...address,
    });
    expect(blocked.statusCode).toBe(429);
    expect((await login({ email, password })).statusCode).toBe(200);
  });

  it('ignores X-Forwarded-For without TRUST_PROXY: a forged address per attempt does not reset the count', async () => {
    const attempt = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: { origin: APP_ORIGIN, 'x-forwarded-for': `203.0.113.${i}` },
        payload: { email: `forger${i}@example.com`, password: 'guess' },
        remoteAddress: '10.9.9.9',
      });
    for (let i = 0; i < LOGIN_THROTTLE.maxFailuresPerAddress; i++) expect((await attempt(i)).statusCode).toBe(401);
    expect((await attempt(99)).statusCode).toBe(429);
  });

  it('rejects bad bodies with 400 naming the field, and malformed JSON', async () => {
    const missing = await login({ email: 'a@example.com' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toContain('password');
    const wrongType = await login({ email: 42, password: 'x' });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().detail).toContain('email');
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { origin: APP_ORIGIN, 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ detail: 'Request body is not valid JSON', code: 'invalid_request' });
  });

  it('logs out: the old cookie stops working and the cookie is cleared', async () => {
    const { cookie } = await signIn(t);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { origin: APP_ORIGIN, cookie },
    });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === 'mh_session')?.value).toBe('');
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('ends a session idle for 35 minutes, and one older than 12 hours, while the 30-minute refresh keeps it alive', async () => {
    const idle = await signIn(t);
    const old = await signIn(t);
    const db = t.database.handle.db;
    await db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - 36 * 60 * 1000) })
      .where('user_id', '=', idle.userId)
      .execute();
    await db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', old.userId)
      .execute();
    expect((await me(idle.cookie)).statusCode).toBe(401);
    expect((await me(old.cookie)).statusCode).toBe(401);

    const active = await signIn(t);
    await db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - 31 * 60 * 1000) })
      .where('user_id', '=', active.userId)
      .execute();
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      headers: { origin: APP_ORIGIN, cookie: active.cookie },
    });
    expect(refreshed.statusCode).toBe(200);
    const session = await db
      .selectFrom('sessions')
      .select('last_seen_at')
      .where('user_id', '=', active.userId)
      .executeTakeFirstOrThrow();
    expect(Date.now() - session.last_seen_at.getTime()).toBeLessThan(60_000);
  });

  it('answers 401 {detail} without a session', async () => {
    const response = await me();
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: 'Authentication required', code: 'unauthenticated' });
    expect((await me('mh_session=forged-token')).statusCode).toBe(401);
  });
});
