import sniffEncoding from 'html-encoding-sniffer';
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
 * otherwise windows-1252 (the browser's default for HTML, and what feed readers fall back to for XML).
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
    return { text: decodeAs('windows-1252', bytes), encoding: 'windows-1252' };
  }
}

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
