import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { cjkPdf } from '../apps/server/test/cjk-pdf.ts';
import { encode, withUtf8Bom } from '../apps/server/test/feed-fixtures.ts';

/*
 * Feed hosts as a newcomer meets them: four feeds that each declare their text in one place only (a
 * windows-1252 XML declaration, a GBK HTTP header, a Shift_JIS declaration under the wrong content type,
 * a UTF-8 byte order mark under text/html), with the XML slips real publishers make, and the pages they
 * link to: a release with its drill plan, assay table and collar table, and a Chinese annual report PDF.
 */

/** What the product should show for each item: the title as a reader sees it, and its tags. */
export interface ExpectedItem {
  title: string;
  source: string;
  tags: readonly string[];
  notTags: readonly string[];
}

export const QUEBEC = {
  title: 'Société Minière du Québec drills 14 m of 6.1 g/t gold near Val-d’Or',
  source: 'Fil minier de l’Abitibi',
  tags: ['Gold', 'Quebec', 'Canada'],
  // 'Diamond drilling' is a method and 'will lead' a verb.
  notTags: ['Diamonds', 'Lead'],
  imagePath: '/news/images/lac-dore-drill-plan.png',
  caption: 'Figure 1 – Plan view of holes LD-25-014 to LD-25-017 on the Lac Doré gold trend, Québec',
  assays: [
    ['LD-25-014', '112.0', '126.0', '14.0', '6.1'],
    ['LD-25-015', '88.5', '97.0', '8.5', '3.4'],
    ['LD-25-017', '203.0', '205.5', '2.5', '18.9'],
  ],
  collars: 'LD-25-014   297412    5331870    180   -55',
} as const;

export const IVORY: ExpectedItem = {
  title: 'Côte d’Ivoire: Société Minière de l’Ouest raises gold output',
  source: QUEBEC.source,
  tags: ['Gold', "Côte d'Ivoire"],
  notTags: [],
};

export const ZIJIN_SERBIA: ExpectedItem = {
  title: '紫金矿业 acquires a stake in a copper project in Serbia',
  source: '紫金矿业新闻中心',
  tags: ['Copper', 'Serbia'],
  notTags: [],
};

export const ZIJIN_PDF = {
  title: '紫金矿业 2025 年度报告：铜产量创新高',
  source: ZIJIN_SERBIA.source,
  tags: ['Copper'],
  notTags: [],
  path: '/filings/zijin-2025-annual-report.pdf',
  lines: ['紫金矿业集团股份有限公司', '二〇二五年度报告', '矿产铜产量一百零七万吨'],
} as const;

export const SUMITOMO: ExpectedItem = {
  title: '住友金属鉱山 raises nickel output at its Pomalaa project in Indonesia',
  source: '住友金属鉱山 ニュースリリース',
  tags: ['Nickel', 'Indonesia'],
  notTags: [],
};

export const MITSUBISHI: ExpectedItem = {
  title: '三菱マテリアル restarts its copper smelter in Chile',
  source: SUMITOMO.source,
  tags: ['Copper', 'Chile'],
  notTags: [],
};

export const COBAR: ExpectedItem = {
  // Sent as '&lt;b&gt;Cobar Basin Resources&lt;/b&gt; …': the reader sees the words, not the markup.
  title: 'Cobar Basin Resources intersects 12 m at 2.1% Cu in New South Wales',
  source: 'Cobar & Lachlan Resources Digest',
  tags: ['Copper', 'New South Wales', 'Australia'],
  notTags: ['United Kingdom', 'Diamonds', 'Lead'],
};

export const NEVADA: ExpectedItem = {
  title: 'Nevada Gold Mines: Barrick & Newmont lift output',
  source: COBAR.source,
  tags: ['Gold', 'Nevada', 'United States'],
  notTags: [],
};

export const ITEMS: readonly ExpectedItem[] = [
  QUEBEC,
  IVORY,
  ZIJIN_SERBIA,
  ZIJIN_PDF,
  SUMITOMO,
  MITSUBISHI,
  COBAR,
  NEVADA,
];

/** The feeds' paths, with what the fetch's per-source report should say about each. */
export const FEEDS = [
  { path: '/feeds/abitibi-1252.xml', report: 'read 2 items' },
  { path: '/feeds/zijin-gbk.xml', report: 'read 2 items' },
  { path: '/feeds/sumitomo-sjis.atom', report: 'read 2 items' },
  { path: '/feeds/cobar-rdf.rdf', report: 'read 3 items, skipped 1: no title' },
] as const;

/** A whole second, as feeds write their dates. */
const hoursAgo = (hours: number) => new Date(Math.floor((Date.now() - hours * 3_600_000) / 1000) * 1000);
/** RFC 822 with a named North American zone, as older CMSs write it: 'Tue, 03 Jun 2025 09:39:21 EST'. */
const rfc822Est = (date: Date) => new Date(date.getTime() - 5 * 3_600_000).toUTCString().replace('GMT', 'EST');

const description = (text: string) => `<description><![CDATA[<p>${text}</p>]]></description>`;

function abitibiFeed(base: string, quebecPublished: Date): string {
  return `<?xml version="1.0" encoding="windows-1252"?>
<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/">
<channel>
  <title>${QUEBEC.source}</title>
  <link>${base}/</link>
  <description>Communiqués miniers de l’Abitibi-Témiscamingue</description>
  <item>
    <title>${QUEBEC.title}</title>
    <link>${base}/news/smq-val-dor.html</link>
    <guid isPermaLink="false">smq-2025-014</guid>
    <pubDate>${rfc822Est(quebecPublished)}</pubDate>
    ${description('Diamond drilling on the Lac Doré property near Val-d’Or, Québec, cut 14.0 m grading 6.1 g/t Au. Géologue en chef Amélie Côté will lead the 20,000 m programme.')}
  </item>
  <item>
    <title>${IVORY.title}</title>
    <link>${base}/news/smo-cote-divoire.html</link>
    ${description('Société Minière de l’Ouest poured 41,200 oz of gold at Yaouré in the quarter.')}
  </item>
</channel>
</rss>
`;
}

function zijinFeed(base: string): string {
  // No encoding in the declaration: only the HTTP header says GBK.
  return `<?xml version="1.0"?>
<rss version="2.0">
<channel>
  <title>${ZIJIN_SERBIA.source}</title>
  <link>${base}/</link>
  <description>紫金矿业集团新闻发布</description>
  <item>
    <title>${ZIJIN_SERBIA.title}</title>
    <link>${base}/news/zijin-serbia.html</link>
    <pubDate>${hoursAgo(5).toUTCString()}</pubDate>
    ${description('紫金矿业 buys into the Cukaru Peki copper deposit in Serbia (铜矿项目).')}
  </item>
  <item>
    <title>${ZIJIN_PDF.title}</title>
    <link>${base}${ZIJIN_PDF.path}</link>
    <pubDate>${hoursAgo(6).toUTCString()}</pubDate>
    ${description('年度报告：矿产铜、金产量 (annual report, copper production)')}
  </item>
</channel>
</rss>
`;
}

function sumitomoFeed(base: string): string {
  // A prefixed Atom root, the charset only in the declaration, sent as application/octet-stream.
  return `<?xml version="1.0" encoding="Shift_JIS"?>
<atom:feed xmlns:atom="http://www.w3.org/2005/Atom">
  <atom:title>${SUMITOMO.source}</atom:title>
  <atom:id>${base}/feeds/sumitomo-sjis.atom</atom:id>
  <atom:updated>${hoursAgo(1).toISOString()}</atom:updated>
  <atom:entry>
    <atom:title>${SUMITOMO.title}</atom:title>
    <atom:link rel="alternate" href="${base}/news/smm-pomalaa.html"/>
    <atom:id>tag:smm.example,2025:pomalaa</atom:id>
    <atom:published>${hoursAgo(8)
      .toISOString()
      .replace(/\.\d+Z$/, '+00:00')}</atom:published>
    <atom:summary>住友金属鉱山 raised nickel matte output at Pomalaa, Sulawesi (ニッケル増産).</atom:summary>
  </atom:entry>
  <atom:entry>
    <atom:title>${MITSUBISHI.title}</atom:title>
    <atom:link href="/news/mitsubishi-chile.html"/>
    <atom:id>tag:smm.example,2025:chile</atom:id>
    <atom:updated>${hoursAgo(9).toISOString()}</atom:updated>
    <atom:summary>三菱マテリアル restarted copper smelting at its plant in Chile after maintenance (銅製錬).</atom:summary>
  </atom:entry>
</atom:feed>
`;
}

function cobarFeed(base: string): string {
  // RSS 1.0 with a bare '&' in the channel title and an item title, markup escaped into a title, and an
  // item that lost its title (skipped, not the feed).
  return `<?xml version="1.0" encoding="utf-8"?>
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel rdf:about="${base}/feeds/cobar-rdf.rdf">
    <title>${COBAR.source}</title>
    <link>${base}/</link>
    <description>Exploration news from central New South Wales</description>
  </channel>
  <item rdf:about="${base}/news/cobar-mallee-bull.html">
    <title>&lt;b&gt;Cobar Basin Resources&lt;/b&gt; intersects 12 m at 2.1% Cu in New South Wales</title>
    <link>${base}/news/cobar-mallee-bull.html</link>
    <dc:date>${hoursAgo(2).toISOString()}</dc:date>
    <description>Diamond drilling at the Mallee Bull prospect near Cobar returned 12 m at 2.1% Cu; the managing director will lead the next program.</description>
  </item>
  <item rdf:about="${base}/news/ngm-output.html">
    <title>${NEVADA.title}</title>
    <link>${base}/news/ngm-output.html</link>
    <dc:date>${hoursAgo(4).toISOString()}</dc:date>
    <description>Gold output from the Carlin complex in Nevada rose 4% in the quarter.</description>
  </item>
  <item rdf:about="${base}/news/untitled.html">
    <link>${base}/news/untitled.html</link>
    <description>An item its CMS sent without a title.</description>
  </item>
</rdf:RDF>
`;
}

/** The release a geologist opens first: prose with its drill plan, assay table and collar coordinates. */
function quebecPage(): string {
  const paragraph = `Société Minière du Québec (« SMQ ») is pleased to report assays from the first four holes of its
    2025 programme on the Lac Doré property, 18 km east of Val-d’Or, Québec. Hole LD-25-014 cut 14.0 m grading
    6.1 g/t gold from 112 m down hole within a sheared and silicified diorite, and the mineralised corridor is
    now traced over 1.2 km of strike. The company expects to complete a further 20,000 m of drilling this year.`;
  const rows = QUEBEC.assays.map((row) => `<tr>${row.map((cell) => `<td>${cell}</td>`).join('')}</tr>`).join('\n');
  return `<!DOCTYPE html>
<html lang="fr">
<head>
<meta http-equiv="Content-Type" content="text/html; charset=windows-1252">
<title>${QUEBEC.title}</title>
</head>
<body>
<header class="site-header"><nav><a href="/">Accueil</a> | <a href="/news/">Communiqués</a></nav></header>
<main><article>
<h1>${QUEBEC.title}</h1>
<p class="dateline">VAL-D’OR, QUÉBEC – Société Minière du Québec</p>
<p>${paragraph}</p>
<div class="media">
<figure><img src="images/lac-dore-drill-plan.png" alt="Drill plan of the Lac Doré gold trend" width="480" height="300">
<figcaption>${QUEBEC.caption}</figcaption></figure>
</div>
<p>${paragraph}</p>
<h2>Table 1 – Assay results</h2>
<table>
<thead><tr><th>Hole</th><th>From (m)</th><th>To (m)</th><th>Width (m)</th><th>Au (g/t)</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
<p>Widths are core lengths; true widths are estimated at 70–80 % of core length.</p>
<h2>Collar coordinates</h2>
<pre>Hole        Easting   Northing   Az.   Dip
${QUEBEC.collars}
LD-25-015   297530    5331905    180   -50</pre>
<p>${paragraph}</p>
</article></main>
<footer>© 2025 Société Minière du Québec · Tous droits réservés</footer>
</body>
</html>
`;
}

function plainPage(title: string): string {
  const paragraph = `${title}. The company reported the results in a release to the exchange today and will host a
    call for analysts; further details are given in its quarterly report and on its website.`;
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${title}</title></head>
<body><article><h1>${title}</h1><p>${paragraph}</p><p>${paragraph}</p><p>${paragraph}</p></article></body></html>`;
}

/** A 480 × 300 PNG drill plan: a grid with a trend line of collars. */
function drillPlanPng(): Buffer {
  const width = 480;
  const height = 300;
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const grid = x % 40 === 0 || y % 40 === 0;
      const trend = Math.abs(y - (60 + x * 0.35)) < 3;
      const collar = [80, 170, 260, 350].some((cx) => (x - cx) ** 2 + (y - (60 + cx * 0.35)) ** 2 < 64);
      const [r, g, b] = collar ? [200, 30, 30] : trend ? [210, 160, 20] : grid ? [200, 205, 215] : [245, 246, 240];
      row.set([r, g, b], 1 + x * 3);
    }
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface RealWorldSources {
  origin: string;
  /** The value of NEWS_FEEDS for these feeds. */
  newsFeeds: string;
  /** When the Québec release says it was published (in US Eastern time: 'EST'). */
  quebecPublished: Date;
  /** Paths asked for, in order. */
  requests: string[];
  close(): Promise<void>;
}

/** Starts the feed host on a free loopback port. */
export async function startRealWorldSources(): Promise<RealWorldSources> {
  const requests: string[] = [];
  let routes: Record<string, { type: string | null; body: Uint8Array }> = {};
  const server = http.createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    requests.push(path);
    const route = routes[path];
    if (!route) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    response.writeHead(200, route.type === null ? {} : { 'content-type': route.type }).end(route.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const quebecPublished = hoursAgo(3);
  const page = (title: string) => ({ type: 'text/html; charset=utf-8', body: encode(plainPage(title), 'utf8') });
  routes = {
    '/feeds/abitibi-1252.xml': {
      type: 'application/rss+xml',
      body: encode(abitibiFeed(origin, quebecPublished), 'windows-1252'),
    },
    '/feeds/zijin-gbk.xml': { type: 'text/xml; charset=GBK', body: encode(zijinFeed(origin), 'gbk') },
    '/feeds/sumitomo-sjis.atom': {
      type: 'application/octet-stream',
      body: encode(sumitomoFeed(origin), 'shift_jis'),
    },
    '/feeds/cobar-rdf.rdf': { type: 'text/html', body: withUtf8Bom(encode(cobarFeed(origin), 'utf8')) },
    // The page declares windows-1252 in a <meta> only; the header has no charset.
    '/news/smq-val-dor.html': { type: 'text/html', body: encode(quebecPage(), 'windows-1252') },
    [QUEBEC.imagePath]: { type: 'image/png', body: drillPlanPng() },
    [ZIJIN_PDF.path]: { type: 'application/pdf', body: cjkPdf([...ZIJIN_PDF.lines], 'chinese') },
    '/news/smo-cote-divoire.html': page(IVORY.title),
    '/news/zijin-serbia.html': page(ZIJIN_SERBIA.title),
    '/news/smm-pomalaa.html': page(SUMITOMO.title),
    '/news/mitsubishi-chile.html': page(MITSUBISHI.title),
    '/news/cobar-mallee-bull.html': page(COBAR.title),
    '/news/ngm-output.html': page(NEVADA.title),
  };
  return {
    origin,
    newsFeeds: FEEDS.map((feed) => `${origin}${feed.path}`).join(','),
    quebecPublished,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
