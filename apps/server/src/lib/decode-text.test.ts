import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { articlePage, wordpressRss } from '../../test/feed-fixtures.ts';
import { LEGACY_FEEDS, legacyBytes, SHORT_TITLES, WESTERN_TITLES } from '../../test/legacy-encoding-feeds.ts';
import { decodeText } from './decode-text.ts';

const utf8 = (text: string) => new TextEncoder().encode(text);
const encoded = (text: string, encoding: string) => new Uint8Array(iconv.encode(text, encoding));
const withBom = (bytes: Uint8Array) => new Uint8Array([0xef, 0xbb, 0xbf, ...bytes]);

const FRENCH = 'Société Minière du Québec, Côte d’Ivoire';
const LATIN1 = "Société Minière du Québec, Côte d'Ivoire"; // ISO-8859-1 has no curly apostrophe
const html = (head: string, body: string) =>
  `<!doctype html><html><head>${head}<title>t</title></head><body>${body}</body></html>`;
const xml = (declaration: string, body: string) =>
  `${declaration}<rss version="2.0"><channel><title>${body}</title></channel></rss>`;

describe('decodeText', () => {
  it('reads the charset of the Content-Type header', () => {
    expect(decodeText(encoded(FRENCH, 'windows-1252'), 'text/html; charset=windows-1252')).toEqual({
      text: FRENCH,
      encoding: 'windows-1252',
    });
    expect(decodeText(encoded('紫金矿业', 'gbk'), 'text/plain;charset="GBK"').text).toBe('紫金矿业');
    expect(decodeText(encoded('住友金属鉱山', 'shift_jis'), 'application/rss+xml; charset=Shift_JIS').text).toBe(
      '住友金属鉱山',
    );
  });

  it('reads the XML declaration when the header names no charset', () => {
    const body = xml('<?xml version="1.0" encoding="ISO-8859-1"?>', LATIN1);
    expect(decodeText(encoded(body, 'latin1'), 'application/rss+xml').text).toBe(body);
    const gbk = xml("<?xml version='1.0' encoding='gbk'?>", '紫金矿业');
    expect(decodeText(encoded(gbk, 'gbk'), 'text/xml')).toEqual({ text: gbk, encoding: 'GBK' });
  });

  it('reads <meta charset> and <meta http-equiv> in HTML, but not in plain text', () => {
    const meta = html('<meta charset="shift_jis">', '住友金属鉱山');
    expect(decodeText(encoded(meta, 'shift_jis'), 'text/html').text).toBe(meta);
    const equiv = html('<meta http-equiv="Content-Type" content="text/html; charset=gbk">', '紫金矿业');
    expect(decodeText(encoded(equiv, 'gbk'), 'text/html').text).toBe(equiv);
    // A meta tag in plain text is just text: no declaration, so neither the decoder nor the detector reads it.
    expect(decodeText(utf8(html('<meta charset="gbk">', 'Québec')), 'text/plain').encoding).toBe('UTF-8');
    expect(decodeText(encoded(html('<meta charset="gbk">', 'Québec'), 'latin1'), 'text/plain').encoding).toBe(
      'windows-1252',
    );
  });

  it('lets a byte order mark win over a header that contradicts it', () => {
    expect(decodeText(withBom(utf8(FRENCH)), 'text/html; charset=windows-1252')).toEqual({
      text: FRENCH,
      encoding: 'UTF-8',
    });
    const utf16 = new Uint8Array([0xff, 0xfe, ...encoded('紫金矿业', 'utf16le')]);
    expect(decodeText(utf16, 'text/xml; charset=iso-8859-1').text).toBe('紫金矿业');
  });

  it('lets the header win over the document, as browsers do', () => {
    const body = xml('<?xml version="1.0" encoding="utf-8"?>', LATIN1);
    expect(decodeText(encoded(body, 'latin1'), 'text/xml; charset=iso-8859-1').text).toBe(body);
  });

  it('with no declaration, reads valid UTF-8 as UTF-8 and anything else as windows-1252', () => {
    expect(decodeText(utf8(html('', FRENCH)), 'text/html')).toEqual({ text: html('', FRENCH), encoding: 'UTF-8' });
    expect(decodeText(encoded(html('', FRENCH), 'windows-1252'), 'text/html').text).toBe(html('', FRENCH));
    expect(decodeText(encoded(xml('', FRENCH), 'windows-1252'), 'application/xml').encoding).toBe('windows-1252');
    expect(decodeText(utf8('紫金矿业'), undefined).text).toBe('紫金矿业');
  });

  it('ignores an unknown charset label and goes on to the document', () => {
    const body = html('<meta charset="iso-8859-2">', 'Łódź');
    expect(decodeText(encoded(body, 'iso-8859-2'), 'text/html; charset=no-such-thing').text).toBe(body);
  });

  it('sniffs XML and HTML bodies sent without a useful content type', () => {
    const body = xml('<?xml version="1.0" encoding="Shift_JIS"?>', '住友金属鉱山');
    expect(decodeText(encoded(body, 'shift_jis'), 'application/octet-stream').text).toBe(body);
    expect(decodeText(encoded(body, 'shift_jis'), null).text).toBe(body);
    const page = html('<meta charset="gbk">', '紫金矿业');
    expect(decodeText(encoded(page, 'gbk'), '').text).toBe(page);
  });

  it('reads JSON as UTF-8 whatever the header says, dropping a BOM', () => {
    expect(decodeText(withBom(utf8('{"name":"Québec"}')), 'application/json; charset=iso-8859-1').text).toBe(
      '{"name":"Québec"}',
    );
  });

  it('refuses the replacement encoding instead of guessing', () => {
    expect(() => decodeText(utf8('<p>x</p>'), 'text/html; charset=iso-2022-kr')).toThrow(/cannot be read safely/);
  });
});

describe('decodeText with nothing declared and bytes that are not UTF-8', () => {
  const undeclaredFeed = (title: string, items: { title: string; description?: string }[]) =>
    wordpressRss(
      items.map((item, n) => ({ ...item, link: `https://wire.example/news/${n}`, guid: `wire-${n}` })),
      { declaration: '<?xml version="1.0"?>', title },
    );

  it.each(LEGACY_FEEDS.map((feed) => [feed.encoding, feed] as const))(
    'detects a %s feed and reads it intact',
    (_name, feed) => {
      const text = undeclaredFeed(feed.title, feed.items);
      const bytes = legacyBytes(text, feed.encoding);
      expect(decodeText(bytes, 'application/rss+xml')).toEqual({ text, encoding: feed.detected });
      // Sent as a web page, or with no content type at all, it is the same feed.
      expect(decodeText(bytes, 'text/html').text).toBe(text);
      expect(decodeText(bytes, null).text).toBe(text);
    },
  );

  it.each(LEGACY_FEEDS.map((feed) => [feed.encoding, feed] as const))(
    'detects a %s article page without <meta charset>',
    (_name, feed) => {
      const page = articlePage('', feed.items.map((item) => `${item.title}. ${item.description}`).join(' '));
      expect(decodeText(legacyBytes(page, feed.encoding), 'text/html')).toEqual({
        text: page,
        encoding: feed.detected,
      });
    },
  );

  it.each(SHORT_TITLES.map((short) => [short.encoding, short.title, short] as const))(
    'detects %s from one short headline (%s) in a feed',
    (_name, _title, short) => {
      const text = undeclaredFeed('Mining news', [{ title: short.title }]);
      expect(decodeText(legacyBytes(text, short.encoding), 'application/rss+xml')).toEqual({
        text,
        encoding: short.detected,
      });
    },
  );

  // The claim in ARCHITECTURE.md: alone in a feed otherwise English (tags, boilerplate), the first 12
  // characters of any headline are enough in Japanese, Chinese and Korean, and the first 31 in Russian.
  it.each(LEGACY_FEEDS.map((feed) => [feed.encoding, feed] as const))(
    'detects %s from the start of any one headline amid English markup',
    (_name, feed) => {
      const shortest = feed.detected.startsWith('KOI8') || feed.detected === 'windows-1251' ? 31 : 12;
      for (const item of feed.items) {
        const text = undeclaredFeed('Mining news', [{ title: item.title.slice(0, shortest) }]);
        expect(decodeText(legacyBytes(text, feed.encoding), 'application/rss+xml').encoding, item.title).toBe(
          feed.detected,
        );
      }
    },
  );

  it('writes the GB2312 and EUC-KR fixtures in those encodings proper, not in their Microsoft supersets', () => {
    // GB2312 and EUC-KR (KS X 1001) put both bytes of a character in 0xA1-0xFE; GBK and UHC also use lower ones.
    for (const feed of LEGACY_FEEDS.filter((feed) => ['gb2312', 'euc-kr'].includes(feed.encoding))) {
      const bytes = legacyBytes(undeclaredFeed(feed.title, feed.items), feed.encoding);
      expect(bytes.filter((byte) => byte >= 0x80 && byte < 0xa1)).toHaveLength(0);
    }
  });

  it('leaves Western feeds and pages in windows-1252, one title or many', () => {
    for (const title of WESTERN_TITLES) {
      const feed = undeclaredFeed('Mining news', [{ title }]);
      expect(decodeText(encoded(feed, 'windows-1252'), 'application/rss+xml')).toEqual({
        text: feed,
        encoding: 'windows-1252',
      });
    }
    const all = undeclaredFeed(
      'Mining news',
      WESTERN_TITLES.map((title) => ({ title })),
    );
    expect(decodeText(encoded(all, 'windows-1252'), 'text/xml').encoding).toBe('windows-1252');
    const page = articlePage('', WESTERN_TITLES.join('. '));
    expect(decodeText(encoded(page, 'windows-1252'), 'text/html').encoding).toBe('windows-1252');
  });

  it('does not let the detector overrule a declaration', () => {
    const [russian] = LEGACY_FEEDS;
    if (!russian) throw new Error('no fixture');
    const text = undeclaredFeed(russian.title, russian.items);
    // Declared wrongly as windows-1252 in the header: read as declared, as browsers do.
    expect(decodeText(legacyBytes(text, 'koi8-r'), 'application/rss+xml; charset=windows-1252').encoding).toBe(
      'windows-1252',
    );
  });
});
