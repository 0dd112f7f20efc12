import type { LightMyRequestResponse } from 'fastify';
import type { Watch } from '@mining-hub/contract/watches';
import { createRssSource } from '../src/adapters/news-sources/rss-source.ts';
import type { WatchDigest } from '../src/modules/watches/watches.service.ts';
import { feedRoutes, startFakeServer } from './fake-news-servers.ts';
import { APP_ORIGIN, createTestApp, signIn, type TestApp } from './test-app.ts';
import type { EngineKind } from './test-database.ts';

/**
 * Release `n`: a funded drilling programme after a closed placement, which the rules analyser scores High or
 * above; `withContact` signs it with a contact paragraph.
 */
export function drillingRelease(n: number, { withContact = false } = {}): string {
  const contact = withContact
    ? `\n<p>For further information, please contact:</p>\n<p>Jane Doe<br>President &amp; CEO<br>jane.doe@company${n}.com</p>`
    : '';
  return `<!doctype html><html><head><title>Release ${n}</title></head><body><main><article>
<h1>Company ${n} Resources plans 12,000-metre drill program at Red Lake</h1>
<p>Toronto, Ontario - Company ${n} Resources Inc. (TSXV: C${n}) is pleased to announce a fully funded 12,000-metre diamond drilling program at its Red Lake Gold Project in Ontario, starting in Q2 2026.</p>
<p>The company recently closed a C$8 million private placement to fund the work, with two rigs mobilising next month.</p>${contact}
</article></main></body></html>`;
}

export interface WatchApp {
  t: TestApp;
  /** Serves /feed.xml and the releases at /news/N. */
  pages: Awaited<ReturnType<typeof startFakeServer>>;
  /** What the watches sent, oldest first. */
  digests: WatchDigest[];
  alice: { cookie: string; userId: number };
  bob: { cookie: string; userId: number };
  admin: { cookie: string; userId: number };
  close(): Promise<void>;
}

/**
 * An app whose one news source is an RSS feed served beside it (`feed` makes its XML on each request, given
 * the server's address) with releases 1 to `releases` as pages, running pipeline and watch jobs as a worker
 * does; two members and an admin signed in.
 */
export async function startWatchApp(
  engine: EngineKind,
  { feed, releases, withContact = false }: { feed: (url: string) => string; releases: number; withContact?: boolean },
): Promise<WatchApp> {
  const routes: Parameters<typeof startFakeServer>[0] = {
    '/feed.xml': (req, res) => feedRoutes.ok(feed(pages.url))(req, res),
  };
  for (let n = 1; n <= releases; n++)
    routes[`/news/${n}`] = (_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(drillingRelease(n, { withContact }));
  const pages = await startFakeServer(routes);
  const digests: WatchDigest[] = [];
  const t = await createTestApp(engine, {
    newsSources: [createRssSource(`${pages.url}/feed.xml`)],
    pipelineJobs: true,
    watchJobs: true,
    // The page server stands in for the app's own origin, the one address the expand step trusts on loopback.
    pipeline: { appOrigin: pages.url },
    watches: { sendDigest: async (digest) => void digests.push(digest), pollMs: 50 },
  });
  return {
    t,
    pages,
    digests,
    alice: await signIn(t),
    bob: await signIn(t),
    admin: await signIn(t, { role: 'admin' }),
    close: async () => {
      await t.close();
      await pages.close();
    },
  };
}

/** A call to /api/v1/`url` as the user of `cookie`, from the app's own origin. */
export function callApi(
  t: TestApp,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  cookie: string,
  payload?: object,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url: `/api/v1/${url}`,
    headers: { origin: APP_ORIGIN, cookie },
    ...(payload ? { payload } : {}),
  });
}

/** Creates a watch through the API as the user of `cookie` (as its form does); the watch as the API answers it. */
export async function createWatchAs(t: TestApp, cookie: string, request: object): Promise<Watch> {
  const created = await callApi(t, 'POST', 'watches', cookie, request);
  if (created.statusCode !== 201) throw new Error(`creating the watch failed: ${created.statusCode} ${created.body}`);
  return created.json<{ data: Watch }>().data;
}
