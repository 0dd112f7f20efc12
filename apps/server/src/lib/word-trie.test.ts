import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../test/log-fixtures.ts';
import { trieSource } from './word-trie.ts';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const bounded = (source: string) => new RegExp(`(?<![\\p{L}\\d])(${source})(?![\\p{L}\\d])`, 'gu');
/** The plain reading: every word in one alternation, longest first. */
const naive = (words: readonly string[]) =>
  bounded(
    [...words]
      .sort((a, b) => b.length - a.length)
      .map(escape)
      .join('|'),
  );
const matches = (pattern: RegExp, text: string) => [...text.matchAll(pattern)].map((m) => `${m.index}:${m[1]}`);

describe('word trie', () => {
  it('matches the longest word that fits, as a sorted alternation does', () => {
    const words = ['new', 'new south wales', 'wales', 'south', 'gold', 'golden', 'go', 'mt. isa', 'b.c.'];
    const text = 'new south wales, golden gold go new south b.c. mt. isa';
    expect(matches(bounded(trieSource(words)), text)).toEqual(matches(naive(words), text));
    expect(matches(bounded(trieSource(words)), text)).toContain('0:new south wales');
  });

  it('agrees with a sorted alternation on random vocabularies and texts', () => {
    const random = seededRandom(7);
    const letters = 'abc .-';
    const word = (max: number) =>
      Array.from({ length: 1 + Math.floor(random() * max) }, () => letters[Math.floor(random() * letters.length)])
        .join('')
        .trim();
    for (let round = 0; round < 300; round++) {
      const words = [...new Set(Array.from({ length: 1 + Math.floor(random() * 12) }, () => word(5)))].filter(Boolean);
      const text = Array.from({ length: 20 }, () => word(6)).join(' ');
      expect(matches(bounded(trieSource(words)), text), `${words.join('|')} in ${text}`).toEqual(
        matches(naive(words), text),
      );
    }
  });
});
