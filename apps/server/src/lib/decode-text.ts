import { createRequire } from 'node:module';
import sniffEncoding from 'html-encoding-sniffer';
import type * as Jschardet from 'jschardet';
import { MIMEType } from 'whatwg-mimetype';

/** How a body declares its encoding: markup (HTML `<meta>`, XML declaration), JSON (always UTF-8), plain text. */
export type TextKind = 'html' | 'xml' | 'json' | 'text';

export interface DecodedText {
  text: string;
  /** The WHATWG name of the encoding the bytes were read in ('UTF-8', 'windows-1252', 'Shift_JIS'…). */
  encoding: string;
}

/**
 * Bytes of unknown encoding as text, decided as a browser does (WHATWG Encoding and HTML standards):
 * a byte order mark first, then the `charset` of the Content-Type header, then the document's own
 * declaration (the XML declaration for XML; `<meta charset>` or `<meta http-equiv>` in the first 1024
 * bytes, or an XML declaration, for HTML). With none of them, UTF-8 when the bytes are valid UTF-8,
 * otherwise the Cyrillic or CJK encoding a detector finds (jschardet), otherwise windows-1252 (the
 * browser's default for HTML, and what feed readers fall back to for XML).
 * JSON is always UTF-8, as `Response.json()` reads it. `kind` defaults to what the content type says,
 * or, without a known type, to what the body starts with.
 */
export function decodeText(
  bytes: Uint8Array,
  contentType: string | null | undefined,
  kind: TextKind = textKindOf(contentType, bytes),
): DecodedText {
  if (kind === 'json') return { text: new TextDecoder('utf-8').decode(bytes), encoding: 'UTF-8' };
  const options = {
    xml: kind === 'xml',
    transportLayerEncodingLabel: charsetOf(contentType),
    // Plain text has no in-document declaration to look for.
    ...(kind === 'text' ? { maxPrescanBytes: 0 } : {}),
  };
  // The sniffer answers its default when nothing was declared: two different defaults tell that case apart.
  const declared = sniffEncoding(bytes, { ...options, defaultEncoding: 'UTF-8' });
  if (declared === sniffEncoding(bytes, { ...options, defaultEncoding: 'windows-1252' })) {
    return { text: decodeAs(declared, bytes), encoding: declared };
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'UTF-8' };
  } catch {
    const encoding = detectEncoding(bytes);
    return { text: decodeAs(encoding, bytes), encoding };
  }
}

/**
 * What the detector may answer (its names), with the WHATWG encoding each stands for: windows-1252 and the
 * scripts it cannot be, Cyrillic and CJK. Latin-script neighbours (windows-1250, -1254, -1257, ISO-8859-x)
 * are not candidates: they differ from windows-1252 in a few letters, which a short text does not tell
 * apart (alone, 'Québec' came out as windows-1250 and 'Ørsted' as windows-1257). Greek, Hebrew, Arabic and
 * Thai are left out too: rare in mining feeds, and each a chance to misread a Western one.
 */
const DETECTABLE: Readonly<Record<string, string>> = {
  cp1252: 'windows-1252',
  cp1251: 'windows-1251',
  'koi8-r': 'KOI8-R',
  'koi8-u': 'KOI8-U',
  cp932: 'Shift_JIS',
  euc_jis_2004: 'EUC-JP',
  gb18030: 'gb18030',
  big5hkscs: 'Big5',
  cp949: 'EUC-KR',
};
/** Bytes read before the first one that is not ASCII, as context for the detector's language models. */
const DETECTION_CONTEXT_BYTES = 1024;
/** Bytes the detector is given at most (it reads 200 KB of them once the markup is gone). */
const DETECTION_WINDOW_BYTES = 256 * 1024;

let detector: typeof Jschardet | undefined;

/**
 * The encoding of undeclared bytes that are not UTF-8, by jschardet (a port of Python's chardet 7), among
 * DETECTABLE; windows-1252 when it finds none of them. The detector (and its 24 MB model) is loaded on first
 * need only: most bodies declare their encoding or are UTF-8.
 */
function detectEncoding(bytes: Uint8Array): string {
  detector ??= createRequire(import.meta.url)('jschardet') as typeof Jschardet;
  const from = Math.max(0, bytes.findIndex((byte) => byte >= 0x80) - DETECTION_CONTEXT_BYTES);
  const { encoding } = detector.chardet.detect(withoutMarkup(bytes.subarray(from, from + DETECTION_WINDOW_BYTES)), {
    encodingEra: detector.chardet.EncodingEra.MODERN_WEB,
    includeEncodings: Object.keys(DETECTABLE),
    compatNames: false,
  });
  return (encoding && DETECTABLE[encoding]) ?? 'windows-1252';
}

const CDATA_START = Buffer.from('<![CDATA[');

/**
 * The text of a document without its tags (each becomes a space; a CDATA section's content stays, its own
 * tags removed too). Tags, attributes and URLs are ASCII and read as English, which drowned a short Big5 or
 * KOI8-R headline in windows-1252 evidence. Cutting at '<' and '>' never splits a character: neither byte
 * is ever the second byte of a Shift_JIS, Big5, GBK or EUC character.
 */
function withoutMarkup(bytes: Uint8Array): Uint8Array {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const parts: Buffer[] = [];
  for (let at = 0; at < buffer.length;) {
    const open = buffer.indexOf(0x3c, at);
    if (open === -1) {
      parts.push(buffer.subarray(at));
      break;
    }
    parts.push(buffer.subarray(at, open), SPACE);
    if (buffer.subarray(open, open + CDATA_START.length).equals(CDATA_START)) {
      at = open + CDATA_START.length;
      continue;
    }
    const close = buffer.indexOf(0x3e, open + 1);
    at = close === -1 ? buffer.length : close + 1;
  }
  return Buffer.concat(parts);
}
const SPACE = Buffer.from(' ');

function decodeAs(encoding: string, bytes: Uint8Array): string {
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(encoding);
  } catch {
    // Only the 'replacement' encoding (labels such as iso-2022-kr, which browsers refuse to read) gets here.
    throw new Error(`text in an encoding that cannot be read safely (${encoding})`);
  }
  return decoder.decode(bytes);
}

function parseMimeType(contentType: string | null | undefined): MIMEType | null {
  return contentType ? MIMEType.parse(contentType) : null;
}

/** The `charset` parameter of a Content-Type header, when it has one. */
function charsetOf(contentType: string | null | undefined): string | undefined {
  return parseMimeType(contentType)?.parameters.get('charset') ?? undefined;
}

function textKindOf(contentType: string | null | undefined, bytes: Uint8Array): TextKind {
  const type = parseMimeType(contentType);
  if (type?.isHTML()) return 'html';
  if (type?.isXML()) return 'xml';
  if (type && (type.essence === 'application/json' || type.subtype.endsWith('+json'))) return 'json';
  if (type?.type === 'text') return 'text';
  // No type, or one that says nothing (application/octet-stream): look at how the body starts.
  const start = new TextDecoder('latin1').decode(bytes.subarray(0, 64)).replace(/^(ï»¿|þÿ|ÿþ)?\s*/, '');
  if (/^<\?xml[\s?]/i.test(start) || /^<(rss|feed|rdf:RDF)[\s>]/i.test(start)) return 'xml';
  if (start.startsWith('<')) return 'html';
  return 'text';
}
