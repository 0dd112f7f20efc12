import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  inBatches,
  isRefusal,
  listenOnFreePort,
  rawRequest,
  requestHead,
  type RawResponse,
} from '../../test/raw-http.ts';
import { routesOf, STATE_CHANGING_METHODS, type TableRoute } from '../../test/route-table.ts';
import { APP_ORIGIN, createTestApp, signIn, type TestApp } from '../../test/test-app.ts';
import { testEngines } from '../../test/test-database.ts';
import { ADMINS_ONLY, isProtectedPath } from './security.ts';

// Sign-in, and the daily digest's unsubscribe link (its unguessable token is the key, issue 35).
const PUBLIC_API_ROUTES = [
  'POST /api/v1/auth/login',
  'GET /api/v1/digest/unsubscribe',
  'HEAD /api/v1/digest/unsubscribe',
  'POST /api/v1/digest/unsubscribe',
];

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

  it('only sign-in and the unsubscribe link are public under /api/v1 and /ws', () => {
    const publicOnes = routes()
      .filter((r) => isProtectedPath(r.url) && r.isPublic)
      .map((r) => `${r.method} ${r.url}`);
    expect(publicOnes).toEqual(PUBLIC_API_ROUTES);
  });

  it('answers 401 {detail, code} on every protected route without a session', async () => {
    for (const route of routes().filter((r) => isProtectedPath(r.url) && !r.isPublic && r.method !== 'HEAD')) {
      const response = await t.app.inject({
        method: route.method as 'GET',
        url: route.path,
        headers: { origin: APP_ORIGIN },
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(response.json(), `${route.method} ${route.url}`).toEqual({
        detail: 'Authentication required',
        code: 'unauthenticated',
      });
    }
  });

  it('refuses every state-changing request from another origin or with no origin, even signed in', async () => {
    const changing = routes().filter((r) => STATE_CHANGING_METHODS.includes(r.method));
    expect(changing.length).toBeGreaterThan(5);
    // Only the unsubscribe link's POST (RFC 8058 one-click, from a mail provider's servers) goes without an Origin.
    expect(changing.filter((r) => r.keyedByToken).map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /api/v1/digest/unsubscribe',
    ]);
    for (const route of changing) {
      for (const origin of route.keyedByToken ? ['https://evil.example'] : ['https://evil.example', undefined]) {
        const response = await t.app.inject({
          method: route.method as 'POST',
          url: route.path,
          headers: origin ? { origin, cookie } : { cookie },
          payload: {},
        });
        expect(response.statusCode, `${route.method} ${route.url} from ${origin}`).toBe(403);
        expect(response.json().detail).toBeTruthy();
        expect(response.json().code).toBe('forbidden');
      }
    }
  });

  it('refuses every protected route anonymously in every spelling, over raw HTTP', async () => {
    const port = await listenOnFreePort(t.app);
    const protectedRoutes = routes().filter((r) => isProtectedPath(r.url) && !r.isPublic && r.method !== 'HEAD');
    const answers = await sendInEverySpelling(port, protectedRoutes, []);
    expect(answers.length).toBeGreaterThan(protectedRoutes.length * 20);
    const wrong = answers.filter(({ method, response }) => !isRefusal(method, response));
    expect(wrong.map(({ label, response }) => `${label} -> ${response.status} ${response.body}`)).toEqual([]);
    const canonical = answers.filter(({ spelling }) => spelling === 'canonical');
    expect(new Set(canonical.map(({ response }) => response.status))).toEqual(new Set([401]));
  });

  it('answers unknown routes 404 {detail, code}', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/no-such-thing', headers: { cookie } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Route GET /api/v1/no-such-thing not found', code: 'not_found' });
  });
});

/** Who may call a route, as the team-accounts policy says (issue 13); the route table must agree. */
function expectedRole(route: TableRoute): 'admin' | 'member' {
  const { method, url } = route;
  if (/^\/api\/v1\/(logs|users|audit-log)(\/|$)/.test(url)) return 'admin';
  if (url.startsWith('/api/v1/scraper/')) {
    return method === 'GET' && ['/api/v1/scraper/status', '/api/v1/scraper/progress'].includes(url)
      ? 'member'
      : 'admin';
  }
  // Evaluation (issue 36): admins only, but members list the sets and add reviewed articles to one.
  if (url === '/api/v1/prompts/:id/evaluations' || /^\/api\/v1\/(evaluations|evaluation-prices)(\/|$)/.test(url)) {
    return 'admin';
  }
  if (url.startsWith('/api/v1/evaluation-sets')) {
    const memberRoute =
      (method === 'GET' && url === '/api/v1/evaluation-sets') || url === '/api/v1/evaluation-sets/:id/articles';
    return memberRoute ? 'member' : 'admin';
  }
  if (url.startsWith('/api/v1/prompts')) {
    return method === 'GET' || url === '/api/v1/prompts/validate-schema' ? 'member' : 'admin';
  }
  // Accounts (issue 34): every member reads every company; owners, merges and splits are admins'.
  if (url.startsWith('/api/v1/companies')) return method === 'GET' ? 'member' : 'admin';
  // Ownership rules and the review list of ambiguous companies are admins' (reading them too).
  if (/^\/api\/v1\/(ownership-rules|account-reviews)(\/|$)/.test(url)) return 'admin';
  return 'member';
}

describe.each(testEngines)('roles over the whole route table on %s', (engine) => {
  let t: TestApp;
  let member: string;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(engine);
    // User 1, whom the walk's `/users/1` routes (reset password, disable) act on as the admin.
    await signIn(t, { role: 'member' });
    member = (await signIn(t, { role: 'member' })).cookie;
    admin = (await signIn(t, { role: 'admin' })).cookie;
  });
  afterAll(() => t.close());

  const protectedRoutes = () =>
    routesOf(t.app).filter((r) => isProtectedPath(r.url) && !r.isPublic && r.method !== 'HEAD');
  const adminRoutes = () => protectedRoutes().filter((r) => r.role === 'admin');

  it('declares in the route table exactly the roles the policy gives', () => {
    const declared = protectedRoutes().map((r) => `${r.method} ${r.url} ${r.role ?? 'member'}`);
    expect(declared).toEqual(protectedRoutes().map((r) => `${r.method} ${r.url} ${expectedRole(r)}`));
    expect(adminRoutes().map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(['GET /api/v1/logs/files', 'POST /api/v1/prompts', 'POST /api/v1/scraper/start']),
    );
  });

  it('refuses a member 403 {detail, code} on every admin route, and lets an admin past the role check', async () => {
    for (const route of adminRoutes()) {
      const label = `${route.method} ${route.url}`;
      const asMember = await t.app.inject({
        method: route.method as 'GET',
        url: route.path,
        headers: { origin: APP_ORIGIN, cookie: member },
      });
      expect(asMember.statusCode, label).toBe(403);
      expect(asMember.json(), label).toEqual({ detail: ADMINS_ONLY, code: 'forbidden' });
      const asAdmin = await t.app.inject({
        method: route.method as 'GET',
        url: route.path,
        headers: { origin: APP_ORIGIN, cookie: admin },
      });
      expect(asAdmin.statusCode, label).not.toBe(403);
    }
  });

  it('lets a member past the role check on every other route', async () => {
    const ownMember = (await signIn(t, { role: 'member' })).cookie; // sign-out is among these routes
    for (const route of protectedRoutes().filter((r) => r.role !== 'admin' && r.url !== '/ws')) {
      const response = await t.app.inject({
        method: route.method as 'GET',
        url: route.path,
        headers: { origin: APP_ORIGIN, cookie: ownMember },
      });
      expect(response.statusCode, `${route.method} ${route.url}`).not.toBe(403);
    }
  });

  it('refuses a member every admin route in every spelling, over raw HTTP', async () => {
    const port = await listenOnFreePort(t.app);
    const answers = await sendInEverySpelling(port, adminRoutes(), [`Cookie: ${member}`]);
    const wrong = answers.filter(({ method, response }) => !isRefusal(method, response));
    expect(wrong.map(({ label, response }) => `${label} -> ${response.status} ${response.body}`)).toEqual([]);
    const canonical = answers.filter(({ spelling }) => spelling === 'canonical');
    expect(new Set(canonical.map(({ response }) => response.status))).toEqual(new Set([403]));
  });
});

interface SpelledAnswer {
  label: string;
  spelling: string;
  method: string;
  response: RawResponse;
}

/**
 * Sends each route in every spelling of its path over raw sockets (GET routes also as HEAD;
 * state-changing ones with the app's Origin and a `{}` body), with the given extra header lines.
 */
function sendInEverySpelling(port: number, routes: TableRoute[], headers: string[]): Promise<SpelledAnswer[]> {
  const origin = `Origin: http://127.0.0.1:${port}`;
  const requests = routes.flatMap((route) =>
    oddSpellings(route.path, port).flatMap(({ spelling, target }) => {
      const changing = STATE_CHANGING_METHODS.includes(route.method);
      return (changing ? [route.method] : [route.method, 'HEAD']).map((method) => ({
        label: `${method} ${route.url} as ${spelling}: ${target}`,
        spelling,
        method,
        send: () =>
          changing
            ? rawRequest(
                port,
                requestHead(port, method, target, [
                  origin,
                  ...headers,
                  'Content-Type: application/json',
                  'Content-Length: 2',
                ]),
                '{}',
              )
            : rawRequest(port, requestHead(port, method, target, headers)),
      }));
    }),
  );
  return inBatches(requests, 16, async ({ send, ...request }) => ({ ...request, response: await send() }));
}

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

describe('the Origin check and the live socket, over raw HTTP', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    port = await listenOnFreePort(t.app);
  });
  afterAll(() => t.close());

  /** Signs out over raw HTTP with the given Host and Origin; answers the status (200 signed out, 403 refused). */
  async function signOutFrom(origin: string, host = `127.0.0.1:${port}`): Promise<number> {
    const { cookie } = await signIn(t);
    const head = ['POST /api/v1/auth/logout HTTP/1.1', `Host: ${host}`, `Origin: ${origin}`, `Cookie: ${cookie}`];
    return (await rawRequest(port, head.join('\r\n'))).status;
  }

  it('accepts the address the connection came in on and the loopback names, on its port', async () => {
    for (const origin of [`http://127.0.0.1:${port}`, `http://localhost:${port}`, `http://LOCALHOST:${port}/`]) {
      expect(await signOutFrom(origin), origin).toBe(200);
    }
  });

  it('refuses an origin the client names in its own Host header, and other ports of our names', async () => {
    expect(await signOutFrom('http://evil.example', 'evil.example')).toBe(403);
    expect(await signOutFrom(`http://evil.example:${port}`, `evil.example:${port}`)).toBe(403);
    expect(await signOutFrom(`http://127.0.0.1:${port + 1}`)).toBe(403);
    expect(await signOutFrom(`https://127.0.0.1:${port}`)).toBe(403);
    expect(await signOutFrom('null')).toBe(403);
  });

  it('refuses a WebSocket upgrade anywhere but /ws with 400, before any handshake', async () => {
    const { cookie } = await signIn(t);
    const upgrade = (target: string) =>
      rawRequest(
        port,
        requestHead(port, 'GET', target, [
          `Origin: http://127.0.0.1:${port}`,
          `Cookie: ${cookie}`,
          'Upgrade: websocket',
          'Connection: Upgrade',
          'Sec-WebSocket-Version: 13',
          'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
        ]),
      );
    for (const target of ['/ws/', '/WS', '/Ws', '/ws/x', '/api/v1/auth/me', '/dashboard']) {
      const response = await upgrade(target);
      expect(response.status, target).toBe(400);
      expect(JSON.parse(response.body), target).toEqual({
        detail: 'WebSocket connections are accepted at /ws only',
        code: 'invalid_request',
      });
    }
  });
});

describe('the Origin check with PUBLIC_ORIGIN', () => {
  it('accepts that origin only, not the loopback names', async () => {
    const t = await createTestApp('pglite', { publicOrigin: 'http://hub.example.com:8080' });
    try {
      const signOut = async (origin: string) =>
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/v1/auth/logout',
            headers: { origin, cookie: (await signIn(t, { origin: 'http://hub.example.com:8080' })).cookie },
          })
        ).statusCode;
      expect(await signOut('http://hub.example.com:8080')).toBe(200);
      expect(await signOut('http://localhost')).toBe(403);
      expect(await signOut('http://hub.example.com')).toBe(403);
      expect(await signOut('https://hub.example.com:8080')).toBe(403);
    } finally {
      await t.close();
    }
  });
});
