import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ORIGIN, createTestApp, signIn, type TestApp } from '../../test/test-app.ts';
import { isProtectedPath } from './security.ts';

const PUBLIC_API_ROUTES = ['POST /api/v1/auth/login'];

describe('request security over the whole route table', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    cookie = (await signIn(t)).cookie;
  });
  afterAll(() => t.close());

  const routes = () =>
    t.app.routeTable.flatMap((route) =>
      (Array.isArray(route.method) ? route.method : [route.method]).map((method) => ({
        method,
        url: route.url ?? '',
        path: (route.url ?? '').replace(/:[^/]+/g, '1').replace('*', 'x'),
        isPublic: route.config?.public === true,
      })),
    );

  it('knows the routes of every module', () => {
    const urls = routes().map((r) => `${r.method} ${r.url}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        'GET /health',
        'GET /api/v1/auth/me',
        'POST /api/v1/pinboard/quick-links',
        'DELETE /api/v1/pinboard/widgets/:id',
        'GET /ws',
      ]),
    );
  });

  it('only sign-in is public under /api/v1 and /ws', () => {
    const publicOnes = routes()
      .filter((r) => isProtectedPath(r.url) && r.isPublic)
      .map((r) => `${r.method} ${r.url}`);
    expect(publicOnes).toEqual(PUBLIC_API_ROUTES);
  });

  it('answers 401 {detail} on every protected route without a session', async () => {
    for (const route of routes().filter((r) => isProtectedPath(r.url) && !r.isPublic && r.method !== 'HEAD')) {
      const response = await t.app.inject({
        method: route.method as 'GET',
        url: route.path,
        headers: { origin: APP_ORIGIN },
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(response.json(), `${route.method} ${route.url}`).toEqual({ detail: 'Authentication required' });
    }
  });

  it('refuses every state-changing request from another origin or with no origin, even signed in', async () => {
    const changing = routes().filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method));
    expect(changing.length).toBeGreaterThan(5);
    for (const route of changing) {
      for (const origin of ['https://evil.example', undefined]) {
        const response = await t.app.inject({
          method: route.method as 'POST',
          url: route.path,
          headers: origin ? { origin, cookie } : { cookie },
          payload: {},
        });
        expect(response.statusCode, `${route.method} ${route.url} from ${origin}`).toBe(403);
        expect(response.json().detail).toBeTruthy();
      }
    }
  });

  it('answers unknown routes 404 {detail}', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/no-such-thing', headers: { cookie } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Route GET /api/v1/no-such-thing not found' });
  });
});
