import http from 'node:http';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import {
  createPostgresDatabase,
  printFigure,
  processCpuSeconds,
  signIn,
  startServer,
  type BenchDatabase,
} from './lib/server.ts';

/**
 * Ingest: 50 local RSS feeds × 100 items (served here on loopback) fetched into one session, measured
 * from the POST to the `completed` progress message. Goal: 5,000 items in under 5 s. Also the server process's
 * CPU time over the same span (every thread: the preparation threads' work counts).
 */

const FEEDS = 50;
const ITEMS_PER_FEED = 100;
const GOAL_SECONDS = 5;
const COMMODITIES = ['gold', 'copper', 'lithium', 'nickel', 'silver', 'uranium'];
const PLACES = ['Ontario', 'Nevada', 'Western Australia', 'Chile', 'Peru', 'Ghana'];

function feedXml(feed: number): string {
  const now = Date.now();
  const items = Array.from({ length: ITEMS_PER_FEED }, (_, i) => {
    const commodity = COMMODITIES[(feed + i) % COMMODITIES.length];
    const place = PLACES[(feed * 7 + i) % PLACES.length];
    const published = new Date(now - (feed * ITEMS_PER_FEED + i) * 60_000).toUTCString();
    return `<item><guid>bench-${feed}-${i}</guid><title>Company ${feed}-${i} reports ${commodity} results in ${place}</title>
<link>https://bench.example/${feed}/${i}</link><pubDate>${published}</pubDate>
<description>Drilling intersected 12.5 m grading 2.1 g/t Au from 40 m at the ${place} ${commodity} project. ${'More detail follows. '.repeat(20)}</description></item>`;
  }).join('\n');
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>Bench feed ${feed}</title><link>https://bench.example</link><description>bench</description>${items}</channel></rss>`;
}

async function serveFeeds(): Promise<{ urls: string[]; close(): Promise<void> }> {
  const bodies = Array.from({ length: FEEDS }, (_, feed) => feedXml(feed));
  const server = http.createServer((request, response) => {
    const feed = Number(/\/feed-(\d+)\.xml$/.exec(request.url ?? '')?.[1]);
    const body = bodies[feed];
    if (body === undefined) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'application/rss+xml' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    urls: bodies.map((_, feed) => `http://127.0.0.1:${port}/feed-${feed}.xml`),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function benchEngine(engine: 'pglite' | 'postgres', feedUrls: string[]): Promise<void> {
  let database: BenchDatabase | undefined;
  if (engine === 'postgres') {
    database = await createPostgresDatabase();
    if (!database) return;
  }
  const server = await startServer({
    databaseUrl: database?.url,
    env: { NEWS_FEEDS: feedUrls.join(','), NEWS_FETCH_INTERVAL_SECONDS: '0' },
  });
  try {
    const cookie = await signIn(server);
    const socket = new WebSocket(`${server.origin.replace('http', 'ws')}/ws`, {
      headers: { cookie, origin: server.origin },
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    let sessionId = '';
    const completed = new Promise<{ articles_found: number; message: string; status: string }>((resolve) => {
      socket.on('message', (data) => {
        const message = JSON.parse(String(data)) as {
          type: string;
          session_id?: string;
          data?: { status: string; articles_found: number; message: string };
        };
        if (
          message.type === 'progress_update' &&
          message.session_id === sessionId &&
          message.data &&
          message.data.status !== 'running'
        ) {
          resolve(message.data);
        }
      });
    });
    const started = performance.now();
    const cpuBefore = await processCpuSeconds(server.pid);
    const response = await fetch(`${server.origin}/api/v1/fetch-news-session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin: server.origin },
      body: JSON.stringify({ dateRange: 3650 }),
    });
    if (response.status !== 200)
      throw new Error(`fetch-news-session answered ${response.status}: ${await response.text()}`);
    sessionId = ((await response.json()) as { session_id: string }).session_id;
    const result = await completed;
    const seconds = (performance.now() - started) / 1000;
    const cpuSeconds = (await processCpuSeconds(server.pid)) - cpuBefore;
    socket.close();
    if (result.status !== 'completed') throw new Error(`session ended ${result.status}: ${result.message}`);
    const label = `news-ingest ${engine.padEnd(8)}`;
    printFigure(`${label} ${FEEDS}x${ITEMS_PER_FEED} items stored`, result.articles_found, 'items');
    printFigure(
      `${label} POST to completed`,
      seconds,
      'seconds',
      `(goal < ${GOAL_SECONDS} s, ${seconds < GOAL_SECONDS ? 'MET' : 'MISSED'})`,
    );
    printFigure(`${label} throughput`, result.articles_found / seconds, 'items/s');
    // All the server's threads; the machine's noise moves it far less than the wall time.
    printFigure(`${label} server CPU`, cpuSeconds, 'seconds');
  } finally {
    await server.stop();
    await database?.drop();
  }
}

const feeds = await serveFeeds();
try {
  await benchEngine('pglite', feeds.urls);
  await benchEngine('postgres', feeds.urls);
} finally {
  await feeds.close();
}
