/**
 * One regular expression source for a list of words, shaped as a trie: 'gold|golden|gallium' becomes
 * 'g(?:a(?:llium)|old(?:en)?)'. A flat alternation makes the engine try every word at every position of the text,
 * so its cost grows with the vocabulary; the trie tries one branch per character. At a word's end the longer
 * words are tried first, so a match is the longest word that fits, as with an alternation sorted longest first.
 * Words are compared as given: lower-case them first for a case-insensitive expression.
 */
export function trieSource(words: Iterable<string>): string {
  interface Node {
    end: boolean;
    next: Map<string, Node>;
  }
  const root: Node = { end: false, next: new Map() };
  for (const word of words) {
    let node = root;
    for (const char of word) {
      let child = node.next.get(char);
      if (!child) {
        child = { end: false, next: new Map() };
        node.next.set(char, child);
      }
      node = child;
    }
    node.end = true;
  }
  const escape = (char: string) => char.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const source = (node: Node): string => {
    const branches = [...node.next].map(([char, child]) => {
      // A chain of single children is written out: 'llium', not 'l(?:l(?:i…'.
      let text = escape(char);
      let at = child;
      while (!at.end && at.next.size === 1) {
        const [[nextChar, nextNode]] = [...at.next] as [[string, Node]];
        text += escape(nextChar);
        at = nextNode;
      }
      return `${text}${source(at)}`;
    });
    if (branches.length === 0) return '';
    const group = branches.length === 1 ? (branches[0] ?? '') : `(?:${branches.join('|')})`;
    if (!node.end) return group;
    return branches.length === 1 && group.length === 1 ? `${group}?` : `(?:${group})?`;
  };
  return source(root);
}
