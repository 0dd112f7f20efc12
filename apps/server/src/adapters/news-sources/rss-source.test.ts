import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchNewsRequestSchema } from '@mining-hub/contract/news';
import { feedRoutes, rssXml, startFakeServer } from '../../../test/fake-news-servers.ts';
import { encode, NAMES, serveBytes, withUtf8Bom, wordpressRss } from '../../../test/feed-fixtures.ts';
import { LEGACY_FEEDS, legacyBytes } from '../../../test/legacy-encoding-feeds.ts';
import { createRssSource } from './rss-source.ts';

const query = fetchNewsRequestSchema.parse({ dateRange: 30 });
const now = new Date();

async function collect(url: string) {
  const pages = [];
  for await (const page of createRssSource(url).fetchPages(query, { now, signal: AbortSignal.timeout(30_000) }))
    pages.push(page);
  return pages;
}

describe('RSS source against a local feed server', () => {
  let server: Awaited<ReturnType<typeof startFakeServer>>;
  beforeAll(async () => {
    server = await startFakeServer({
      '/feed': feedRoutes.ok(
        rssXml('Gold Wire', [
          {
            guid: 'g-1',
            title: 'Aurora Gold drills 12 m at 5 g/t Au in Nevada',
            link: 'https://news.example/1',
            description: 'Drilling in Nevada.',
            published: now,
          },
          {
            guid: 'g-2',
            title: 'Copper Ridge closes $5 million private placement',
            link: 'https://news.example/2',
            description: 'Financing.',
            published: now,
          },
        ]),
      ),
      '/500': feedRoutes.status(500),
      '/broken': feedRoutes.malformed(),
      '/huge': feedRoutes.huge(50),
    });
  });
  afterAll(() => server.close());

  it('reads items with their guid as the dedup key, link, date and feed title', async () => {
    const [page] = await collect(`${server.url}/feed`);
    expect(page?.articles.map((a) => a.sourceKey)).toEqual(['rss:g-1', 'rss:g-2']);
    expect(page?.articles[0]).toMatchObject({
      title: 'Aurora Gold drills 12 m at 5 g/t Au in Nevada',
      source: 'Gold Wire',
      url: 'https://news.example/1',
      articleType: 'news',
    });
    expect(page?.articles[0]?.publishedAt?.toUTCString()).toBe(now.toUTCString());
  });

  it('fails with a clear reason on a 500, malformed XML, or a 50 MB body', async () => {
    await expect(collect(`${server.url}/500`)).rejects.toThrow('HTTP 500');
    await expect(collect(`${server.url}/broken`)).rejects.toThrow(/malformed feed/);
    await expect(collect(`${server.url}/huge`)).rejects.toThrow(/larger than 5 MB/);
  });
});

const NO_DECLARATION = '<?xml version="1.0"?>';
const item = (title: string, n: number) => ({
  title,
  link: `https://wire.example/news/${n}`,
  guid: `wire-${n}`,
  date: 'Tue, 03 Jun 2025 09:39:21 +0000',
});
const titlesOf = (pages: Awaited<ReturnType<typeof collect>>) =>
  pages.flatMap((page) => page.articles.map((a) => a.title));

describe('RSS source: feeds in legacy encodings, the charset in one place only', () => {
  let server: Awaited<ReturnType<typeof startFakeServer>>;
  const french = wordpressRss([item(NAMES.quebec, 1), item(NAMES.ivory, 2)], {
    declaration: NO_DECLARATION,
    title: 'Actualités minières',
  });
  const latin1 = wordpressRss([item(NAMES.ivoryLatin1, 1)], {
    declaration: '<?xml version="1.0" encoding="ISO-8859-1"?>',
    title: 'Actualités minières',
  });
  const chinese = (declaration: string) => wordpressRss([item(NAMES.zijin, 1)], { declaration, title: '矿业新闻' });
  const japanese = (declaration: string) =>
    wordpressRss([item(NAMES.sumitomo, 1)], { declaration, title: '鉱業ニュース' });
  beforeAll(async () => {
    server = await startFakeServer({
      '/cp1252-header': serveBytes(encode(french, 'windows-1252'), 'application/rss+xml; charset=windows-1252'),
      '/latin1-declaration': serveBytes(encode(latin1, 'latin1'), 'application/rss+xml'),
      '/gbk-header': serveBytes(encode(chinese(NO_DECLARATION), 'gbk'), 'text/xml; charset=GBK'),
      '/gbk-declaration': serveBytes(encode(chinese('<?xml version="1.0" encoding="gbk"?>'), 'gbk'), 'text/xml'),
      '/sjis-header': serveBytes(
        encode(japanese(NO_DECLARATION), 'shift_jis'),
        'application/rss+xml; charset=Shift_JIS',
      ),
      '/sjis-declaration': serveBytes(
        encode(japanese("<?xml version='1.0' encoding='Shift_JIS'?>"), 'shift_jis'),
        'application/xml',
      ),
      // The byte order mark says UTF-8; the header says otherwise and loses.
      '/bom-over-header': serveBytes(withUtf8Bom(encode(french, 'utf8')), 'application/rss+xml; charset=windows-1252'),
      // Nothing declared anywhere: valid UTF-8 is UTF-8, anything else windows-1252.
      '/utf8-undeclared': serveBytes(encode(french, 'utf8'), 'application/rss+xml'),
      '/cp1252-undeclared': serveBytes(encode(french, 'windows-1252'), 'application/rss+xml'),
      // Nothing declared and not UTF-8: the detector tells these from windows-1252.
      ...Object.fromEntries(
        LEGACY_FEEDS.map((feed) => [
          `/${feed.encoding}-undeclared`,
          serveBytes(
            legacyBytes(
              wordpressRss(
                feed.items.map((entry, n) => item(entry.title, n)),
                { declaration: NO_DECLARATION, title: feed.title },
              ),
              feed.encoding,
            ),
            'application/rss+xml',
          ),
        ]),
      ),
    });
  });
  afterAll(() => server.close());

  it.each<[string, string[], string]>([
    ['/cp1252-header', [NAMES.quebec, NAMES.ivory], 'Actualités minières'],
    ['/latin1-declaration', [NAMES.ivoryLatin1], 'Actualités minières'],
    ['/gbk-header', [NAMES.zijin], '矿业新闻'],
    ['/gbk-declaration', [NAMES.zijin], '矿业新闻'],
    ['/sjis-header', [NAMES.sumitomo], '鉱業ニュース'],
    ['/sjis-declaration', [NAMES.sumitomo], '鉱業ニュース'],
    ['/bom-over-header', [NAMES.quebec, NAMES.ivory], 'Actualités minières'],
    ['/utf8-undeclared', [NAMES.quebec, NAMES.ivory], 'Actualités minières'],
    ['/cp1252-undeclared', [NAMES.quebec, NAMES.ivory], 'Actualités minières'],
    ...LEGACY_FEEDS.map((feed): [string, string[], string] => [
      `/${feed.encoding}-undeclared`,
      feed.items.map((entry) => entry.title),
      feed.title,
    ]),
  ])('%s comes out intact', async (path, titles, source) => {
    const pages = await collect(`${server.url}${path}`);
    expect(titlesOf(pages)).toEqual(titles);
    expect(pages[0]?.articles[0]?.source).toBe(source);
  });
});

describe('RSS source: what a lenient feed reader recovers', () => {
  let server: Awaited<ReturnType<typeof startFakeServer>>;
  const plainRss = wordpressRss([item('Aurora Gold drills 12 m at 5 g/t Au', 1)]);
  const utf8 = (text: string, type: string | null = 'application/rss+xml') => serveBytes(encode(text, 'utf8'), type);
  beforeAll(async () => {
    server = await startFakeServer({
      '/bare-ampersand': utf8(
        `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Gold & Silver Wire</title>
<item><title>Barrick & Newmont agree on a Nevada joint venture</title>
<link>https://wire.example/?p=1&utm_source=rss&utm_medium=feed</link>
<description>Q&A with the CEO: <p>R&D spending up</p></description></item></channel></rss>`,
      ),
      '/undeclared-entities': utf8(
        `<?xml version="1.0"?><rss version="2.0"><channel><title>Wire</title><item>
<title>Soci&eacute;t&eacute; Mini&egrave;re du Qu&eacute;bec &ndash; Val-d&rsquo;Or&nbsp;results &copy; 2025</title>
<link>https://wire.example/q</link></item></channel></rss>`,
      ),
      '/no-version': utf8(
        `<rss><channel><title>Wire</title><item><title>Rss without a version</title><link>https://wire.example/nv</link></item></channel></rss>`,
      ),
      '/atom-prefixed': utf8(
        `<?xml version="1.0" encoding="utf-8"?>
<atom:feed xmlns:atom="http://www.w3.org/2005/Atom"><atom:title>Prefixed Atom</atom:title>
<atom:entry><atom:title>Copper Ridge closes financing</atom:title><atom:link rel="alternate" href="https://wire.example/atom/1"/>
<atom:id>urn:uuid:5a1f</atom:id><atom:published>2025-06-03T10:00:00+02:00</atom:published></atom:entry></atom:feed>`,
        'application/atom+xml',
      ),
      '/rdf': utf8(
        `<?xml version="1.0" encoding="utf-8"?>
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/">
<channel rdf:about="https://wire.example/rdf"><title>RDF Wire</title><link>https://wire.example</link><description>d</description>
<items><rdf:Seq><rdf:li rdf:resource="https://wire.example/rdf/1"/></rdf:Seq></items></channel>
<item rdf:about="https://wire.example/rdf/1"><title>Lithium explorer raises $8 million</title><link>https://wire.example/rdf/1</link>
<description>Financing.</description><dc:date>2025-06-03T08:15:00-05:00</dc:date></item></rdf:RDF>`,
        'application/rdf+xml',
      ),
      '/rss091': utf8(
        `<?xml version="1.0" encoding="ISO-8859-1"?>
<!DOCTYPE rss PUBLIC "-//Netscape Communications//DTD RSS 0.91//EN" "http://my.netscape.com/publish/formats/rss-0.91.dtd">
<rss version="0.91"><channel><title>Old Wire</title><link>https://wire.example</link><description>d</description><language>en-us</language>
<item><title>Nickel miner restarts its smelter</title><link>https://wire.example/091/1</link><description>Restart.</description></item>
</channel></rss>`,
      ),
      '/atom03': utf8(
        `<?xml version="1.0" encoding="utf-8"?>
<feed version="0.3" xmlns="http://purl.org/atom/ns#"><title>Atom 0.3 Wire</title><link rel="alternate" type="text/html" href="https://wire.example/"/>
<modified>2025-06-04T10:00:00Z</modified>
<entry><title>Zinc project reaches production</title><link rel="alternate" type="text/html" href="https://wire.example/a03/1"/>
<id>tag:wire.example,2025:1</id><issued>2025-06-03T10:00:00Z</issued><modified>2025-06-04T10:00:00Z</modified>
<content type="text/html" mode="escaped">&lt;p&gt;Production began.&lt;/p&gt;</content></entry></feed>`,
        'application/atom+xml',
      ),
      '/atom10': utf8(
        `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title type="text">Atom Wire</title><id>urn:wire</id><updated>2025-06-03T12:00:00Z</updated>
<entry><title type="html">&lt;b&gt;Uranium&lt;/b&gt; explorer files resource</title><link href="/atom/7"/><id>urn:wire:7</id>
<updated>2025-06-03T11:30:00Z</updated><content type="html">&lt;p&gt;Resource estimate.&lt;/p&gt;</content></entry></feed>`,
        'application/atom+xml',
      ),
      '/escaped-titles': utf8(
        wordpressRss([
          item('&lt;b&gt;Gold&lt;/b&gt; price hits a record', 1),
          item('<![CDATA[<em>Copper</em> & Zinc: <b>Q2</b> results]]>', 2),
          item('Lithium &amp;amp; Cobalt &lt;br/&gt; update', 3),
        ]),
      ),
      '/dates': utf8(
        wordpressRss([
          { ...item('Eastern time', 1), date: 'Tue, 03 Jun 2025 09:39:21 EST' },
          { ...item('Two-digit year', 2), date: '03 Jun 25 09:39 GMT' },
          { ...item('Military zone', 3), date: 'Tue, 03 Jun 2025 09:39:21 Z' },
          { ...item('ISO without a zone', 4), date: '2025-06-03T09:39:21' },
          { ...item('No date', 5), date: undefined },
          { ...item('Unreadable date', 6), date: 'sometime last week' },
        ]),
      ),
      '/one-bad-item': utf8(
        wordpressRss([
          item('Good one', 1),
          { link: 'https://wire.example/news/2', guid: 'wire-2', title: '' },
          item('Good two', 3),
          { title: 'No link and no guid' },
          { title: '<![CDATA[  ]]>', link: 'https://wire.example/news/5' },
          item('Good three', 6),
        ]),
      ),
      '/as-x-rss': utf8(plainRss, 'application/x-rss+xml'),
      '/as-html': utf8(plainRss, 'text/html; charset=utf-8'),
      '/as-octet-stream': utf8(plainRss, 'application/octet-stream'),
      '/no-content-type': utf8(plainRss, null),
      '/html-page': utf8(
        '<!DOCTYPE html><html><head><title>Mining Wire</title></head><body>News</body></html>',
        'text/html',
      ),
      '/empty': utf8('', 'application/rss+xml'),
    });
  });
  afterAll(() => server.close());
  const read = async (path: string) => (await collect(`${server.url}${path}`))[0];

  it('reads bare ampersands in titles, links and descriptions', async () => {
    const page = await read('/bare-ampersand');
    expect(page?.articles[0]).toMatchObject({
      title: 'Barrick & Newmont agree on a Nevada joint venture',
      source: 'Gold & Silver Wire',
      url: 'https://wire.example/?p=1&utm_source=rss&utm_medium=feed',
    });
    expect(page?.articles[0]?.description).toContain('Q&A with the CEO');
  });

  it('reads HTML entities XML does not declare', async () => {
    expect((await read('/undeclared-entities'))?.articles[0]?.title).toBe(
      'Société Minière du Québec – Val-d’Or results © 2025',
    );
  });

  it('reads <rss> without a version, prefixed Atom, RSS 1.0 (RDF), RSS 0.91, Atom 0.3 and Atom 1.0', async () => {
    expect((await read('/no-version'))?.articles[0]).toMatchObject({
      title: 'Rss without a version',
      sourceKey: 'rss:https://wire.example/nv',
    });
    expect((await read('/atom-prefixed'))?.articles[0]).toMatchObject({
      title: 'Copper Ridge closes financing',
      source: 'Prefixed Atom',
      url: 'https://wire.example/atom/1',
      sourceKey: 'rss:urn:uuid:5a1f',
      publishedAt: new Date('2025-06-03T08:00:00Z'),
    });
    expect((await read('/rdf'))?.articles[0]).toMatchObject({
      title: 'Lithium explorer raises $8 million',
      source: 'RDF Wire',
      url: 'https://wire.example/rdf/1',
      publishedAt: new Date('2025-06-03T13:15:00Z'),
    });
    expect((await read('/rss091'))?.articles[0]).toMatchObject({
      title: 'Nickel miner restarts its smelter',
      source: 'Old Wire',
      url: 'https://wire.example/091/1',
      publishedAt: now,
    });
    expect((await read('/atom03'))?.articles[0]).toMatchObject({
      title: 'Zinc project reaches production',
      url: 'https://wire.example/a03/1',
      sourceKey: 'rss:tag:wire.example,2025:1',
      publishedAt: new Date('2025-06-03T10:00:00Z'),
      content: '<p>Production began.</p>',
    });
    expect((await read('/atom10'))?.articles[0]).toMatchObject({
      title: 'Uranium explorer files resource',
      source: 'Atom Wire',
      // A relative link, resolved against the feed's address.
      url: `${server.url}/atom/7`,
      publishedAt: new Date('2025-06-03T11:30:00Z'),
    });
  });

  it('reduces CDATA, markup and escaped markup in titles to plain text', async () => {
    expect((await read('/escaped-titles'))?.articles.map((a) => a.title)).toEqual([
      'Gold price hits a record',
      'Copper & Zinc: Q2 results',
      'Lithium & Cobalt update',
    ]);
  });

  it('reads dates as feeds write them, and uses the fetch time when there is none or it cannot be read', async () => {
    const page = await read('/dates');
    expect(page?.articles.map((a) => [a.title, a.publishedAt?.toISOString(), a.raw.date])).toEqual([
      ['Eastern time', '2025-06-03T14:39:21.000Z', '2025-06-03T14:39:21.000Z'],
      ['Two-digit year', '2025-06-03T09:39:00.000Z', '2025-06-03T09:39:00.000Z'],
      ['Military zone', '2025-06-03T09:39:21.000Z', '2025-06-03T09:39:21.000Z'],
      ['ISO without a zone', '2025-06-03T09:39:21.000Z', '2025-06-03T09:39:21.000Z'],
      ['No date', now.toISOString(), null],
      ['Unreadable date', now.toISOString(), null],
    ]);
  });

  it('loses a bad item, not the feed, and counts what it skipped and why', async () => {
    const page = await read('/one-bad-item');
    expect(page?.articles.map((a) => a.title)).toEqual(['Good one', 'Good two', 'Good three']);
    expect(page?.skipped).toEqual({ count: 3, reasons: { 'no title': 2, 'no link or guid': 1 } });
    expect((await read('/bare-ampersand'))?.skipped).toBeUndefined();
  });

  it.each(['/as-x-rss', '/as-html', '/as-octet-stream', '/no-content-type'])(
    'accepts a feed sent as %s, by its body',
    async (path) => {
      expect((await read(path))?.articles.map((a) => a.title)).toEqual(['Aurora Gold drills 12 m at 5 g/t Au']);
    },
  );

  it('refuses what is not a feed, saying what it got', async () => {
    await expect(read('/html-page')).rejects.toThrow(
      'not an RSS or Atom feed (sent as text/html, starting "<!DOCTYPE html><html><head><title>Mining Wire</title></head>…")',
    );
    await expect(read('/empty')).rejects.toThrow('not an RSS or Atom feed (sent as application/rss+xml, empty)');
  });
});
