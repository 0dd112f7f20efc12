import { describe, expect, it } from 'vitest';
import { agreement, bandHashes, estimatedSetSize, minhash } from './minhash.ts';
import { createRng } from '../../demo/news/corpus/random.ts';

/** Two sets of 32-bit values with a chosen overlap, and their exact Jaccard similarity (the naive reader). */
function pair(next: () => number, size: number, shared: number) {
  const draw = () => Math.floor(next() * 0xffffffff) >>> 0;
  const common = Array.from({ length: shared }, draw);
  const a = new Uint32Array([...common, ...Array.from({ length: size - shared }, draw)]);
  const b = new Uint32Array([...common, ...Array.from({ length: size - shared }, draw)]);
  const inB = new Set(b);
  const intersection = new Set([...a].filter((value) => inB.has(value))).size;
  return { a, b, jaccard: intersection / new Set([...a, ...b]).size };
}

describe('minhash against exact Jaccard similarity', () => {
  it('estimates the similarity of 400 random pairs within 0.15 (128 hashes), with no bias', () => {
    const next = createRng(7).next;
    let totalError = 0;
    for (let round = 0; round < 400; round++) {
      const size = 20 + Math.floor(next() * 500);
      const { a, b, jaccard } = pair(next, size, Math.floor(next() * size));
      const estimate = agreement(minhash(a, 128, 1), minhash(b, 128, 1));
      expect(Math.abs(estimate - jaccard)).toBeLessThan(0.15);
      totalError += estimate - jaccard;
    }
    expect(Math.abs(totalError / 400)).toBeLessThan(0.01);
  });

  it('estimates a set’s size from its signature within 30 %', () => {
    const next = createRng(11).next;
    for (const size of [10, 40, 150, 600, 2000]) {
      const { a } = pair(next, size, 0);
      const estimate = estimatedSetSize(minhash(a, 128, 1));
      expect(Math.abs(estimate - size) / size).toBeLessThan(0.3);
    }
    expect(estimatedSetSize(minhash(new Uint32Array(0), 128, 1))).toBe(0);
  });

  it('puts pairs above 0.7 in a shared band (32 × 4) and few below 0.1', () => {
    const next = createRng(13).next;
    let similarMissed = 0;
    let dissimilarShared = 0;
    for (let round = 0; round < 300; round++) {
      const similar = pair(next, 200, 170 + Math.floor(next() * 30));
      const dissimilar = pair(next, 200, Math.floor(next() * 30));
      const bands = (values: Uint32Array) => bandHashes(minhash(values, 128, 1), 0, 32, 4, 5);
      const shareBand = (x: Uint32Array, y: Uint32Array) => {
        const left = bands(x);
        return bands(y).some((hash, band) => left[band] === hash);
      };
      if (!shareBand(similar.a, similar.b)) similarMissed++;
      if (shareBand(dissimilar.a, dissimilar.b)) dissimilarShared++;
    }
    expect(similarMissed).toBe(0);
    expect(dissimilarShared).toBeLessThan(6);
  });

  it('gives the same signature in every process: seeds are fixed, not random', () => {
    expect([...minhash(new Uint32Array([1, 2, 3]), 4, 1)]).toEqual([...minhash(new Uint32Array([3, 2, 1]), 4, 1)]);
    expect(minhash(new Uint32Array([1, 2, 3]), 4, 1)).toMatchInlineSnapshot(`
      Uint32Array [
        3530840802,
        213543333,
        1181532607,
        581083198,
      ]
    `);
  });
});
