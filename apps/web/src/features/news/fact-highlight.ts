/**
 * Marks a fact's sentence in the article as the modal shows it. A fact's `start`/`end` index the text the
 * server read (the article's HTML as plain text, paragraphs a blank line apart, table cells split by ' | '),
 * while the modal shows the HTML itself; so the quote is looked up in the shown text with whitespace, cell bars
 * and bullets left out of both, and among several copies of it the one nearest `start` (as a share of the
 * text) is marked. Every text node the quote covers gets a <mark> of its own, so tables and links keep their
 * structure.
 */

/** Characters that the server's text and the shown text lay out differently. */
const LAYOUT = /[\s|•\u00a0\u200b]/;

export interface QuoteSpan {
  quote: string;
  start: number;
}

/** Class of the marks, which the article styles and a new highlight removes. */
export const FACT_MARK_CLASS = 'fact-mark';

/** The quote without the characters the layouts differ in. */
function squeeze(text: string): string {
  let out = '';
  for (const char of text) if (!LAYOUT.test(char)) out += char;
  return out;
}

/**
 * Wraps the shown occurrence of `span.quote` in `root` in <mark> elements and answers the first of them, or null
 * when the text does not hold the quote. `textLength` is the length of the text the offsets index (or an
 * estimate), to find the copy nearest `start`.
 */
export function markQuote(root: HTMLElement, span: QuoteSpan, textLength: number): HTMLElement | null {
  const needle = squeeze(span.quote);
  if (needle === '') return null;
  const nodes: Text[] = [];
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node as Text);
  // The shown text squeezed, and where each of its characters is.
  let flat = '';
  const at: [node: number, offset: number][] = [];
  nodes.forEach((node, index) => {
    const value = node.data;
    for (let offset = 0; offset < value.length; offset++) {
      const char = value[offset] ?? '';
      if (LAYOUT.test(char)) continue;
      flat += char;
      at.push([index, offset]);
    }
  });
  const found: number[] = [];
  for (let from = flat.indexOf(needle); from !== -1; from = flat.indexOf(needle, from + 1)) found.push(from);
  if (found.length === 0) return null;
  const target = (span.start / Math.max(textLength, 1)) * flat.length;
  const begin = found.reduce((best, position) =>
    Math.abs(position - target) < Math.abs(best - target) ? position : best,
  );
  // Per text node, the first and last character of the quote in it.
  const pieces = new Map<number, [number, number]>();
  for (let index = begin; index < begin + needle.length; index++) {
    const [node, offset] = at[index] ?? [0, 0];
    const piece = pieces.get(node);
    pieces.set(node, piece ? [piece[0], offset + 1] : [offset, offset + 1]);
  }
  let first: HTMLElement | null = null;
  // Last node first: wrapping one node leaves the others' offsets as they were.
  for (const [index, [from, to]] of [...pieces.entries()].reverse()) {
    const node = nodes[index];
    if (!node) continue;
    const range = root.ownerDocument.createRange();
    range.setStart(node, from);
    range.setEnd(node, to);
    const mark = root.ownerDocument.createElement('mark');
    mark.className = FACT_MARK_CLASS;
    range.surroundContents(mark);
    first = mark;
  }
  return first;
}
