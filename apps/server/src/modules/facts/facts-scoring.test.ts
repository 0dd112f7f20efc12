import { describe, expect, it } from 'vitest';
import { FACT_KINDS, FRESH_FACT_SETS, FACTS_RELEASES, scoreReleases, spearman } from '../../../test/facts-scoring.ts';
import { extractFacts } from './facts-extractor.ts';

describe('the facts extractor on the labelled releases (issue 33 goals)', () => {
  it('keeps F1 at least 0.9 for every fact kind and the issuer right for at least 0.9 of the releases', () => {
    expect(FACTS_RELEASES.length).toBeGreaterThanOrEqual(150);
    const score = scoreReleases(extractFacts);
    for (const kind of FACT_KINDS) expect(score.kinds[kind].f1, kind).toBeGreaterThanOrEqual(0.9);
    expect(score.issuerName).toBeGreaterThanOrEqual(0.9);
  });

  it('keeps each release traceable: a source address, a note and a rep intent', () => {
    for (const release of [...FACTS_RELEASES, ...FRESH_FACT_SETS.flat()]) {
      expect(release.source, release.title).toMatch(/^https?:\/\//);
      expect(release.note.length, release.title).toBeGreaterThan(10);
      expect(['Low', 'Medium', 'High', 'Very High']).toContain(release.labels.intent);
    }
    // At least ten releases carry nothing for a supplier.
    const nothing = FACTS_RELEASES.filter(
      (release) => release.labels.intent === 'Low' && FACT_KINDS.every((kind) => release.labels[kind].length === 0),
    );
    expect(nothing.length).toBeGreaterThanOrEqual(10);
  });

  it("computes Spearman's rho over tied ranks", () => {
    expect(spearman([1, 2, 3, 4], [1, 2, 3, 4])).toBeCloseTo(1);
    expect(spearman([1, 2, 3, 4], [4, 3, 2, 1])).toBeCloseTo(-1);
    expect(spearman([0, 0, 1, 1], [0, 1, 0, 1])).toBeCloseTo(0);
  });
});
