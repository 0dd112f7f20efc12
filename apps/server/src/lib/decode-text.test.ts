import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
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
    // A meta tag in plain text is just text: no declaration, not UTF-8, so windows-1252.
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
