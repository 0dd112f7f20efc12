/**
 * Shortens text to at most `max` characters, ending in '…' when cut. With `atWord`, the cut falls on
 * the last space when that keeps most of the text, and a trailing comma, semicolon or colon is dropped.
 */
export function clip(text: string, max: number, options: { atWord?: boolean } = {}): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  if (!options.atWord) return `${cut}…`;
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[,;:]$/, '')}…`;
}

/** A month's name, for the regular expressions that read dates in releases. */
export const MONTH = '(?:January|February|March|April|May|June|July|August|September|October|November|December)';
