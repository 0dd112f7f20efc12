import { DEFAULT_FUNCTION_SCHEMA } from '@mining-hub/contract/prompts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inBatches, isRefusal, listenOnFreePort, rawRequest, requestHead } from '../../test/raw-http.ts';
import { routesOf } from '../../test/route-table.ts';
import { seedFetchedSignals } from '../../test/signal-factory.ts';
import { APP_ORIGIN, createTestApp, signIn, type TestApp } from '../../test/test-app.ts';
import { testEngines } from '../../test/test-database.ts';

/** The bodies that carry nothing, as generic clients send them: header lines and bytes. */
const EMPTY_FORMS: Record<string, { headers: string[]; body: string }> = {
  'no body': { headers: [], body: '' },
  'an empty JSON body': { headers: ['Content-Type: application/json', 'Content-Length: 0'], body: '' },
  '{}': { headers: ['Content-Type: application/json', 'Content-Length: 2'], body: '{}' },
  null: { headers: ['Content-Type: application/json', 'Content-Length: 4'], body: 'null' },
};
const FORMS = Object.entries(EMPTY_FORMS);

describe.each(testEngines)('bodies that carry nothing, over raw HTTP on %s', (engine) => {
  let t: TestApp;
  let port: number;
  let admin: { cookie: string; userId: number };
  const origin = () => `Origin: http://127.0.0.1:${port}`;
  const send = (method: string, target: string, cookie: string, form: { headers: string[]; body: string }) =>
    rawRequest(port, requestHead(port, method, target, [origin(), `Cookie: ${cookie}`, ...form.headers]), form.body);
  const inject = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, headers: { origin: APP_ORIGIN, cookie }, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    // Jobs, so that "run now" has a queue to put its run on.
    t = await createTestApp(engine, { watchJobs: true });
    port = await listenOnFreePort(t.app);
    // User 1, whom the walk's `/users/1` routes (reset password, disable) act on.
    await signIn(t, { role: 'member' });
    admin = await signIn(t, { role: 'admin' });
  });
  afterAll(() => t.close());

  const bodiless = () => routesOf(t.app).filter((route) => !route.takesBody);

  it('takes each form on every route without a body, and still refuses a body with fields, naming it', async () => {
    const routes = bodiless();
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(['POST /api/v1/auth/logout', 'GET /api/v1/auth/me', 'DELETE /api/v1/watches/:id']),
    );
    const sessionFor = async (url: string) =>
      url === '/api/v1/auth/logout' ? (await signIn(t, { role: 'admin' })).cookie : admin.cookie;
    const attempts = routes.flatMap((route) => FORMS.map(([name, form]) => ({ route, name, form })));
    const answers = await inBatches(attempts, 8, async ({ route, name, form }) => ({
      route,
      label: `${route.method} ${route.url} with ${name}`,
      response: await send(route.method, route.path, await sessionFor(route.url), form),
    }));
    // A refusal of the body would name it; a refusal for the path's `1` or the state (404, 409) would not.
    const refusedBody = answers.filter(
      ({ response }) =>
        response.status >= 500 ||
        response.status === 415 ||
        (response.status === 400 && /body|field/i.test(response.body)),
    );
    expect(refusedBody.map(({ label, response }) => `${label} -> ${response.status} ${response.body}`)).toEqual([]);
    // A GET or HEAD changes nothing, so every form gets the very answer no body gets.
    for (const route of routes.filter((r) => r.method === 'GET' || r.method === 'HEAD')) {
      const statuses = answers.filter((answer) => answer.route === route).map(({ response }) => response.status);
      expect(new Set(statuses).size, `${route.method} ${route.url}: ${statuses.join(', ')}`).toBe(1);
    }

    const withFields = await inBatches(routes, 8, async (route) => ({
      label: `${route.method} ${route.url}`,
      method: route.method,
      response: await send(route.method, route.path, admin.cookie, {
        headers: ['Content-Type: application/json', 'Content-Length: 25'],
        body: '{"force": true, "all": 1}',
      }),
    }));
    const notRefused = withFields.filter(
      ({ method, response }) =>
        !isRefusal(method, response) ||
        response.status !== 400 ||
        (method !== 'HEAD' &&
          JSON.parse(response.body).detail !== 'Unexpected field "force": this request takes no body'),
    );
    expect(notRefused.map(({ label, response }) => `${label} -> ${response.status} ${response.body}`)).toEqual([]);
    // Refused before the handler: sign-out with fields left the session alive.
    expect((await inject('GET', '/api/v1/auth/me', admin.cookie)).statusCode).toBe(200);
  });

  it('refuses a body that is not an object, and a body of another type, on a route without one', async () => {
    for (const body of ['[]', '"x"', '0', 'false']) {
      const response = await send('POST', '/api/v1/auth/refresh', admin.cookie, {
        headers: ['Content-Type: application/json', `Content-Length: ${body.length}`],
        body,
      });
      expect(response.status, body).toBe(400);
      expect(JSON.parse(response.body), body).toEqual({
        detail: 'This request takes no body',
        code: 'invalid_request',
      });
    }
    const text = await send('POST', '/api/v1/auth/refresh', admin.cookie, {
      headers: ['Content-Type: text/plain', 'Content-Length: 2'],
      body: '{}',
    });
    expect(text.status).toBe(415);
  });

  it.each(FORMS)('signs out with %s', async (_name, form) => {
    const { cookie } = await signIn(t);
    expect((await inject('GET', '/api/v1/auth/me', cookie)).statusCode).toBe(200);
    const response = await send('POST', '/api/v1/auth/logout', cookie, form);
    expect(response.status, response.body).toBe(200);
    expect((await inject('GET', '/api/v1/auth/me', cookie)).statusCode).toBe(401);
  });

  it.each(FORMS)('activates a prompt with %s', async (name, form) => {
    const created = await inject('POST', '/api/v1/prompts', admin.cookie, {
      name: `Activated with ${name}`,
      prompt_text: 'Find drilling signals.',
      description: 'For tests',
      function_schema: DEFAULT_FUNCTION_SCHEMA,
    });
    expect(created.statusCode, created.body).toBe(201);
    const promptId: number = created.json().data.id;
    // Another one after it, which is the active one until the request below.
    await inject('POST', '/api/v1/prompts', admin.cookie, { ...created.json().data, name: `After ${name}` });
    expect((await inject('GET', '/api/v1/prompts/active', admin.cookie)).json().data.id).not.toBe(promptId);

    const response = await send('POST', `/api/v1/prompts/${promptId}/activate`, admin.cookie, form);
    expect(response.status, response.body).toBe(200);
    expect((await inject('GET', '/api/v1/prompts/active', admin.cookie)).json().data.id).toBe(promptId);
  });

  it.each(FORMS)('dismisses a signal with %s', async (name, form) => {
    const [articleId] = await seedFetchedSignals(t.database.handle.db, admin.userId, [
      { title: `Dismissed with ${name}`, company: 'Alpha Copper', intent: 'High' },
    ]);
    const dismissed = () =>
      inject('GET', '/api/v1/signals?status=dismissed', admin.cookie).then((r) =>
        r.json().data.map((signal: { article_id: number }) => signal.article_id),
      );
    expect(await dismissed()).not.toContain(articleId);
    const response = await send('POST', `/api/v1/article/${articleId}/dismiss`, admin.cookie, form);
    expect(response.status, response.body).toBe(200);
    expect(await dismissed()).toContain(articleId);
  });

  it.each(FORMS)('runs a watch now with %s', async (name, form) => {
    const created = await inject('POST', '/api/v1/watches', admin.cookie, {
      name: `Run with ${name}`,
      filters: { dateRange: 7 },
      interval_minutes: 60,
      push_min_intent: 'Low',
    });
    expect(created.statusCode, created.body).toBe(201);
    const watchId: number = created.json().data.id;
    const response = await send('POST', `/api/v1/watches/${watchId}/run`, admin.cookie, form);
    expect(response.status, response.body).toBe(202);
    const runs = (await inject('GET', `/api/v1/watches/${watchId}/runs`, admin.cookie)).json().data;
    expect(runs.map((run: { trigger: string }) => run.trigger)).toEqual(['manual']);
  });
});
