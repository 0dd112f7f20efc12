import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeServer } from '../../../test/fake-news-servers.ts';
import { articlePage, encode, NAMES, serveBytes, withUtf8Bom } from '../../../test/feed-fixtures.ts';
import { extractArticle } from './extract-article.ts';
import { safeFetch } from './safe-fetch.ts';

// Article pages are decoded as a browser decodes them: the charset may be in the header, a <meta>, or a BOM.
// Each page: its path, the name it carries, its <head> declaration, its encoding and its Content-Type.
const PAGES: [string, string, string, string, string][] = [
  ['/cp1252-header', NAMES.quebec, '', 'windows-1252', 'text/html; charset=windows-1252'],
  ['/latin1-header', NAMES.ivoryLatin1, '', 'latin1', 'text/html;charset=ISO-8859-1'],
  ['/meta-charset', NAMES.sumitomo, '<meta charset="Shift_JIS">', 'shift_jis', 'text/html'],
  [
    '/http-equiv',
    NAMES.zijin,
    '<meta http-equiv="Content-Type" content="text/html; charset=gb2312">',
    'gbk',
    'text/html',
  ],
  // Nothing declared: windows-1252 bytes are windows-1252, valid UTF-8 is UTF-8.
  ['/undeclared', NAMES.ivory, '', 'windows-1252', 'text/html'],
  ['/utf8-undeclared', NAMES.zijin, '', 'utf8', 'text/html'],
];

describe('article pages in legacy encodings, fetched over HTTP', () => {
  let server: Awaited<ReturnType<typeof startFakeServer>>;
  beforeAll(async () => {
    server = await startFakeServer({
      ...Object.fromEntries(
        PAGES.map(([path, name, head, encoding, type]) => [
          path,
          serveBytes(encode(articlePage(head, name), encoding), type),
        ]),
      ),
      // The byte order mark says UTF-8; the header says otherwise and loses.
      '/bom-over-header': serveBytes(
        withUtf8Bom(encode(articlePage('', NAMES.ivory), 'utf8')),
        'text/html; charset=iso-8859-1',
      ),
      '/plain-latin1': serveBytes(
        encode(`${NAMES.ivoryLatin1}\n\nAssays pending.`, 'latin1'),
        'text/plain; charset=iso-8859-1',
      ),
    });
  });
  afterAll(() => server.close());

  async function expand(path: string) {
    const page = await safeFetch(`${server.url}${path}`, {
      allowedOrigins: [server.url],
      timeoutMs: 10_000,
      maxBytes: 1024 * 1024,
      maxRedirects: 3,
      contentTypes: ['text/html', 'text/plain'],
    });
    return extractArticle(page.body, page.contentType, page.finalUrl, page.contentTypeHeader);
  }

  it.each([...PAGES.map(([path, name]) => [path, name]), ['/bom-over-header', NAMES.ivory]])(
    '%s comes out intact',
    async (path, name) => {
      const article = await expand(path);
      expect(article.expandedDescription).toContain(name);
      expect(article.fullContent).toContain(name);
      expect(article.fullContent).not.toContain('\uFFFD');
    },
  );

  it('decodes plain text with the charset of its header', async () => {
    expect(await expand('/plain-latin1')).toEqual({
      expandedDescription: `${NAMES.ivoryLatin1} Assays pending.`,
      fullContent: `${NAMES.ivoryLatin1}\n\nAssays pending.`,
    });
  });
});
