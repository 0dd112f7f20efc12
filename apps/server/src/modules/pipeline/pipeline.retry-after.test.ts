import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpenAiAnalyser } from '../../adapters/ai/openai-analyser.ts';
import { createRssSource } from '../../adapters/news-sources/rss-source.ts';
import { createSilentLogger } from '../../logging.ts';
import { APP_ORIGIN, createTestApp, signIn, type TestApp } from '../../../test/test-app.ts';
import { startFakeOpenAi, type FakeOpenAiServer } from '../../../test/fake-openai-server.ts';
import { rssXml, startFakeServer, type FeedItem } from '../../../test/fake-news-servers.ts';
import { testEngines } from '../../../test/test-database.ts';
import { definePipelineJobs, workPipelineJobs } from './pipeline.jobs.ts';

const ARTICLES = 3;
/** Each article's first calls are refused with `Retry-After: 6`. */
const REFUSALS_PER_ARTICLE = 3;
const RETRY_AFTER_SECONDS = 6;

const page = (n: number) => `<!doctype html><html><head><title>Update ${n}</title></head><body><main><article>
<h1>Miner ${n} Gold Corp. starts a 9,000-metre drill program at Blue Hill</h1>
<p>Vancouver, British Columbia - Miner ${n} Gold Corp. (TSXV: M${n}) has started a 9,000-metre reverse circulation
drill program at its Blue Hill project in Nevada, funded by a recent C$5 million placement.</p>
<p>The program follows up last season's intercept of 20 m grading 3.2 g/t Au near surface.</p>
</article></main></body></html>`;

describe.concurrent.each(testEngines)('batch retries after 429 on %s', (engine) => {
  let t: TestApp;
  let pages: Awaited<ReturnType<typeof startFakeServer>>;
  let ai: FakeOpenAiServer;
  let cookie = '';
  const titleOf = (n: number) => `Miner ${n} drill program`;

  beforeAll(async () => {
    const refusals = new Map<string, number>();
    ai = await startFakeOpenAi({
      behaviour: (request) => {
        const title = articleTitle(request);
        const count = (refusals.get(title) ?? 0) + 1;
        refusals.set(title, count);
        return count <= REFUSALS_PER_ARTICLE
          ? { kind: 'status', status: 429, retryAfterSeconds: RETRY_AFTER_SECONDS }
          : undefined;
      },
    });
    const items: FeedItem[] = [];
    const routes: Parameters<typeof startFakeServer>[0] = {};
    for (let n = 1; n <= ARTICLES; n++) {
      routes[`/news/${n}`] = (_req, res) =>
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(n));
      items.push({ guid: `${n}`, title: titleOf(n), link: `PAGES/news/${n}`, description: 'd', published: new Date() });
    }
    let feed = '';
    routes['/feed.xml'] = (_req, res) => res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(feed);
    pages = await startFakeServer(routes);
    feed = rssXml('Wire', items).replaceAll('PAGES', pages.url);
    t = await createTestApp(engine, {
      newsSources: [createRssSource(`${pages.url}/feed.xml`)],
      pipeline: {
        appOrigin: pages.url,
        // One SDK retry (which waits as Retry-After says), then the job queue retries the article.
        analyser: createOpenAiAnalyser({ apiKey: 'test-key', baseUrl: ai.url, maxRetries: 1 }),
        concurrency: { analyse: ARTICLES },
      },
    });
    if (!t.boss) throw new Error('the test app has no job queue');
    // A queue retry delay well under Retry-After, so only the kept Retry-After can space the calls.
    await definePipelineJobs(t.boss, { retryDelaySeconds: 1 });
    await workPipelineJobs(t.boss, t.services.pipeline, createSilentLogger(), ARTICLES);
    cookie = (await signIn(t)).cookie;
  });
  afterAll(async () => {
    await t.close();
    await pages.close();
    await ai.close();
  });

  const get = async (url: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: { cookie } })).json();
  const post = async (url: string, payload: object) =>
    (
      await t.app.inject({ method: 'POST', url: `/api/v1/${url}`, headers: { origin: APP_ORIGIN, cookie }, payload })
    ).json();
  async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, ms: number): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      const value = await read();
      if (done(value)) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  it('never calls the AI service sooner than its Retry-After, whether the SDK or the job retries, and completes', async () => {
    const { session_id: sessionId } = await post('fetch-news-session', { dateRange: 7 });
    const listed = await until(
      'the fetched articles',
      async () => ((await get(`articles/session/${sessionId}?page_size=100`)).data ?? []) as { article_id: number }[],
      (articles) => articles.length === ARTICLES,
      20_000,
    );
    const started = await post('batch/process-selected', { article_ids: listed.map((a) => a.article_id) });
    const status = await until(
      'the batch',
      () => get(`batch/status/${started.batch_session_id}`),
      (value: { status: string }) => value.status === 'completed',
      50_000,
    );
    expect(status).toMatchObject({ total_articles: ARTICLES, completed: ARTICLES, failed: 0 });

    for (let n = 1; n <= ARTICLES; n++) {
      const calls = ai.requests.filter((request) => articleTitle(request.body) === titleOf(n));
      expect(calls.map((call) => call.status)).toEqual([429, 429, 429, 200]);
      for (let i = 1; i < calls.length; i++) {
        const [previous, call] = [calls[i - 1], calls[i]];
        if (previous && call) expect(call.at - previous.at).toBeGreaterThanOrEqual(RETRY_AFTER_SECONDS * 1000);
      }
    }
  }, 90_000);
});

function articleTitle(request: { messages?: { role?: string; content?: unknown }[] }): string {
  const user = request.messages?.find((message) => message.role === 'user')?.content;
  return typeof user === 'string' ? (/^Title: (.*)$/m.exec(user)?.[1] ?? '') : '';
}
