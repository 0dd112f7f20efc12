import { describe, expect, it } from 'vitest';
import { loadDemoCorpus } from '../../demo/news/demo-corpus.ts';
import {
  CLASSIFIER_CORPUS,
  GEOGRAPHY_FRESH,
  GEOGRAPHY_FRESH_2,
  GEOGRAPHY_FRESH_3,
  GEOGRAPHY_RELEASES,
  scoreCorpus,
  scoreGeography,
  type LabelledRelease,
} from '../../../test/classifier-corpus.ts';
import holdout from '../../../test/fixtures/classifier-holdout.json' with { type: 'json' };
import { classifyArticle } from './article-classifier.ts';

/*
 * The classifier measured on labelled releases (test/fixtures): 214 written before it was tuned, with the
 * traps real releases set, and 44 written after, never tuned on. A few are labelled as a geologist reads
 * them though no rule can ('Chilean producers', an export market named as a country); the floors leave room
 * for those and no more. bench/classifier.bench.ts prints the same figures.
 */
describe('article classifier on labelled releases', () => {
  it('has at least 150 labelled releases, each with a reason', () => {
    expect(CLASSIFIER_CORPUS.length).toBeGreaterThanOrEqual(150);
    for (const release of CLASSIFIER_CORPUS) expect(release.note.length).toBeGreaterThan(3);
  });

  it.each([
    ['the tuning corpus', CLASSIFIER_CORPUS],
    ['the held-out releases', holdout as LabelledRelease[]],
  ])('tags commodities and countries with precision ≥ 0.95 and recall ≥ 0.95 on %s', (_, releases) => {
    const score = scoreCorpus(classifyArticle, releases);
    for (const kind of ['commodity', 'country', 'state'] as const) {
      expect(score[kind].precision, `${kind} precision\n${score.errors.join('\n')}`).toBeGreaterThanOrEqual(0.95);
      expect(score[kind].recall, `${kind} recall\n${score.errors.join('\n')}`).toBeGreaterThanOrEqual(0.95);
    }
  });

  // Issue 32: the releases modelled on real ones, feature articles included, and thirty fresh ones; then 25 more
  // fresh ones, whose two misses of 27 countries are a release that names its project's country only in the
  // company's name and a 75% stake's country named once at the end.
  it.each([
    ['the geography releases', GEOGRAPHY_RELEASES, 0.95],
    ['the fresh geography releases', GEOGRAPHY_FRESH, 0.95],
    ['the second fresh geography releases', GEOGRAPHY_FRESH_2, 0.9],
    ['the places of the second fresh facts releases', GEOGRAPHY_FRESH_3, 0.9],
  ])('tags countries and states with precision and recall ≥ the floor on %s', (_, releases, floor) => {
    const score = scoreGeography(classifyArticle, releases);
    for (const kind of ['country', 'state'] as const) {
      expect(score[kind].precision, `${kind} precision\n${score.errors.join('\n')}`).toBeGreaterThanOrEqual(floor);
      expect(score[kind].recall, `${kind} recall\n${score.errors.join('\n')}`).toBeGreaterThanOrEqual(floor);
    }
  });

  it('agrees with the tags the demo corpus was generated with', () => {
    // Demo tags list every commodity of the project, named or not, and no Australian states: precision only.
    const releases = loadDemoCorpus(new Date('2026-11-22T12:00:00Z')).map((article) => ({
      note: article.type,
      title: article.title,
      body: article.content,
      commodities: article.commodities,
      countries: [article.country],
      states: article.state ? [article.state] : [],
    }));
    const score = scoreCorpus(classifyArticle, releases);
    expect(score.commodity.precision).toBeGreaterThanOrEqual(0.95);
    expect(score.country.precision).toBeGreaterThanOrEqual(0.98);
    expect(score.country.recall).toBeGreaterThanOrEqual(0.98);
  });
});
