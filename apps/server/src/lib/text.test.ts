import { describe, expect, it } from 'vitest';
import { clip } from './text.ts';

describe('clip', () => {
  it('returns text that fits unchanged', () => {
    expect(clip('short', 5)).toBe('short');
    expect(clip('short', 5, { atWord: true })).toBe('short');
  });

  it('cuts to max characters, the last being an ellipsis', () => {
    expect(clip('abcdefghij', 5)).toBe('abcd…');
  });

  it('at a word boundary, cuts at the last space and drops trailing punctuation', () => {
    expect(clip('Drilling starts in March, assays follow', 30, { atWord: true })).toBe('Drilling starts in March…');
  });

  it('at a word boundary, cuts mid-word when the last space is too early', () => {
    expect(clip('Go Supercalifragilistic', 12, { atWord: true })).toBe('Go Supercal…');
  });
});
