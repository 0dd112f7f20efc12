import { rssXml, startFakeServer, type FeedItem } from '../apps/server/test/fake-news-servers.ts';
import { startWebhookReceiver } from '../apps/server/test/fake-webhook-receiver.ts';
import { printFigure, signIn, startServer } from './lib/server.ts';

/**
 * Issue 17: how long after a new item appears in a feed the team's webhook hears of it, with a watch on a
 * 1-minute schedule. The real server reads a local feed (NEWS_FEEDS) and alerts a local receiver; the
 * watch runs once by hand first, so only the new item is news. Printed beside the schedule's own wait
 * (item to run start, at most a minute: the ideal bound), split into waiting and working. Goal < 90 s.
 */

const page = (n: number) => `<!doctype html><html><head><title>Update ${n}</title></head><body><main><article>
<h1>Watch Test ${n} Copper Corp. starts a 9,000-metre drill program in Arizona</h1>
<p>Tucson, Arizona - Watch Test ${n} Copper Corp. (TSXV: WT${n}) has started a 9,000-metre diamond drill program at its
Red Hill copper project, funded by a C$8 million placement that closed this week.</p>
<p>Chief executive Jane Doe said the program runs from January to June 2027.</p></article></main></body></html>`;

const items: FeedItem[] = [];
const routes: Parameters<typeof startFakeServer>[0] = {};
let feedHost = '';
routes['/feed.xml'] = (_request, response) =>
  response.writeHead(200, { 'content-type': 'application/rss+xml' }).end(rssXml('Copper wire', items));
const addItem = (n: number) => {
  routes[`/news/${n}`] = (_request, response) =>
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(n));
  items.push({
    guid: `item-${n}`,
    title: `Watch Test ${n} Copper starts drilling in Arizona`,
    link: `${feedHost}/news/${n}`,
    description: 'A copper drill program.',
    published: new Date(),
  });
};

const feed = await startFakeServer(routes);
feedHost = feed.url;
const receiver = await startWebhookReceiver();
const server = await startServer({
  env: {
    NEWS_FEEDS: `${feed.url}/feed.xml`,
    NEWS_FETCH_INTERVAL_SECONDS: '0',
    ALLOWED_PRIVATE_ORIGINS: receiver.origin,
  },
});
try {
  const session = { cookie: await signIn(server), origin: server.origin };
  const api = async (method: string, url: string, body?: object) => {
    const response = await fetch(`${server.origin}/api/v1/${url}`, {
      method,
      headers: body ? { ...session, 'content-type': 'application/json' } : session,
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as { data: Record<string, unknown> & { id: number } };
  };
  const until = async <T>(what: string, probe: () => Promise<T | undefined> | T | undefined, ms: number) => {
    const deadline = Date.now() + ms;
    for (;;) {
      const value = await probe();
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const heard = (n: number) => receiver.received.find((request) => request.rawBody.includes(`Watch Test ${n} `));

  addItem(1);
  const watch = await api('POST', 'watches', {
    name: 'Copper in Arizona',
    filters: { dateRange: 7 },
    interval_minutes: 1,
    push_min_intent: null,
    webhook_url: `${receiver.origin}/hook`,
  });
  await api('POST', `watches/${watch.data.id}/run`);
  await until('the first digest', () => heard(1), 60_000);

  addItem(2);
  const appeared = Date.now();
  const delivery = await until('the new item at the webhook', () => heard(2), 150_000);
  const runs = (await api('GET', `watches/${watch.data.id}/runs`)) as unknown as { data: { started_at: string }[] };
  const runStarted = Date.parse(runs.data[0]?.started_at ?? '') || delivery.at;
  printFigure('watch alert, new item to webhook', (delivery.at - appeared) / 1000, 's', '(goal < 90)');
  printFigure('  waiting for the schedule', (runStarted - appeared) / 1000, 's', '(ideal bound: at most 60)');
  printFigure('  the run: fetch, analyse, alert', (delivery.at - runStarted) / 1000, 's');
  printFigure(
    '  deliveries of the new item',
    receiver.received.filter((r) => r.rawBody.includes('Watch Test 2 ')).length,
    'count',
    '(1 expected)',
  );
} finally {
  await server.stop();
  await receiver.close();
  await feed.close();
}
