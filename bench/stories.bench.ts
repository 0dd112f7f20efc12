import {
  fingerprintRelease,
  releaseTraits,
  sameReleaseTraits,
  StoryIndex,
  type FingerprintedRelease,
} from '../apps/server/src/modules/stories/release-fingerprint.ts';
import {
  RELEASES,
  type CompanyBoilerplate,
  type ReleaseFacts,
} from '../apps/server/test/fixtures/syndicated-releases.ts';
import {
  abnNewswire,
  accesswire,
  cnw,
  companySite,
  feedItem,
  globeNewswire,
  JUNIOR_MINING_NETWORK,
  newsfile,
  portal,
  STOCKHOUSE,
  stockwatch,
  type ArticleCopy,
} from '../apps/server/test/fixtures/wire-formats.ts';
import { createRng } from '../apps/server/src/demo/news/corpus/random.ts';
import { printFigure } from './lib/server.ts';

/**
 * Stories (issue 32): 100,000 synthetic articles, made from the syndicated-release fixtures' sentences
 * with their words and figures varied, dressed in the real wires' formats, about a third of the releases
 * in two to five copies, assigned to stories with StoryIndex in publication order. Figures: fingerprinting
 * and assignment throughput on one core, the time for one new article against the full index (median and
 * p99; goal under 5 ms median), and beside it, in the same run, the naive comparison of that article with
 * every indexed one (what LSH avoids). Also the pair precision and recall of the assignment against the
 * generator's truth, and the heap the index holds.
 */

const ARTICLES = 100_000;
const PROBES = 2_000;
const NAIVE_PROBES = 40;
const GOAL_MEDIAN_MS = 5;

const next = createRng(32).next;
const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;

// The fixtures' vocabulary: their sentences, and their words to vary them with.
const SENTENCES = RELEASES.flatMap((release) => [...release.paragraphs, ...(release.after ?? [])])
  .flatMap((paragraph) => paragraph.split(/(?<=[.!?])\s+/))
  .filter((sentence) => sentence.split(' ').length >= 8);
const WORDS = [...new Set(SENTENCES.flatMap((sentence) => sentence.match(/\b[a-z]{4,}\b/g) ?? []))];
const NAMES = [
  ...new Set(RELEASES.flatMap((release) => release.issuer.split(' ')).filter((word) => /^[A-Z][a-z]{3,}$/.test(word))),
];
const SUFFIXES = ['Resources Corp.', 'Gold Corp.', 'Metals Inc.', 'Mining Ltd.', 'Minerals Limited', 'Copper Corp.'];
const PLACES = RELEASES.map((release) => release.place);

/** A sentence of the fixtures with a third of its words and every figure changed. */
function variedSentence(): string {
  return pick(SENTENCES)
    .replace(/\d+(?:\.\d+)?/g, (digits) => {
      const value = Number(digits) * (0.3 + next() * 3);
      return digits.includes('.') ? value.toFixed(2) : String(Math.max(1, Math.round(value)));
    })
    .replace(/\b[a-z]{4,}\b/g, (word) => (next() < 0.35 ? pick(WORDS) : word));
}

interface Issuer {
  name: string;
  short: string;
  listing: string;
  company: CompanyBoilerplate;
  tsxv: boolean;
}

function makeIssuer(): Issuer {
  const short = `${pick(NAMES)} ${pick(NAMES)}`;
  const name = `${short} ${pick(SUFFIXES)}`;
  const ticker = Array.from({ length: 3 }, () => String.fromCharCode(65 + Math.floor(next() * 26))).join('');
  const template = pick(RELEASES).company;
  return {
    name,
    short,
    listing: `${next() < 0.7 ? 'TSXV' : 'ASX'}: ${ticker}`,
    company: { ...template, about: `About ${name}\n${template.about.split('\n').slice(1).join(' ')}` },
    tsxv: next() < 0.7,
  };
}

const ISSUERS = Array.from({ length: 8_000 }, makeIssuer);
const START = Date.parse('2023-01-01T00:00:00Z');

function makeRelease(id: number, at: number): ReleaseFacts {
  const issuer = pick(ISSUERS);
  const paragraphs = Array.from({ length: 3 + Math.floor(next() * 4) }, () =>
    Array.from({ length: 1 + Math.floor(next() * 3) }, variedSentence).join(' '),
  );
  return {
    id: `synthetic-${id}`,
    source: 'synthetic',
    facts: '',
    issuer: issuer.name,
    shortName: issuer.short,
    listings: issuer.listing,
    place: pick(PLACES),
    date: new Date(at).toISOString(),
    title: `${issuer.short} ${variedSentence()
      .split(' ')
      .slice(0, 6 + Math.floor(next() * 6))
      .join(' ')}`,
    lead: variedSentence(),
    paragraphs,
    financing: next() < 0.3,
    company: issuer.company,
    tsxv: issuer.tsxv,
    reporter: 'Mr. Bench',
  };
}

/** The copies one release gets: one wire most of the time, two to five outlets for a third of them. */
function copiesOf(release: ReleaseFacts): ArticleCopy[] {
  const wire = pick([globeNewswire, newsfile, cnw, accesswire, abnNewswire])(release);
  if (next() > 0.33) return [wire];
  const more: ArticleCopy[] = [
    feedItem(wire, { feed: wire.outlet, words: 40 + Math.floor(next() * 60), title: (t) => t.toUpperCase() }),
    portal(release, wire, pick([STOCKHOUSE, JUNIOR_MINING_NETWORK])),
    companySite(release, 'example.com'),
    stockwatch(release),
  ];
  return [wire, ...more.filter(() => next() < 0.5)];
}

function generate(count: number, firstId: number, from: number): ArticleCopy[] {
  const out: ArticleCopy[] = [];
  let at = from;
  for (let id = firstId; out.length < count; id++) {
    at += Math.floor(next() * 10 * 60_000);
    out.push(...copiesOf(makeRelease(id, at)));
  }
  return out.slice(0, count).sort((a, b) => a.publishedAt.localeCompare(b.publishedAt));
}

const asRelease = (copy: ArticleCopy): FingerprintedRelease => ({
  title: copy.title,
  text: copy.text,
  publishedAt: new Date(copy.publishedAt),
  fingerprint: fingerprintRelease(copy),
});

const cpuMs = (from: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(from);
  return (used.user + used.system) / 1000;
};
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
};

// Build: fingerprint and assign 100,000 articles in publication order.
const articles = generate(ARTICLES, 0, START);
const truth: string[] = [];
const assigned: string[] = [];
const index = new StoryIndex();
let fingerprintCpu = 0;
let assignCpu = 0;
const heapBefore = process.memoryUsage().heapUsed;
for (const [n, copy] of articles.entries()) {
  let cpu = process.cpuUsage();
  const release = asRelease(copy);
  fingerprintCpu += cpuMs(cpu);
  cpu = process.cpuUsage();
  const story = index.findStory(release) ?? `story-${n}`;
  index.add(story, release);
  assignCpu += cpuMs(cpu);
  truth.push(copy.story);
  assigned.push(story);
}
const heapAfter = process.memoryUsage().heapUsed;

// Pair precision and recall of the assignment, from the contingency of true and assigned stories.
const pairs = (counts: Map<string, number>) => [...counts.values()].reduce((sum, n) => sum + (n * (n - 1)) / 2, 0);
const count = (keys: string[]) => {
  const counts = new Map<string, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return counts;
};
const bothPairs = pairs(count(truth.map((story, n) => `${story}\u0000${assigned[n]}`)));
const precision = bothPairs / Math.max(1, pairs(count(assigned)));
const recall = bothPairs / Math.max(1, pairs(count(truth)));

// Probe: new articles (copies of indexed releases and new releases) against the full index.
const probes = generate(PROBES, 10_000_000, START + 400 * 24 * 3_600_000).map(asRelease);
// Half the probes are fresh copies of releases already indexed (the case that must find its story).
const copyProbes = articles
  .filter((_, n) => n % Math.floor(ARTICLES / (PROBES / 2)) === 0)
  .map((copy) => asRelease({ ...copy, text: `${copy.text}\nRelated News`, title: copy.title.toUpperCase() }));
const probeSet = [...probes.slice(0, PROBES / 2), ...copyProbes].slice(0, PROBES);
for (const release of probeSet.slice(0, 50)) index.findStory(release); // warm-up
const lookupMs: number[] = [];
for (const release of probeSet) {
  const start = process.hrtime.bigint();
  index.findStory(release);
  lookupMs.push(Number(process.hrtime.bigint() - start) / 1e6);
}
const withFingerprintMs: number[] = [];
for (const copy of articles.slice(0, 500)) {
  const start = process.hrtime.bigint();
  index.findStory(asRelease(copy));
  withFingerprintMs.push(Number(process.hrtime.bigint() - start) / 1e6);
}

// Baseline: the same question answered by comparing the new article with every indexed one.
const everyTraits = articles.map((copy) => releaseTraits(asRelease(copy)));
const naiveMs: number[] = [];
for (const release of probeSet.slice(0, NAIVE_PROBES)) {
  const traits = releaseTraits(release);
  const start = process.hrtime.bigint();
  for (const other of everyTraits) if (sameReleaseTraits(traits, other)) break;
  naiveMs.push(Number(process.hrtime.bigint() - start) / 1e6);
}

const median = percentile(lookupMs, 0.5);
printFigure(
  'stories articles assigned',
  ARTICLES,
  'articles',
  `(${new Set(truth).size} releases, ${new Set(assigned).size} stories)`,
);
printFigure('stories fingerprint per CPU second', ARTICLES / (fingerprintCpu / 1000), 'art/s');
printFigure('stories assign per CPU second', ARTICLES / (assignCpu / 1000), 'art/s', '(findStory + add)');
printFigure('stories 100k fingerprint + assign', (fingerprintCpu + assignCpu) / 1000, 'CPU s');
printFigure('stories assignment pair precision', precision, 'ratio');
printFigure('stories assignment pair recall', recall, 'ratio');
printFigure('stories index heap', (heapAfter - heapBefore) / 1024 / 1024, 'MB', '(100k releases indexed, approximate)');
printFigure(
  'stories findStory in 100k median',
  median,
  'ms',
  `(goal < ${GOAL_MEDIAN_MS} ms${median < GOAL_MEDIAN_MS ? ', MET' : ', MISSED'})`,
);
printFigure('stories findStory in 100k p99', percentile(lookupMs, 0.99), 'ms');
printFigure('stories fingerprint + findStory median', percentile(withFingerprintMs, 0.5), 'ms');
printFigure('stories fingerprint + findStory p99', percentile(withFingerprintMs, 0.99), 'ms');
printFigure('naive compare with all 100k median', percentile(naiveMs, 0.5), 'ms', '(baseline, no LSH)');
printFigure('naive compare with all 100k p99', percentile(naiveMs, 0.99), 'ms', '(baseline, no LSH)');
