/**
 * Company names and stock listings in press-release text: what reads the names ('Silver Lake Resources
 * Limited (ASX: SLR)') and blanks them, so that a name never stands for a commodity or a place it contains.
 */

export const EXCHANGES =
  'TSXV?|TSX-V|TSX Venture|CSE|ASX|AIM|LSE|JSE|NYSE American|NYSE|NASDAQ|Nasdaq|OTCQB|OTCQX|OTC|FSE|FRA|Frankfurt|ASX\\/TSX';
export const LISTING = new RegExp(`\\s*\\((?:\\s*(?:${EXCHANGES})\\s*:\\s*[A-Z0-9.]{1,8}\\s*[;,|]?\\s*)+\\)`, 'g');
// '(“Lenga” or the “Company”)', '(the “Project”)', '(“PEA”)'.
export const DEFINED_TERM =
  /\s*\((?:the\s+)?[“"][^”"()]{1,60}[”"](?:\s*(?:or|and)\s*(?:the\s+)?[“"][^”"()]{1,60}[”"])*\)/g;

// 'ASX:XYZ' or 'TSX: ABC' outside brackets.
const BARE_LISTING = new RegExp(`(?<![\\p{L}])(?:${EXCHANGES})\\s*:\\s*[A-Z0-9.]{1,8}(?![\\p{L}\\d])`, 'gu');
const LEGAL_SUFFIXES =
  'Corp\\.?|Corporation|Inc\\.?|Incorporated|Ltd\\.?|Limited|plc|PLC|NL|LLC|Pty|S\\.A\\.|SA|SAS|SpA|SAC|SL|AG|ASA|AB|A/S|Oyj?|Lda|Ltda|Tbk|d\\.o\\.o\\.|GmbH|Co\\.|Company';
const LEGAL_SUFFIX = new RegExp(`^(?:${LEGAL_SUFFIXES})$`);
const LEGAL_SUFFIX_IN_TEXT = new RegExp(`(?<![\\p{L}\\d])(?:${LEGAL_SUFFIXES})(?![\\p{L}\\d/])`, 'gu');
/** The suffixes a comma may set apart: 'Silver Bull Resources, Inc.'. */
const COMMA_SUFFIX = /^(?:Corp\.?|Inc\.?|Ltd\.?|Limited|LLC)$/;
/** Words a short name drops: 'Silver Lake Resources' is called 'Silver Lake'. */
const TRADE_WORD =
  /^(?:Resources|Mining|Mines|Minerals|Metals|Exploration|Explorations|Explorers|Ventures|Royalties|Holdings|Group|Industries|Gems|Energy|Drilling|Partners|Capital)$/;
const TRADE_NAME_END =
  /(?<=[\p{L}'’-][ \t])(?:Resources|Holdings|Royalties|Ventures|Explorers|Industries)(?![\p{L}\d])/gu;
const NAME_WORD = /^(?:[\p{Lu}\d][\p{L}\d'’.&/-]*|&)$/u;
const NOT_A_NAME = /^(?:The|A|An|This|That|Its|Our|Their|By|For|From|To|In|At|On|Of|And|With|As)$/;
const MAX_NAME_WORDS = 6;

/** The capitalised words on the same line just before `end`, back to the first word that cannot be in a name. */
function nameBefore(text: string, end: number): { start: number; words: string[] } | null {
  const lineStart = text.lastIndexOf('\n', end - 1) + 1;
  const from = Math.max(lineStart, end - 160);
  const tokens = [...text.slice(from, end).matchAll(/\S+/g)];
  const words: string[] = [];
  let start = end;
  for (let i = tokens.length - 1; i >= 0 && words.length < MAX_NAME_WORDS; i--) {
    const token = tokens[i];
    if (!token) break;
    let word = token[0];
    if (word.endsWith(',')) {
      if (!COMMA_SUFFIX.test(words[0] ?? '')) break;
      word = word.slice(0, -1);
    }
    if (!NAME_WORD.test(word) || NOT_A_NAME.test(word)) break;
    // A full stop after a word ends the sentence before the name, unless the word is short ('St.', 'Mt.').
    if (words.length > 0 && /\p{L}{4,}\.$/u.test(word) && !LEGAL_SUFFIX.test(word)) break;
    words.unshift(word);
    start = from + token.index;
  }
  while (words.length > 0 && LEGAL_SUFFIX.test(words[0] ?? '')) words.shift();
  return words.length > 0 ? { start, words } : null;
}

/** A name as a release goes on to use it: without its legal suffix, then without its trade words. */
function shortForms(words: readonly string[], isReserved: (word: string) => boolean): string[] {
  let rest = [...words];
  while (rest.length > 1 && LEGAL_SUFFIX.test(rest.at(-1) ?? '')) rest = rest.slice(0, -1);
  const forms = [rest.join(' ')];
  while (rest.length > 1 && TRADE_WORD.test(rest.at(-1) ?? '')) {
    rest = rest.slice(0, -1);
    forms.push(rest.join(' '));
  }
  // A lone 'Gold' left of 'Gold Corp.' or 'Chile' of 'Chile Mining' would blank every gold or Chile.
  return forms.filter((form) => form.includes(' ') || !isReserved(form));
}

const WORD_CHAR = /[\p{L}\d]/u;

/**
 * The text with company names, stock listings and defined terms replaced by spaces (offsets unchanged).
 * Names are read where a listing, a legal suffix or a trade word after a capitalised word marks them, and
 * from defined terms ('(“Silver Lake”)'), then blanked wherever the release uses them again, in their short
 * forms too ('Silver Lake Resources Limited (ASX: SLR)' → 'Silver Lake').
 * `isReserved` says which single words (commodities, places) may not stand alone as a short name.
 */
export function blankCompanyNames(text: string, isReserved: (word: string) => boolean): string {
  const spans: [number, number][] = [];
  const forms = new Set<string>();
  const learn = (nameEnd: number, spanEnd: number) => {
    const name = nameBefore(text, nameEnd);
    if (!name) return;
    spans.push([name.start, spanEnd]);
    for (const form of shortForms(name.words, isReserved)) forms.add(form);
  };
  for (const pattern of [LISTING, BARE_LISTING]) {
    for (const match of text.matchAll(pattern)) {
      const end = match.index + match[0].length;
      spans.push([match.index, end]);
      // A defined term may stand between name and listing: 'Silver Lake Resources (“Silver Lake”) (ASX: SLR)'.
      const from = Math.max(0, match.index - 120);
      const defined = /\s*\((?:the\s+)?[“"][^”"()]{1,60}[”"][^()]*\)\s*$/.exec(text.slice(from, match.index));
      learn(defined ? from + defined.index : match.index, end);
    }
  }
  for (const match of text.matchAll(LEGAL_SUFFIX_IN_TEXT)) learn(match.index, match.index + match[0].length);
  // 'Ardmore Copper Holdings', 'Silver Lake Resources' without a suffix; not 'Indicated Mineral Resources'.
  for (const match of text.matchAll(TRADE_NAME_END)) {
    const end = match.index + match[0].length;
    const name = nameBefore(text, end);
    if (name && name.words.length > 1 && !/^(?:Mineral|Ore|Natural)$/.test(name.words.at(-2) ?? '')) learn(end, end);
  }
  for (const match of text.matchAll(DEFINED_TERM)) {
    spans.push([match.index, match.index + match[0].length]);
    for (const term of match[0].matchAll(/[“"]([^”"]{1,60})[”"]/g)) {
      const name = term[1] ?? '';
      if (/^\p{Lu}/u.test(name) && name !== 'Company' && (name.includes(' ') || !isReserved(name))) forms.add(name);
    }
  }
  // Every later use of a name, as a whole word.
  for (const form of forms) {
    for (let at = text.indexOf(form); at >= 0; at = text.indexOf(form, at + form.length)) {
      if (!WORD_CHAR.test(text[at - 1] ?? '') && !WORD_CHAR.test(text[at + form.length] ?? ''))
        spans.push([at, at + form.length]);
    }
  }
  if (spans.length === 0) return text;
  const parts: string[] = [];
  let at = 0;
  for (const [start, end] of spans.sort((a, b) => a[0] - b[0])) {
    if (end <= at) continue;
    const from = Math.max(start, at);
    parts.push(text.slice(at, from), ' '.repeat(end - from));
    at = end;
  }
  parts.push(text.slice(at));
  return parts.join('');
}
