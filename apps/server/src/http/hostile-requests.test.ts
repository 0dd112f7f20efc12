import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inBatches, isRefusal, listenOnFreePort, rawRequest, requestHead } from '../../test/raw-http.ts';
import { routesOf, STATE_CHANGING_METHODS } from '../../test/route-table.ts';
import { createTestApp, signIn, type TestApp } from '../../test/test-app.ts';
import { testEngines } from '../../test/test-database.ts';
import { LOGIN_THROTTLE } from '../modules/auth/auth.service.ts';

// Field names of every request body in the contract, so a hostile value lands in each real field.
const BODY_FIELDS = [
  'email',
  'password',
  'label',
  'url',
  'color',
  'type',
  'title',
  'content',
  'name',
  'description',
  'prompt_text',
  'commodities',
  'countries',
  'search',
  'article_id',
  'article_ids',
  'mode',
];
const withEveryField = (value: string) =>
  `{${BODY_FIELDS.map((field) => `"${field}": ${value}`).join(', ')}, "function_schema": {"name": ${value}}}`;

/** JSON bodies nothing may store or crash on, as the exact bytes sent. */
const HOSTILE_BODIES: Record<string, string | Buffer> = {
  'NUL escape in every field': withEveryField('"a\\u0000b"'),
  'lone high surrogate in every field': withEveryField('"a\\ud800b"'),
  'lone low surrogate in every field': withEveryField('"\\udc00"'),
  'NUL in a key': '{"ema\\u0000il": "a@example.com", "password": "x"}',
  'raw NUL byte': Buffer.from('{"email": "a\0b", "password": "x"}'),
  'invalid UTF-8 bytes': Buffer.concat([
    Buffer.from('{"email": "'),
    Buffer.from([0xed, 0xa0, 0x80, 0xff]),
    Buffer.from('"}'),
  ]),
  'cut short': '{"email": "a@example.com", "password": ',
  'trailing garbage': '{"email": "a@example.com"}}',
  'not JSON at all': "{'email': 'single quotes'}",
  'NaN literal': '{"article_id": NaN}',
  'array instead of object': '[1, 2, 3]',
  'bare string': '"hello"',
  'null body': 'null',
  'wrong types everywhere': withEveryField('{"$gt": ""}'),
  'numbers as strings everywhere': withEveryField('1e309'),
  'over-long strings': withEveryField(JSON.stringify('x'.repeat(40_000))),
  '__proto__ key': '{"__proto__": {"isAdmin": true}, "email": "a@example.com"}',
  'constructor.prototype': '{"constructor": {"prototype": {"isAdmin": true}}}',
  'deeply nested': `${'['.repeat(50_000)}${']'.repeat(50_000)}`,
  'empty body': '',
  'whitespace body': '   \n ',
};

const CARRYING_NOTHING = ['null body', 'empty body', 'whitespace body'];

describe.each(testEngines)('hostile requests over raw HTTP on %s', (engine) => {
  let t: TestApp;
  let port: number;
  let cookie: string;
  const origin = () => `Origin: http://127.0.0.1:${port}`;
  const post = (target: string, headers: string[], body: string | Buffer) =>
    rawRequest(port, requestHead(port, 'POST', target, [origin(), ...headers]), body);
  const postJson = (target: string, body: string | Buffer, extra: string[] = []) =>
    post(target, ['Content-Type: application/json', `Content-Length: ${Buffer.byteLength(body)}`, ...extra], body);

  beforeAll(async () => {
    // Each test signs in from its own address through a trusted proxy header, as behind a proxy.
    t = await createTestApp(engine, { trustProxy: ['127.0.0.1'] });
    port = await listenOnFreePort(t.app);
    cookie = (await signIn(t)).cookie;
  });
  afterAll(() => t.close());

  it('checks at most 5 passwords of a parallel burst of 60 against one account, then refuses even the right one', async () => {
    const { email, password } = await signIn(t);
    const body = JSON.stringify({ email, password: 'wrong password' });
    const from = ['X-Forwarded-For: 198.51.100.1'];
    const burst = await Promise.all(Array.from({ length: 60 }, () => postJson('/api/v1/auth/login', body, from)));
    const statuses = burst.map((response) => response.status);
    const checked = statuses.filter((status) => status === 401).length;
    expect(checked).toBeLessThanOrEqual(LOGIN_THROTTLE.maxFailuresPerAccount);
    expect(checked + statuses.filter((status) => status === 429).length).toBe(60);

    // From another address too: the account's counter holds whoever asks.
    const right = await postJson('/api/v1/auth/login', JSON.stringify({ email, password }), [
      'X-Forwarded-For: 198.51.100.99',
    ]);
    expect(right.status).toBe(429);
    expect(JSON.parse(right.body)).toEqual({
      detail: expect.stringContaining('Too many'),
      code: 'rate_limited',
      wait_time: expect.any(Number),
    });
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(right.headers['retry-after'])).toBeLessThanOrEqual(LOGIN_THROTTLE.windowMs / 1000);
  });

  it('checks at most 5 passwords from one address spraying many accounts at once', async () => {
    // One after another: attempts in flight count against the address as well.
    const users: { email: string }[] = [];
    for (let i = 0; i < 8; i++) users.push(await signIn(t));
    // Each account has its own counter; the address's one is what stops the spray.
    const spray = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        postJson('/api/v1/auth/login', JSON.stringify({ email: users[i % users.length]?.email, password: 'guess' }), [
          'X-Forwarded-For: 198.51.100.2',
        ]),
      ),
    );
    expect(spray.filter((response) => response.status === 401).length).toBeLessThanOrEqual(
      LOGIN_THROTTLE.maxFailuresPerAddress,
    );
  });

  it('refuses NUL, surrogates, malformed and oversized bodies on every JSON route with 4xx {detail}, storing nothing', async () => {
    const before = await rowCounts();
    const routes = routesOf(t.app).filter((route) => STATE_CHANGING_METHODS.includes(route.method));
    const attempts = routes.flatMap((route) =>
      Object.entries(HOSTILE_BODIES)
        // A route without a body takes one that carries nothing (empty-bodies.test.ts).
        .filter(([name]) => route.takesBody || !CARRYING_NOTHING.includes(name))
        .map(([name, body]) => ({ route, name, body })),
    );
    const answers = await inBatches(attempts, 8, async ({ route, name, body }) => {
      const bytes = typeof body === 'string' ? Buffer.from(body) : body;
      const head = requestHead(port, route.method, route.path, [
        origin(),
        `Cookie: ${cookie}`,
        'Content-Type: application/json',
        `Content-Length: ${bytes.length}`,
      ]);
      return {
        label: `${route.method} ${route.url} with ${name}`,
        method: route.method,
        response: await rawRequest(port, head, bytes),
      };
    });
    const wrong = answers.filter(({ method, response }) => !isRefusal(method, response));
    expect(wrong.map(({ label, response }) => `${label} -> ${response.status} ${response.body.slice(0, 200)}`)).toEqual(
      [],
    );
    expect(await rowCounts()).toEqual(before);
    expect((await rawRequest(port, requestHead(port, 'GET', '/health'))).status).toBe(200);
    cookie = (await signIn(t)).cookie; // in case a hostile body did sign it out
  });

  it('names the problem of a NUL or surrogate in a real field', async () => {
    const nul = await postJson('/api/v1/auth/login', '{"email": "a\\u0000@example.com", "password": "secret"}', [
      'X-Forwarded-For: 198.51.100.3',
    ]);
    expect(nul.status).toBe(400);
    expect(JSON.parse(nul.body)).toEqual({
      detail: 'Request body contains a NUL character (in field "email")',
      code: 'invalid_request',
    });
    const surrogate = await postJson(
      '/api/v1/pinboard/quick-links',
      '{"label": "\\ud83d", "url": "https://example.com", "color": "#2563eb"}',
      [`Cookie: ${cookie}`],
    );
    expect(surrogate.status).toBe(400);
    expect(JSON.parse(surrogate.body).detail).toBe('Request body contains an unpaired surrogate (in field "label")');
  });

  it('answers the framework own refusals with {detail, code}: content type, size, URL, headers', async () => {
    const huge = Buffer.alloc(2 * 1024 * 1024, 'a');
    const cases: { name: string; send: () => Promise<{ status: number; body: string }>; status: number }[] = [
      {
        name: 'wrong content type',
        send: () => post('/api/v1/auth/login', ['Content-Type: text/plain', 'Content-Length: 2'], 'hi'),
        status: 415,
      },
      {
        name: 'a body with fields where none is taken',
        send: () => postJson('/api/v1/auth/logout', '{"everywhere": true}', [`Cookie: ${cookie}`]),
        status: 400,
      },
      {
        name: 'body over the limit',
        send: () => postJson('/api/v1/auth/login', Buffer.concat([Buffer.from('{"email":"'), huge, Buffer.from('"}')])),
        status: 413,
      },
      {
        name: 'path parameter over its length',
        send: () =>
          rawRequest(port, requestHead(port, 'GET', `/api/v1/article/${'9'.repeat(200)}`, [`Cookie: ${cookie}`])),
        status: 414,
      },
      {
        name: 'undecodable path',
        send: () => rawRequest(port, requestHead(port, 'GET', '/api/v1/article/%E0%A4%A')),
        status: 400,
      },
      {
        name: 'request line too long',
        send: () => rawRequest(port, requestHead(port, 'GET', `/api/v1/news/${'a'.repeat(20_000)}`)),
        status: 431,
      },
      {
        name: 'headers too large',
        send: () => rawRequest(port, requestHead(port, 'GET', '/health', [`X-Filler: ${'a'.repeat(20_000)}`])),
        status: 431,
      },
      {
        name: 'NUL in a header',
        send: () => rawRequest(port, requestHead(port, 'GET', '/health', ['X-Evil: a\0b'])),
        status: 400,
      },
      {
        name: 'garbage request line',
        send: () => rawRequest(port, 'GARBAGE\r\nHost: x'),
        status: 400,
      },
      {
        name: 'NUL in the query string',
        send: () => rawRequest(port, requestHead(port, 'GET', '/api/v1/logs/files?x=%00', [`Cookie: ${cookie}`])),
        status: 400,
      },
      {
        name: 'encoded lone surrogate in the query string',
        send: () => rawRequest(port, requestHead(port, 'GET', '/api/v1/logs/files?x=%ED%A0%80', [`Cookie: ${cookie}`])),
        status: 400,
      },
      {
        name: 'malformed escape in the query string',
        send: () => rawRequest(port, requestHead(port, 'GET', '/api/v1/logs/files?x=%zz', [`Cookie: ${cookie}`])),
        status: 400,
      },
    ];
    const codeOf: Record<number, string> = {
      400: 'invalid_request',
      413: 'payload_too_large',
      414: 'uri_too_long',
      415: 'unsupported_media_type',
      431: 'headers_too_large',
    };
    for (const { name, send, status } of cases) {
      const response = await send();
      expect(response.status, name).toBe(status);
      expect(JSON.parse(response.body), name).toEqual({ detail: expect.any(String), code: codeOf[status] });
    }
    expect((await rawRequest(port, requestHead(port, 'GET', '/health'))).status).toBe(200);
  });

  async function rowCounts(): Promise<Record<string, number>> {
    const db = t.database.handle.db;
    const counts: Record<string, number> = {};
    for (const table of [
      'quick_links',
      'widgets',
      'prompts',
      'prompt_versions',
      'news_sessions',
      'auto_mode_configs',
      'pipeline_batches',
      'scraper_runs',
      'users',
    ] as const) {
      const row = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      counts[table] = Number(row.n);
    }
    return counts;
  }
});
