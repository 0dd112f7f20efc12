import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inBatches, isRefusal, listenOnFreePort, rawRequest, requestHead } from '../../test/raw-http.ts';
import { routesOf, STATE_CHANGING_METHODS } from '../../test/route-table.ts';
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

  const routes = () => routesOf(t.app);

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
    const changing = routes().filter((r) => STATE_CHANGING_METHODS.includes(r.method));
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

  it('refuses every protected route anonymously in every spelling, over raw HTTP', async () => {
    const port = await listenOnFreePort(t.app);
    const origin = `Origin: http://127.0.0.1:${port}`;
    const protectedRoutes = routes().filter((r) => isProtectedPath(r.url) && !r.isPublic && r.method !== 'HEAD');
    const requests = protectedRoutes.flatMap((route) =>
      oddSpellings(route.path, port).flatMap(({ spelling, target }) => {
        const changing = STATE_CHANGING_METHODS.includes(route.method);
        const methods = changing ? [route.method] : [route.method, 'HEAD'];
        return methods.map((method) => ({
          label: `${method} ${route.url} as ${spelling}: ${target}`,
          method,
          send: () =>
            changing
              ? rawRequest(
                  port,
                  requestHead(port, method, target, [origin, 'Content-Type: application/json', 'Content-Length: 2']),
                  '{}',
                )
              : rawRequest(port, requestHead(port, method, target)),
        }));
      }),
    );
    expect(requests.length).toBeGreaterThan(protectedRoutes.length * 20);
    const answers = await inBatches(requests, 16, async (request) => ({ request, response: await request.send() }));
    const wrong = answers.filter(({ request, response }) => !isRefusal(request.method, response));
    expect(wrong.map(({ request, response }) => `${request.label} -> ${response.status} ${response.body}`)).toEqual([]);
    const canonical = answers.filter(({ request }) => request.label.includes(' as canonical:'));
    expect(new Set(canonical.map(({ response }) => response.status))).toEqual(new Set([401]));
  });

  it('answers unknown routes 404 {detail}', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/no-such-thing', headers: { cookie } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Route GET /api/v1/no-such-thing not found' });
  });
});

/** The canonical path and the spellings that must never reach its handler without the same check. */
function oddSpellings(path: string, port: number): { spelling: string; target: string }[] {
  const cut = path.indexOf('/', 1) === -1 ? path.length : path.indexOf('/', 1);
  const head = path.slice(0, cut); // "/api"
  const tail = path.slice(cut); // "/v1/logs/files"
  const hex = (char: string) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`;
  const last = path.lastIndexOf('/') + 1;
  return Object.entries({
    canonical: path,
    'encoded first letter': `/${hex(path.charAt(1))}${path.slice(2)}`,
    'encoded letter, lower-case hex': `/${hex(path.charAt(1)).toLowerCase()}${path.slice(2)}`,
    'encoded letter in the last segment': `${path.slice(0, last)}${hex(path.charAt(last) || 'x')}${path.slice(last + 1)}`,
    'double-encoded letter': `/%25${hex(path.charAt(1)).slice(1)}${path.slice(2)}`,
    'upper case': path.toUpperCase(),
    'upper-case first segment': `${head.toUpperCase()}${tail}`,
    'empty segment': `${head}/${tail}`,
    'leading empty segment': `/${path}`,
    'dot segment': `${head}/.${tail}`,
    'dot-dot segment': `${head}/x/..${tail}`,
    'encoded dot-dot segment': `${head}/x/%2E%2E${tail}`,
    ';params on a segment': `${head};x=1${tail}`,
    ';params at the end': `${path};jsessionid=1`,
    'encoded slash': `${head}%2F${tail.slice(1)}`,
    'encoded slash, lower-case hex': `${head}%2f${tail.slice(1)}`,
    'over-long UTF-8 slash': `${head}%C0%AF${tail.slice(1)}`,
    'encoded question mark': `${path}%3Fx=1`,
    backslash: `${head}\\${tail.slice(1)}`,
    'trailing slash': `${path}/`,
    NUL: `${path}%00`,
    'malformed escape': `${path}%zz`,
    'absolute form': `http://127.0.0.1:${port}${path}`,
    'absolute form, upper-case scheme': `HTTP://127.0.0.1:${port}${path}`,
    'absolute form, another host': `http://evil.example${path}`,
  }).map(([spelling, target]) => ({ spelling, target }));
}
