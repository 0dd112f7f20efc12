// Characters that never need percent-encoding (RFC 3986 section 2.3): an encoded one is another
// spelling of a plain path, which is how `/%61pi/v1/...` used to slip past a check on the raw URL.
const UNRESERVED = /[A-Za-z0-9\-._~]/;
// Encoded separators and controls would mean a different path once decoded: `/api%2Fv1`, `%00`.
const isSeparatorOrControl = (code: number) =>
  code < 0x20 || code === 0x7f || code === 0x2f || code === 0x3f || code === 0x23 || code === 0x5c;

/**
 * Why a request target is not in the one canonical spelling our routes are registered in, or
 * undefined when it is. Refusing every other spelling (absolute form, encoded unreserved characters,
 * `//`, dot segments, `;params`, encoded separators, malformed or non-UTF-8 escapes) means no decoding
 * step between the socket and the router can make a path mean something other than it reads.
 */
export function requestTargetProblem(target: string): string | undefined {
  if (!target.startsWith('/')) return 'Request target must be a path such as /api/v1/...';
  const queryStart = target.indexOf('?');
  const path = queryStart === -1 ? target : target.slice(0, queryStart);
  const query = queryStart === -1 ? '' : target.slice(queryStart + 1);

  if (path.includes('//')) return 'Request path must not contain empty segments (//)';
  if (path.includes('\\')) return 'Request path must not contain a backslash';
  if (path.includes(';')) return 'Request path must not contain ;parameters';
  if (path.split('/').some((segment) => segment === '.' || segment === '..')) {
    return 'Request path must not contain . or .. segments';
  }
  for (const match of path.matchAll(/%([0-9A-Fa-f]{2})?/g)) {
    const hex = match[1];
    if (!hex) return 'Request path has malformed percent-encoding';
    const code = Number.parseInt(hex, 16);
    if (UNRESERVED.test(String.fromCharCode(code))) return 'Request path percent-encodes a character that needs none';
    if (isSeparatorOrControl(code)) return 'Request path percent-encodes a separator or control character';
  }
  if (decodes(path) === undefined) return 'Request path has malformed percent-encoding';

  if (/%(?![0-9A-Fa-f]{2})/.test(query)) return 'Query string has malformed percent-encoding';
  const decodedQuery = decodes(query.replaceAll('+', ' '));
  if (decodedQuery === undefined) return 'Query string has malformed percent-encoding';
  if (decodedQuery.includes('\0')) return 'Query string must not contain NUL characters';
  return undefined;
}

/** The decoded text, or undefined when the escapes are not valid UTF-8 (lone surrogates included). */
function decodes(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}
