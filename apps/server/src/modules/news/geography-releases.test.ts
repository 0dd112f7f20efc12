import { COUNTRIES, STATES } from '@mining-hub/contract/reference-data';
import { describe, expect, it } from 'vitest';
import {
  GEOGRAPHY_FRESH,
  GEOGRAPHY_FRESH_2,
  GEOGRAPHY_FRESH_SETS,
  GEOGRAPHY_RELEASES,
} from '../../../test/classifier-corpus.ts';

/*
 * The geography releases (test/fixtures/geography-releases.json) are the measure of country and state tagging;
 * bench/classifier.bench.ts prints the classifier's precision and recall on them. This checks the set itself:
 * a release a label cannot mean, or a copy, would skew the figures.
 */
describe('geography releases', () => {
  const countryCodes = new Set(COUNTRIES.map((country) => country.code));
  const states = new Map(STATES.map((state) => [state.code, state.country]));

  const everyRelease = [...GEOGRAPHY_RELEASES, ...GEOGRAPHY_FRESH_SETS.flat()];

  it('has at least 160 releases and 55 fresh ones, each with its real source and a reason', () => {
    expect(GEOGRAPHY_RELEASES.length).toBeGreaterThanOrEqual(160);
    expect(GEOGRAPHY_FRESH.length).toBeGreaterThanOrEqual(30);
    expect(GEOGRAPHY_FRESH_2.length).toBeGreaterThanOrEqual(25);
    for (const release of everyRelease) {
      expect(new URL(release.source).protocol, release.title).toMatch(/^https?:$/);
      expect(release.note.length, release.title).toBeGreaterThan(3);
      expect(release.title.trim().length, release.source).toBeGreaterThan(0);
    }
  });

  it('labels with country codes and state codes of the reference data, each state in a labelled country', () => {
    for (const release of everyRelease) {
      expect(release.countries.length, release.title).toBeGreaterThan(0);
      for (const country of release.countries)
        expect(countryCodes.has(country), `${release.title}: ${country}`).toBe(true);
      for (const state of release.states) {
        expect(states.has(state), `${release.title}: ${state}`).toBe(true);
        expect(release.countries, `${release.title}: ${state}`).toContain(states.get(state));
      }
      expect(new Set(release.countries).size, release.title).toBe(release.countries.length);
      expect(new Set(release.states).size, release.title).toBe(release.states.length);
    }
  });

  it('has no two releases with the same body or source', () => {
    const bodies = everyRelease.map((release) => release.body.trim());
    expect(new Set(everyRelease.map((release) => release.source)).size).toBe(everyRelease.length);
    expect(new Set(bodies).size).toBe(bodies.length);
  });
});
