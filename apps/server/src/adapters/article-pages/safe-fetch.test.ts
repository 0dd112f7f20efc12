import { setImmediate } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articlePage } from '../../../test/feed-fixtures.ts';
import { feedRoutes, startFakeServer, type Route } from '../../../test/fake-news-servers.ts';
import { safeFetch, type SafeFetchOptions } from './safe-fetch.ts';

// The expand step's page fetch shares the feeds' retry (http-retry.ts): a dropped kept-alive connection,
// a reset mid-body or a 502/503/504 is tried again within the fetch's deadline.

const page = (headline: string) => articlePage('<meta charset="utf-8">', headline);
const html =
  (body: string): Route =>
  (_req, res) =>
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);

describe.each(['reset', 'close'] as const)('safeFetch on a host that drops kept-alive connections (%s)', (mode) => {
  let server: Awaited<ReturnType<typeof startFakeServer>>;
  let options: SafeFetchOptions;
  beforeAll(async () => {
    server = await startFakeServer({ '/news/1': html(page('Copper Ridge closes financing')) }, { keptAlive: mode });
    options = {
      allowedOrigins: [server.url],
      timeoutMs: 10_000,
      maxBytes: 1024 * 1024,
      maxRedirects: 3,
      contentTypes: ['text/html'],
    };
  });
  afterAll(() => server.close());

  it('fetches the page again on a new connection', async () => {
    const first = await safeFetch(`${server.url}/news/1`, options);
    await setImmediate();
    const second = await safeFetch(`${server.url}/news/1`, options);
    expect(second.body.toString()).toBe(first.body.toString());
    expect(second.body.toString()).toContain('Copper Ridge closes financing');
    expect(server.dropped()).toBe(1);
  });
});

describe('safeFetch: transient failures of an article page', () => {
  let server: Awaited<ReturnType<typeof startFakeServer>>;
  let options: SafeFetchOptions;
  beforeAll(async () => {
    const body = page('Aurora Gold drills 12 m at 5 g/t Au');
    server = await startFakeServer({
      '/503-once': feedRoutes.sequence(feedRoutes.status(503, { 'retry-after': '1' }), html(body)),
      // Sent as application/rss+xml, which these options accept.
      '/reset-mid-body': feedRoutes.sequence(feedRoutes.resetMidBody(body), html(body)),
      '/503-always': feedRoutes.status(503),
      '/404': feedRoutes.status(404),
    });
    options = {
      allowedOrigins: [server.url],
      timeoutMs: 10_000,
      maxBytes: 1024 * 1024,
      maxRedirects: 3,
      contentTypes: ['text/html', 'application/rss+xml'],
    };
  });
  afterAll(() => server.close());

  it.each(['/503-once', '/reset-mid-body'])('fetches %s at the second attempt', async (path) => {
    const fetched = await safeFetch(`${server.url}${path}`, options);
    expect(fetched.body.toString()).toContain('Aurora Gold drills 12 m at 5 g/t Au');
    expect(server.requests.filter((request) => request === path)).toHaveLength(2);
  });

  it('gives up after three attempts, still retryable later by the job; a 404 is asked once', async () => {
    await expect(safeFetch(`${server.url}/503-always`, options)).rejects.toMatchObject({
      message: 'page answered HTTP 503 (3 attempts)',
      retryable: true,
    });
    expect(server.requests.filter((request) => request === '/503-always')).toHaveLength(3);
    await expect(safeFetch(`${server.url}/404`, options)).rejects.toMatchObject({
      message: 'page answered HTTP 404',
      retryable: false,
    });
    expect(server.requests.filter((request) => request === '/404')).toHaveLength(1);
  });
});
