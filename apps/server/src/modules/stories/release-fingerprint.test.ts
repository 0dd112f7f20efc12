import { describe, expect, it } from 'vitest';
import { RELEASES } from '../../../test/fixtures/syndicated-releases.ts';
import { SYNDICATED_COPIES, scorePairs, type ArticleCopy } from '../../../test/syndicated-releases.ts';
import {
  fingerprintRelease,
  isSameRelease,
  releaseTraits,
  sameReleaseTraits,
  SIGNATURE_LENGTH,
  StoryIndex,
  storyKeys,
  type FingerprintedRelease,
} from './release-fingerprint.ts';

/** The text as the news module stores it: htmlToText flattens a page to one line. */
const flattened = (text: string) => text.replace(/\s+/g, ' ').trim();

function fingerprinted(copy: ArticleCopy, withIssuer: boolean, flat = false): FingerprintedRelease {
  const text = flat ? flattened(copy.text) : copy.text;
  return {
    title: copy.title,
    text,
    publishedAt: new Date(copy.publishedAt),
    ...(withIssuer ? { issuer: copy.issuer } : {}),
    fingerprint: fingerprintRelease({ title: copy.title, text }),
  };
}

describe('the syndicated releases', () => {
  it('hold at least 12 releases in 3 or more copies, and same-issuer releases that are distinct', () => {
    const copies = new Map<string, number>();
    for (const copy of SYNDICATED_COPIES) copies.set(copy.story, (copies.get(copy.story) ?? 0) + 1);
    expect([...copies.values()].filter((count) => count >= 3).length).toBeGreaterThanOrEqual(12);
    const issuers = new Map<string, number>();
    for (const release of RELEASES) issuers.set(release.issuer, (issuers.get(release.issuer) ?? 0) + 1);
    expect([...issuers.values()].filter((count) => count >= 2).length).toBeGreaterThanOrEqual(3);
  });
});

describe('isSameRelease on every pair of copies', () => {
  for (const flat of [false, true]) {
    for (const withIssuer of [false, true]) {
      const form = `${flat ? 'flattened to one line' : 'with their lines'}, ${withIssuer ? 'with' : 'without'} the issuer`;
      it(`reaches pair precision 0.98 and recall 0.95, ${form}`, () => {
        const releases = new Map(SYNDICATED_COPIES.map((copy) => [copy, fingerprinted(copy, withIssuer, flat)]));
        const score = scorePairs(SYNDICATED_COPIES, (a, b) => {
          const left = releases.get(a);
          const right = releases.get(b);
          return left !== undefined && right !== undefined && isSameRelease(left, right);
        });
        console.log(
          `isSameRelease, copies ${form}: ${SYNDICATED_COPIES.length} copies, ${score.pairs} pairs, ` +
            `precision ${score.precision.toFixed(3)}, recall ${score.recall.toFixed(3)} ` +
            `(${score.truePositives} true, ${score.falsePositives} false, ${score.falseNegatives} missed)` +
            (score.errors.length > 0 ? `\n${score.errors.join('\n')}` : ''),
        );
        expect(score.precision).toBeGreaterThanOrEqual(0.98);
        expect(score.recall).toBeGreaterThanOrEqual(0.95);
      });
    }
  }
});

describe('StoryIndex', () => {
  it('assigns the copies, in publication order, to one story per release', () => {
    const index = new StoryIndex();
    const storyOf = new Map<ArticleCopy, string>();
    for (const copy of SYNDICATED_COPIES) {
      const release = fingerprinted(copy, false, true);
      const story = index.findStory(release) ?? `story-${storyOf.size}`;
      index.add(story, release);
      storyOf.set(copy, story);
    }
    const score = scorePairs(SYNDICATED_COPIES, (a, b) => storyOf.get(a) === storyOf.get(b));
    const stories = new Set(storyOf.values()).size;
    console.log(
      `StoryIndex (flattened copies): ${SYNDICATED_COPIES.length} copies of ${RELEASES.length} releases -> ${stories} stories, ` +
        `pair precision ${score.precision.toFixed(3)}, recall ${score.recall.toFixed(3)}` +
        (score.errors.length > 0 ? `\n${score.errors.join('\n')}` : ''),
    );
    expect(score.precision).toBeGreaterThanOrEqual(0.98);
    expect(score.recall).toBeGreaterThanOrEqual(0.95);
    expect(index.size).toBe(SYNDICATED_COPIES.length);
  });

  it('finds what a naive scan of every indexed copy finds: LSH loses no match here', () => {
    const index = new StoryIndex();
    const indexed: { story: string; release: FingerprintedRelease }[] = [];
    for (const [n, copy] of SYNDICATED_COPIES.entries()) {
      const release = fingerprinted(copy, false);
      const naive = indexed.find((other) =>
        sameReleaseTraits(releaseTraits(release), releaseTraits(other.release)),
      )?.story;
      expect(index.findStory(release), `${copy.story} (${copy.outlet})`).toBe(naive);
      const story = naive ?? `story-${n}`;
      index.add(story, release);
      indexed.push({ story, release });
    }
  });

  it('finds nothing in an empty index and the story of the first matching copy otherwise', () => {
    const [first, second] = SYNDICATED_COPIES.filter((copy) => copy.story === 'gold79-first-tranche');
    if (!first || !second) throw new Error('fixture missing');
    const index = new StoryIndex();
    expect(index.findStory(fingerprinted(first, false))).toBeUndefined();
    index.add('gold79', fingerprinted(first, false));
    index.add('later-duplicate-story', fingerprinted(first, false));
    expect(index.findStory(fingerprinted(second, false))).toBe('gold79');
  });
});

describe('StoryIndex with boilerplate that many releases share', () => {
  // A feed whose every item is the same templated teaser under its own title (a portal's "More to follow"):
  // their band keys are the same, so a key stands for its latest BAND_CANDIDATES releases only.
  const teaser = (title: string, day: number): FingerprintedRelease => {
    const text = `Drilling intersected 12.5 m grading 2.1 g/t Au from 40 m. ${'More detail follows on the company website. '.repeat(12)}`;
    return {
      title,
      text,
      publishedAt: new Date(Date.UTC(2026, 10, day)),
      fingerprint: fingerprintRelease({ title, text }),
    };
  };
  const titles = Array.from(
    { length: 60 },
    (_, n) => `Explorer number ${n} reports first assays from its northern claims block`,
  );

  it('finds a summary by its title variants: a copy whose title drops the issuer, and a repost weeks later', () => {
    const index = new StoryIndex();
    const summary = teaser('Ferntree Metals Intersects 14.0 Metres of 2.9% Copper at Quartz Creek', 1);
    index.add('summary', summary);
    expect(storyKeys(summary.fingerprint).every((key) => /^[to]\./.test(key))).toBe(true);
    expect(index.findStory(teaser('Intersects 14.0 Metres of 2.9% Copper at Quartz Creek', 2))).toBe('summary');
    expect(index.findStory(teaser('Ferntree Metals Intersects 14.0 Metres of 2.9% Copper at Quartz Creek', 25))).toBe(
      'summary',
    );
  });

  it('keeps the teasers apart and still joins a copy of the first one, found by its title', () => {
    const index = new StoryIndex();
    titles.forEach((title, n) => {
      expect(index.findStory(teaser(title, 1 + (n % 3)))).toBeUndefined();
      index.add(`s${n}`, teaser(title, 1 + (n % 3)));
    });
    expect(index.findStory(teaser(titles[0] ?? '', 2))).toBe('s0');
    expect(index.findStory(teaser(titles[59] ?? '', 3))).toBe('s59');
    expect(
      index.findStory(teaser('Another explorer reports first assays from its southern claims block', 2)),
    ).toBeUndefined();
  });
});

describe('fingerprintRelease', () => {
  const copy = SYNDICATED_COPIES[0];

  it('is deterministic, of fixed length, with short band keys', () => {
    if (!copy) throw new Error('fixture missing');
    const one = fingerprintRelease(copy);
    const two = fingerprintRelease({ title: copy.title, text: copy.text });
    expect(two).toEqual(one);
    expect(one.signature).toHaveLength(SIGNATURE_LENGTH);
    expect(one.signature.every((value) => Number.isInteger(value) && value >= 0 && value <= 0xffffffff)).toBe(true);
    expect(one.bandKeys.length).toBeGreaterThan(0);
    expect(one.bandKeys.every((key) => key.length <= 16)).toBe(true);
  });

  it('gives a teaser with no body no band keys, so it can only match by title', () => {
    const teaser = fingerprintRelease({ title: 'Gold79 Closes First Tranche of Private Placement', text: 'Read more' });
    expect(teaser.bandKeys).toEqual([]);
    expect(teaser.signature).toHaveLength(SIGNATURE_LENGTH);
  });

  it('keeps one title twice in a week apart when the texts differ, and joins a teaser to it', () => {
    const make = (text: string, day: number): FingerprintedRelease => {
      const title = 'Gold79 Provides Drilling Update';
      return {
        title,
        text: `Ottawa, Ontario--(Newsfile Corp. - October ${day}, 2024) - Gold79 Mines Ltd. (TSXV: AUU) ${text}`,
        publishedAt: new Date(`2024-10-${day}T12:00:00Z`),
        fingerprint: fingerprintRelease({ title, text: `Gold79 Mines Ltd. (TSXV: AUU) ${text}` }),
      };
    };
    const first = make(
      'reports that the first hole at Tyro was collared on Monday and had reached 180 metres by Thursday in altered sediments with quartz veining, the rig moving next to the Jefferson target on the southern claims.',
      7,
    );
    const second = make(
      'says core logging of the Tyro hole is complete and samples were shipped to the laboratory in Reno, while a second rig is being mobilised for a step-out program at the northern end of the property.',
      10,
    );
    const teaser = make('Read more', 10);
    expect(isSameRelease(first, second)).toBe(false);
    expect(isSameRelease(second, teaser)).toBe(true);
  });

  it('keeps two releases of one company apart when only their boilerplate is shared', () => {
    const tail = RELEASES.find((release) => release.id === 'gold79-first-tranche')?.company.about ?? '';
    const at = new Date('2024-10-10T12:00:00Z');
    const make = (title: string, news: string): FingerprintedRelease => {
      const text = `Ottawa, Ontario--(Newsfile Corp. - October 10, 2024) - Gold79 Mines Ltd. (TSXV: AUU) ${news}\n${tail}`;
      return { title, text, publishedAt: at, fingerprint: fingerprintRelease({ title, text }) };
    };
    const drilling = make(
      'Gold79 Starts Drilling at Gold Chain',
      'has started drilling at the Tyro zone of its Gold Chain project in Arizona with one core rig; the first hole follows up GC23-28.',
    );
    const financing = make(
      'Gold79 Closes First Tranche of Private Placement',
      'has closed a first tranche of its non-brokered private placement, issuing 8,760,000 units at $0.25 for $2,190,000.',
    );
    expect(isSameRelease(drilling, financing)).toBe(false);
  });
});
