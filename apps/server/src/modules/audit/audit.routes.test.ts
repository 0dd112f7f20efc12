import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@mining-hub/contract/audit';
import { DEFAULT_FUNCTION_SCHEMA } from '@mining-hub/contract/prompts';
import { routesOf } from '../../../test/route-table.ts';
import { APP_ORIGIN, createTestApp, signIn, type TestApp } from '../../../test/test-app.ts';
import { testEngines } from '../../../test/test-database.ts';
import { LOGIN_THROTTLE } from '../auth/auth.service.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

describe.each(testEngines)('audit log on %s', (engine) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signIn>>;
  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await signIn(t, { role: 'admin', email: 'audit-admin@example.com' });
  });
  afterAll(() => t.close());

  const call = (method: Method, url: string, payload?: object, cookie = admin.cookie) =>
    t.app.inject({ method, url, headers: { origin: APP_ORIGIN, cookie }, payload });
  const auditLog = async (query = ''): Promise<{ data: AuditEntry[]; pagination: Record<string, unknown> }> => {
    const response = await call('GET', `/api/v1/audit-log${query}`);
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const latest = async (action: string) => (await auditLog(`?action=${action}&page_size=1`)).data[0];

  it('records user changes, newest first, with the actor as they were', async () => {
    const created = await call('POST', '/api/v1/users', {
      email: 'audited@example.com',
      name: 'Audited',
      role: 'member',
      password: 'a long password',
    });
    const id = created.json().data.id;
    await call('PATCH', `/api/v1/users/${id}`, { name: 'Audited Too', role: 'admin' });
    await call('PATCH', `/api/v1/users/${id}`, { disabled: true });
    await call('PATCH', `/api/v1/users/${id}`, { disabled: false });
    const reset = await call('POST', `/api/v1/users/${id}/reset-password`);
    const { temporary_password } = reset.json();

    const { data } = await auditLog('?page_size=6');
    expect(data.map((entry) => entry.action)).toEqual([
      'user_password_reset',
      'user_enabled',
      'user_disabled',
      'user_role_changed',
      'user_renamed',
      'user_created',
    ]);
    for (const entry of data) {
      expect(entry).toMatchObject({ actor_email: admin.email, target: 'audited@example.com' });
      expect(entry.detail ?? '').not.toContain(temporary_password);
    }
    expect(data[3]?.detail).toBe('member → admin');
    expect(data[4]?.detail).toBe('"Audited" → "Audited Too"');
    const times = data.map((entry) => Date.parse(entry.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('records a password change by its owner, without the password', async () => {
    const member = await signIn(t);
    await call(
      'PUT',
      '/api/v1/auth/password',
      { current_password: member.password, new_password: 'another long password' },
      member.cookie,
    );
    const entry = await latest('password_changed');
    expect(entry).toMatchObject({ actor_email: member.email, target: member.email });
    expect(JSON.stringify(entry)).not.toContain('another long password');
  });

  it('records the first sign-in refused by the throttle, with the address, not every refusal', async () => {
    const email = 'throttled@example.com';
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: { origin: APP_ORIGIN },
        payload: { email, password: 'wrong password' },
        remoteAddress: '10.3.0.7',
      });
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_THROTTLE.maxFailuresPerAccount + 3; i += 1) statuses.push((await attempt()).statusCode);
    expect(statuses.filter((status) => status === 429)).toHaveLength(3);
    const { data } = await auditLog('?action=sign_in_throttled');
    const entries = data.filter((entry) => entry.target === email);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor_email: null });
    expect(entries[0]?.detail).toContain('10.3.0.7');
  });

  it('records prompts created, updated and activated', async () => {
    const draft = { name: 'Audited prompt', prompt_text: 'Find signals.', function_schema: DEFAULT_FUNCTION_SCHEMA };
    const created = await call('POST', '/api/v1/prompts', { ...draft, set_as_active: false });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    expect((await call('PUT', `/api/v1/prompts/${id}`, { ...draft, prompt_text: 'Find more.' })).statusCode).toBe(200);
    expect((await call('POST', `/api/v1/prompts/${id}/activate`)).statusCode).toBe(200);
    const { data } = await auditLog('?page_size=3');
    expect(data.map((entry) => [entry.action, entry.target, entry.actor_email])).toEqual([
      ['prompt_activated', 'Audited prompt', admin.email],
      ['prompt_updated', 'Audited prompt', admin.email],
      ['prompt_created', 'Audited prompt', admin.email],
    ]);
    expect(data[1]?.detail).toContain('version 2');
  });

  it('records scraper start, pause, resume, stop and deleted output files', async () => {
    const settings = { mode: 'test', max_workers: 2, max_concurrency: 1, batch_size: 50 };
    for (const [url, payload] of [['start', settings], ['pause'], ['resume'], ['stop']] as const) {
      expect((await call('POST', `/api/v1/scraper/${url}`, payload)).statusCode, url).toBe(200);
    }
    const folder = path.join(t.scraperDir, 'outputs', 'json');
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, 'mining-projects-20261101-100000.json'), '{"companies":[]}\n');
    const deleted = await call('DELETE', '/api/v1/scraper/outputs/json/mining-projects-20261101-100000.json');
    expect(deleted.statusCode).toBe(200);

    const { data } = await auditLog('?page_size=5');
    expect(data.map((entry) => entry.action)).toEqual([
      'scraper_output_deleted',
      'scraper_stopped',
      'scraper_resumed',
      'scraper_paused',
      'scraper_started',
    ]);
    expect(data[0]).toMatchObject({ target: 'mining-projects-20261101-100000.json', actor_email: admin.email });
  });

  it('records saved auto-mode settings', async () => {
    const member = await signIn(t);
    const saved = await call('POST', '/api/v1/configurations/auto-mode', { commodity: ['Gold'] }, member.cookie);
    expect(saved.statusCode).toBe(200);
    expect(await latest('settings_changed')).toMatchObject({ actor_email: member.email, target: 'auto-mode filters' });
  });

  it('pages newest first and filters by action and by part of the actor email', async () => {
    const everything = await auditLog('?page_size=200');
    const total = everything.data.length;
    expect(everything.pagination).toMatchObject({ current_page: 1, total_count: total, has_prev: false });

    const page2 = await auditLog('?page=2&page_size=2');
    expect(page2.data.map((entry) => entry.id)).toEqual(everything.data.slice(2, 4).map((entry) => entry.id));
    expect(page2.pagination).toEqual({
      current_page: 2,
      page_size: 2,
      total_count: total,
      total_pages: Math.ceil(total / 2),
      has_next: total > 4,
      has_prev: true,
    });

    const byAction = await auditLog('?action=user_created');
    expect(byAction.data.length).toBeGreaterThan(0);
    expect(byAction.data.every((entry) => entry.action === 'user_created')).toBe(true);

    const byActor = await auditLog('?actor=AUDIT-ADMIN');
    expect(byActor.data.length).toBeGreaterThan(0);
    expect(byActor.data.every((entry) => entry.actor_email === admin.email)).toBe(true);
    // LIKE wildcards in the filter are taken literally.
    expect((await auditLog('?actor=%25')).data).toEqual([]);

    const unknown = await call('GET', '/api/v1/audit-log?action=everything');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail).toEqual(expect.any(String));
  });

  it('has no route that changes or deletes an entry, and the table refuses it', async () => {
    const auditRoutes = routesOf(t.app).filter((route) => route.url.startsWith('/api/v1/audit-log'));
    expect(auditRoutes.map((route) => route.method)).toContain('GET');
    expect(auditRoutes.every((route) => ['GET', 'HEAD'].includes(route.method) && route.role === 'admin')).toBe(true);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      for (const url of ['/api/v1/audit-log', '/api/v1/audit-log/1']) {
        expect((await call(method, url)).statusCode, `${method} ${url}`).toBe(404);
      }
    }

    const db = t.database.handle.db;
    await expect(db.updateTable('audit_log').set({ detail: 'rewritten' }).execute()).rejects.toThrow(/append-only/);
    await expect(db.deleteFrom('audit_log').execute()).rejects.toThrow(/append-only/);

    // Removing an actor's account keeps their entries, with their email as it was.
    const actor = await signIn(t, { role: 'admin' });
    await call('POST', '/api/v1/configurations/auto-mode', { commodity: [] }, actor.cookie);
    await t.services.auth.removeUser(actor.email);
    expect(await latest('settings_changed')).toMatchObject({ actor_email: actor.email });
  });
});
