/* Article HTML to readable text, and fitting text into a budget; shared by both analysers. */

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  hellip: '…',
  bull: '•',
  middot: '·',
  deg: '°',
  copy: '©',
  reg: '®',
  trade: '™',
  euro: '€',
  pound: '£',
  eacute: 'é',
  egrave: 'è',
  aacute: 'á',
  oacute: 'ó',
  uacute: 'ú',
  iacute: 'í',
  ntilde: 'ñ',
  ccedil: 'ç',
  auml: 'ä',
  ouml: 'ö',
  uuml: 'ü',
};

function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity.startsWith('#')) {
      const code =
        entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[entity.toLowerCase()] ?? whole;
  });
}

/** Text that holds HTML markup (rather than a '<' in prose or a PDF's text). */
export const LOOKS_LIKE_HTML =
  /<(?:p|br|div|span|li|ul|ol|table|tr|td|h[1-6]|strong|b|em|i|a|section|article)\b[^>]*>/i;

/**
 * Readable text of an article: paragraphs separated by a blank line, `<br>` as a line break, list items
 * as lines starting with '• ', table cells separated by ' | '. Plain text passes through with tidied spacing.
 */
export function articleToText(content: string): string {
  let text = content.replace(/\r\n?/g, '\n');
  if (LOOKS_LIKE_HTML.test(text)) {
    text = text
      .replace(/<(script|style|noscript|template)\b[\s\S]*?<\/\1>/gi, ' ')
      .replace(/<!--[\s\S]*?-->/g, ' ')
      // Source newlines inside HTML are only spacing; structure comes from the tags.
      .replace(/\s*\n\s*/g, ' ')
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<li\b[^>]*>/gi, '\n• ')
      .replace(/<\/t[dh]>\s*(?=<t[dh]\b)/gi, ' | ')
      .replace(
        /<\/?(p|div|h[1-6]|ul|ol|li|tr|table|thead|tbody|tfoot|blockquote|section|article|header|footer|hr|pre|figure|figcaption|caption)\b[^>]*>/gi,
        '\n\n',
      )
      .replace(/<[^>]*>/g, '');
  }
  return decodeEntities(text)
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Paragraphs (blocks separated by a blank line) of text made by articleToText. */
export function paragraphsOf(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph.length > 0);
}

// Abbreviations after which a full stop does not end a sentence.
const ABBREVIATIONS = new Set([
  'mr',
  'mrs',
  'ms',
  'dr',
  'prof',
  'inc',
  'ltd',
  'corp',
  'co',
  'no',
  'nos',
  'st',
  'mt',
  'approx',
  'e.g',
  'i.e',
  'vs',
  'jan',
  'feb',
  'mar',
  'apr',
  'jun',
  'jul',
  'aug',
  'sep',
  'sept',
  'oct',
  'nov',
  'dec',
  'fig',
  'figs',
  'est',
  'p.geo',
  'p.eng',
  'pty',
  'plc',
  's.a',
  's.a.c',
  'ltda',
  'ab',
  'ag',
  'llc',
  'u.s',
  'etc',
  'vol',
  'ph.d',
  'b.sc',
  'm.sc',
]);

/** Sentences of one paragraph; decimal points, initials and common abbreviations do not split it. */
export function sentencesOf(paragraph: string): string[] {
  const sentences: string[] = [];
  const boundary = /[.!?]["'”’)]?(?=\s+["'“‘(]?[A-Z0-9])/g;
  let start = 0;
  for (const match of paragraph.matchAll(boundary)) {
    const end = match.index + match[0].length;
    if (match[0].startsWith('.')) {
      // Only the word before the stop matters; a short window keeps long paragraphs linear.
      const word =
        /([A-Za-z][A-Za-z.]*)$/.exec(paragraph.slice(Math.max(start, match.index - 24), match.index))?.[1] ?? '';
      // 'J. Smith', 'No. 3', 'Corp. announced'.
      if (word.length === 1 || ABBREVIATIONS.has(word.toLowerCase())) continue;
    }
    const sentence = paragraph.slice(start, end).trim();
    if (sentence) sentences.push(sentence);
    start = end;
  }
  const rest = paragraph.slice(start).trim();
  if (rest) sentences.push(rest);
  return sentences;
}

/** Where a release's contact block starts ('For further information, please contact:'), if it has one. */
const CONTACT_BLOCK_HEADING =
  /(?:^|\n)[ \t]*(?:for (?:further|more|additional) information[^\n]*|further information[^\n]*|(?:investor|media|company) (?:relations )?contacts?:?[^\n]*|contacts?(?: information)?:)[ \t]*(?:\n|$)/gi;

/** Offset of the last contact-block heading in `text`, or -1. */
export function contactBlockStart(text: string): number {
  let found = -1;
  for (const match of text.matchAll(CONTACT_BLOCK_HEADING)) found = match.index + (match[0].startsWith('\n') ? 1 : 0);
  return found;
}

const CUT_MARK = '\n\n[…]\n\n';

/**
 * Text shortened to at most `maxChars`, keeping the start (headline facts and lead) and, when the
 * release ends with a contact block, that block too; cuts fall on paragraph or sentence ends.
 */
export function fitToBudget(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const contactsAt = contactBlockStart(text);
  let tail = '';
  if (contactsAt > 0) {
    const block = text.slice(contactsAt, contactsAt + Math.min(1_500, Math.floor(maxChars / 3)));
    tail =
      block.length < text.length - contactsAt ? block.slice(0, block.lastIndexOf('\n') + 1 || block.length) : block;
  }
  const room = maxChars - (tail ? tail.length + CUT_MARK.length : CUT_MARK.length);
  const head = cutAtBoundary(text.slice(0, Math.max(0, room)));
  return tail ? `${head}${CUT_MARK}${tail.trim()}` : `${head}${CUT_MARK.trimEnd()}`;
}

function cutAtBoundary(text: string): string {
  const paragraph = text.lastIndexOf('\n\n');
  if (paragraph > text.length * 0.6) return text.slice(0, paragraph).trimEnd();
  const sentence = Math.max(text.lastIndexOf('. '), text.lastIndexOf('.\n'));
  if (sentence > text.length * 0.6) return text.slice(0, sentence + 1);
  const space = text.lastIndexOf(' ');
  return (space > text.length * 0.8 ? text.slice(0, space) : text).trimEnd();
}
