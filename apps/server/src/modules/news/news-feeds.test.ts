import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveMessage } from '@mining-hub/contract/live';
import { createRssSource } from '../../adapters/news-sources/rss-source.ts';
import { createTestApp, signIn, type TestApp } from '../../../test/test-app.ts';
import { startNewsFetch } from '../../../test/news-fetch-session.ts';
import { startFakeServer } from '../../../test/fake-news-servers.ts';
import { articlePage, encode, NAMES, serveBytes, wordpressRss } from '../../../test/feed-fixtures.ts';
import { testEngines } from '../../../test/test-database.ts';

const date = new Date(Date.now() - 3600_000).toUTCString();

// A fetch session over feeds as real publishers serve them: legacy encodings, a wrong content type, items
// without a title or a link, and a "feed" address that answers a web page.
describe.each(testEngines)('a fetch session over real-world feeds on %s', (engine) => {
  let t: TestApp;
  let feeds: Awaited<ReturnType<typeof startFakeServer>>;
  const messages: LiveMessage[] = [];
  const paths = ['/quebec.xml', '/zijin.xml', '/not-a-feed'];

  beforeAll(async () => {
    const french = wordpressRss(
      [
        { title: NAMES.quebec, link: 'https://wire.example/qc/1', guid: 'qc-1', date },
        { title: NAMES.ivory, link: 'https://wire.example/qc/2', guid: 'qc-2', date },
        { title: '', link: 'https://wire.example/qc/3', guid: 'qc-3', date },
        { title: 'Nothing to link to', date },
      ],
      { declaration: '<?xml version="1.0"?>', title: 'Actualités minières' },
    );
    const chinese = wordpressRss([{ title: NAMES.zijin, link: 'https://wire.example/cn/1', date }], {
      declaration: '<?xml version="1.0" encoding="GBK"?>',
      title: '矿业新闻',
    });
    feeds = await startFakeServer({
      '/quebec.xml': serveBytes(encode(french, 'windows-1252'), 'application/rss+xml; charset=windows-1252'),
      '/zijin.xml': serveBytes(encode(chinese, 'gbk'), 'text/html'),
      '/not-a-feed': serveBytes(encode(articlePage('<meta charset="utf-8">', 'Mining Wire'), 'utf8'), 'text/html'),
    });
    t = await createTestApp(engine, {
      newsSources: paths.map((path) => createRssSource(`${feeds.url}${path}`)),
      newsFetchIntervalSeconds: 0,
    });
    t.bus.subscribe(({ message }) => void messages.push(message));
  });
  afterAll(async () => {
    await t.close();
    await feeds.close();
  });

  it('stores the names intact and reports per source what it read, skipped and why', async () => {
    const { cookie } = await signIn(t);
    const sessionId = await startNewsFetch(t, cookie);
    const finished = async () => {
      for (const deadline = Date.now() + 20_000; Date.now() < deadline;) {
        const done = messages.find(
          (m) => m.type === 'progress_update' && m.session_id === sessionId && m.data.status !== 'running',
        );
        if (done?.type === 'progress_update') return done.data;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('fetch did not finish');
    };
    const result = await finished();

    expect(result).toMatchObject({ status: 'completed', articles_found: 3 });
    expect(result.message).toMatch(
      /^Found 3 articles; skipped RSS feed .*\/not-a-feed \(not an RSS or Atom feed \(sent as text\/html, starting "<!DOCTYPE html>/,
    );
    expect(result.sources).toEqual([
      {
        name: `RSS feed ${feeds.url}/quebec.xml`,
        read: 4,
        skipped: 2,
        skip_reasons: { 'no title': 1, 'no link or guid': 1 },
        error: null,
      },
      { name: `RSS feed ${feeds.url}/zijin.xml`, read: 1, skipped: 0, skip_reasons: {}, error: null },
      {
        name: `RSS feed ${feeds.url}/not-a-feed`,
        read: 0,
        skipped: 0,
        skip_reasons: {},
        error: expect.stringMatching(/^not an RSS or Atom feed/),
      },
    ]);

    const page = await t.app.inject({
      method: 'GET',
      url: `/api/v1/articles/session/${sessionId}`,
      headers: { cookie },
    });
    const stored = page.json().data.map((a: { title: string; source: string }) => [a.source, a.title]);
    expect(stored).toHaveLength(3);
    expect(stored).toEqual(
      expect.arrayContaining([
        ['Actualités minières', NAMES.quebec],
        ['Actualités minières', NAMES.ivory],
        ['矿业新闻', NAMES.zijin],
      ]),
    );
  });
});
