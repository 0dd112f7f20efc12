import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cjkPdf } from '../../../test/cjk-pdf.ts';
import { startFakeServer, type Route } from '../../../test/fake-news-servers.ts';
import { extractArticle } from './extract-article.ts';
import { safeFetch } from './safe-fetch.ts';

const paragraph = (text: string) =>
  `<p>${text} Aurora Copper Corp. reported assay results from the first six holes of its 2026 drill program at the Tamarugo porphyry project, extending the mineralised zone, which remains open to the north and at depth.</p>`;

/** A newswire page: navigation, a sidebar, and an article with figures, tables, code, lists and headings. */
const RICH_PAGE = `<!doctype html><html><head><title>Aurora Copper reports assays | Mining Wire</title></head>
<body><header><nav><a href="/">Home</a> | <a href="/markets">Markets</a></nav></header>
<div class="layout"><main><article class="post">
<h1>Aurora Copper drills 42 metres of 1.2% copper at Tamarugo</h1>
${paragraph('Antofagasta, Chile -')}
<figure class="wp-block-image"><img src="images/core-tray.jpg" alt="Core tray from hole TAM-26-004" width="800" height="450"><figcaption>Core from hole TAM-26-004 at 212 metres.</figcaption></figure>
${paragraph('Highlights:')}
<h2>Assay results</h2>
<table><caption>Significant intercepts</caption>
<thead><tr><th rowspan="2">Hole</th><th colspan="2">Interval (m)</th><th rowspan="2">Cu %</th></tr><tr><th>From</th><th>To</th></tr></thead>
<tbody><tr><td>TAM-26-001</td><td>120</td><td>150</td><td>0.8</td></tr><tr><td>TAM-26-004</td><td>180</td><td>222</td><td>1.2</td></tr>
<tr><td colspan="3">Weighted average</td><td>1.0</td></tr></tbody></table>
<h3>Sampling method</h3>
${paragraph('Samples were cut in half.')}
<div class="code-meta"><pre><code>hole        from   to     cu_pct
TAM-26-004  180    222    1.20</code></pre></div>
<ul><li>Step-out drilling of 4,000 metres to the north</li><li>Metallurgical test work</li></ul>
<ol><li>Permits for phase two</li><li>Maiden resource in Q4 2026</li></ol>
<div class="article-media"><img src="/media/map.png" alt="Location map"><p class="caption">Tamarugo project, Region II.</p></div>
<figure class="story-header-image"><img src="https://cdn.example.com/rig.jpg" alt="Drill rig"><figcaption>The rig on site.</figcaption></figure>
<div class="widget-table"><table><tr><td>Gold</td><td>0.3 g/t</td></tr><tr><td>Silver</td><td>2.1 g/t</td></tr></table></div>
<table><tr><td><a href="/holes/1">TAM-26-001</a></td><td>0.8</td></tr><tr><td><a href="/holes/4">TAM-26-004</a></td><td>1.2</td></tr></table>
${paragraph('"These results confirm Tamarugo as a large system," said the CEO.')}
</article></main>
<aside class="sidebar"><h3>Most read</h3><ul><li><a href="/a"><img src="/thumbs/a.jpg" alt="Gold thumb">Gold hits record</a></li></ul></aside></div>
<footer>Copyright Mining Wire</footer></body></html>`;

/** A page trying everything a sanitiser must stop. */
const HOSTILE_PAGE = `<!doctype html><html><head><title>Nickel</title><style>p{color:red}</style></head><body><article>
<h1 onclick="alert(1)">Nickel explorer raises C$10 million</h1>
${paragraph('Sudbury, Ontario -')}
<p onclick="alert(1)" style="background:url(javascript:alert(2))">Proceeds fund a resource estimate <a href="javascript:alert(3)">here</a>
and <a href="https://ok.example/report" onmouseover="steal()" target="_self">the report</a>.</p>
<figure><img src="core.png" onerror="alert(4)" alt="core" style="width:9999px"><figcaption onclick="x()">Core</figcaption></figure>
<img src="javascript:alert(5)" alt="js image"><img src="data:image/png;base64,iVBORw0KGgo=" alt="data image">
<img src="//cdn.example.com/protocol-relative.png" alt="protocol relative">
<svg><script>alert(6)</script></svg><script>alert(7)</script><iframe src="https://evil.example/"></iframe>
<form action="https://evil.example/"><input name="password"></form>
<table style="x"><tr><td onclick="z()">Nickel</td><td>2.1%</td></tr><tr><td>Copper</td><td>0.4%</td></tr></table>
<pre style="x">grade &lt;b&gt;2.1%&lt;/b&gt;</pre>
${paragraph('Drilling starts in April.')}
</article></body></html>`;

const CHINESE = ['紫金矿业公布铜矿钻探结果', '钻孔见矿四十二米，铜品位百分之一点二。'];
const JAPANESE = ['住友金属鉱山が銅鉱山の探鉱結果を発表', '試錐孔で四十二メートルの鉱化を確認しました。'];

describe('article pages and PDFs fetched over HTTP', () => {
  let server: Awaited<ReturnType<typeof startFakeServer>>;
  const serve =
    (contentType: string, body: string | Buffer): Route =>
    (_req, res) =>
      res.writeHead(200, { 'content-type': contentType }).end(body);
  const html = (body: string) => serve('text/html; charset=utf-8', body);

  beforeAll(async () => {
    server = await startFakeServer({
      '/news/2026/aurora.html': html(RICH_PAGE),
      '/news/nickel.html': html(HOSTILE_PAGE),
      // Filings from Shanghai, Hong Kong and Tokyo often use Acrobat's standard CJK fonts without embedding them.
      '/filings/zh.pdf': serve('application/pdf', cjkPdf(CHINESE, 'chinese')),
      '/filings/ja.pdf': serve('application/pdf', cjkPdf(JAPANESE, 'japanese')),
    });
  });
  afterAll(() => server.close());

  /** Fetched and extracted as the expand step does. */
  async function expand(path: string) {
    const page = await safeFetch(`${server.url}${path}`, {
      allowedOrigins: [server.url],
      timeoutMs: 5_000,
      maxBytes: 1_000_000,
      maxRedirects: 0,
      contentTypes: ['text/html', 'application/pdf'],
    });
    return extractArticle(page.body, page.contentType, page.finalUrl, page.contentTypeHeader);
  }
  const expandHtml = async (path: string) => new JSDOM((await expand(path)).fullContent).window.document;

  it('keeps figures with absolute image URLs and captions, tables with merged cells, code, lists and headings', async () => {
    const doc = await expandHtml('/news/2026/aurora.html');
    const images = [...doc.querySelectorAll('img')].map((img) => [img.getAttribute('src'), img.getAttribute('alt')]);
    expect(images).toEqual([
      [`${server.url}/news/2026/images/core-tray.jpg`, 'Core tray from hole TAM-26-004'],
      [`${server.url}/media/map.png`, 'Location map'],
      ['https://cdn.example.com/rig.jpg', 'Drill rig'],
    ]);
    expect([...doc.querySelectorAll('figcaption')].map((caption) => caption.textContent)).toEqual([
      'Core from hole TAM-26-004 at 212 metres.',
      'The rig on site.',
    ]);
    expect(doc.body.textContent).toContain('Tamarugo project, Region II.');

    const [intercepts, grades, links] = [...doc.querySelectorAll('table')];
    expect(intercepts?.querySelector('caption')?.textContent).toBe('Significant intercepts');
    expect([...(intercepts?.querySelectorAll('thead th') ?? [])].map((th) => [th.textContent, th.outerHTML])).toEqual([
      ['Hole', '<th rowspan="2">Hole</th>'],
      ['Interval (m)', '<th colspan="2">Interval (m)</th>'],
      ['Cu %', '<th rowspan="2">Cu %</th>'],
      ['From', '<th>From</th>'],
      ['To', '<th>To</th>'],
    ]);
    expect(intercepts?.querySelector('tbody td[colspan="3"]')?.textContent).toBe('Weighted average');
    expect(grades?.textContent).toContain('Silver');
    expect(links?.querySelector('a')?.getAttribute('href')).toBe(`${server.url}/holes/1`);

    expect(doc.querySelector('pre > code')?.textContent).toBe(
      'hole        from   to     cu_pct\nTAM-26-004  180    222    1.20',
    );
    expect([...doc.querySelectorAll('ul > li, ol > li')].map((li) => li.textContent)).toEqual([
      'Step-out drilling of 4,000 metres to the north',
      'Metallurgical test work',
      'Permits for phase two',
      'Maiden resource in Q4 2026',
    ]);
    expect([...doc.querySelectorAll('h2, h3')].map((h) => h.textContent)).toEqual(
      expect.arrayContaining(['Assay results', 'Sampling method']),
    );
    // The page's furniture stays out.
    expect(doc.body.textContent).not.toMatch(/Most read|Markets|Copyright/);
  });

  it('leaves nothing that runs, styles or loads from elsewhere than http(s) in a hostile page', async () => {
    const doc = await expandHtml('/news/nickel.html');
    const elements = [...doc.querySelectorAll('*')];
    expect(elements.map((element) => element.tagName.toLowerCase())).not.toEqual(
      expect.arrayContaining(['script', 'style', 'svg', 'iframe', 'form', 'input']),
    );
    const attributes = elements.flatMap((element) => [...element.attributes].map((attr) => [attr.name, attr.value]));
    expect(attributes.filter(([name]) => name?.startsWith('on') || name === 'style')).toEqual([]);
    expect(attributes.filter(([, value]) => /javascript:|data:/i.test(value ?? ''))).toEqual([]);
    expect([...doc.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual([
      `${server.url}/news/core.png`,
      // Readability resolved it against the page, as a browser would.
      'http://cdn.example.com/protocol-relative.png',
    ]);
    expect(doc.querySelector('a[href="https://ok.example/report"]')?.getAttribute('target')).toBe('_blank');
    expect(doc.querySelector('pre')?.textContent).toBe('grade <b>2.1%</b>');
    expect(doc.querySelector('table')?.textContent).toContain('Nickel');
  });

  it.each([
    ['Chinese', '/filings/zh.pdf', CHINESE],
    ['Japanese', '/filings/ja.pdf', JAPANESE],
  ])('reads the text of a %s PDF through the CMaps of its non-embedded font', async (_script, path, lines) => {
    const article = await expand(path);
    expect(article.fullContent.split('\n')).toEqual(lines);
    expect(article.expandedDescription).toBe(lines.join(' '));
  });
});
