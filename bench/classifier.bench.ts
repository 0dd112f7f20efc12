import { COMMODITIES, COUNTRIES } from '@mining-hub/contract/reference-data';
import { classifyArticle } from '../apps/server/src/modules/news/article-classifier.ts';
import { loadDemoCorpus } from '../apps/server/src/demo/news/demo-corpus.ts';
import {
  CLASSIFIER_CORPUS,
  GEOGRAPHY_FRESH_SETS,
  GEOGRAPHY_HOLDOUT,
  GEOGRAPHY_RELEASES,
  GEOGRAPHY_TUNING,
  scoreCorpus,
  scoreGeography,
  type GeographyRelease,
} from '../apps/server/test/classifier-corpus.ts';
import holdout from '../apps/server/test/fixtures/classifier-holdout.json' with { type: 'json' };
import { printFigure } from './lib/server.ts';

/**
 * The news classifier's quality and speed: micro precision and recall of commodity, country and state tags
 * on the labelled releases (test/fixtures; the tuning corpus and the held-out set), country and state tags on
 * the geography releases modelled on real ones (issue 32; all, the part the rules were tuned on, the held-out
 * fifth, thirty fresh releases and 25 more), and articles classified
 * per CPU second over the demo corpus beside a naive reader that matches every name with one regular
 * expression and no rules (what the classifier was before issue 15).
 */

for (const [set, releases] of [
  ['corpus', CLASSIFIER_CORPUS],
  ['held-out', holdout],
] as const) {
  const score = scoreCorpus(classifyArticle, releases);
  printFigure(`classifier ${set} releases`, releases.length, 'releases');
  for (const kind of ['commodity', 'country', 'state'] as const) {
    printFigure(`classifier ${set} ${kind} precision`, score[kind].precision, 'ratio');
    printFigure(`classifier ${set} ${kind} recall`, score[kind].recall, 'ratio');
  }
}

// What each of GEOGRAPHY_FRESH_SETS is, in its order.
const FRESH_SCOPES = [
  '(30 releases written after the rules, sources not in the set)',
  '(25 more, 2026-11-29, sources in neither set)',
  '(the 29 placed releases of the second fresh facts set)',
  '(the third fresh facts set)',
  '(the fourth fresh facts set)',
  '(the fifth fresh facts set)',
  '(the sixth fresh facts set)',
  '(the seventh fresh facts set)',
  '(the eighth fresh facts set)',
  '(the ninth fresh facts set)',
  '(the tenth fresh facts set, a news week)',
  '(the eleventh, a second news week)',
  '(the twelfth, a third news week)',
  '(the thirteenth, a fourth news week)',
  '(the fourteenth, a fifth news week)',
  '(the fifteenth, a sixth news week)',
  '(the sixteenth, a seventh news week from the trade press)',
  '(the seventeenth, an eighth news week by event and region, not read)',
  '(the eighteenth, a ninth news week by commodity, not read)',
];

type GeographySet = [name: string, releases: readonly GeographyRelease[], scope: string];
const geographySets: GeographySet[] = [
  ['geography', GEOGRAPHY_RELEASES, 'all'],
  ['geography tuning', GEOGRAPHY_TUNING, '(the releases the rules were written on)'],
  ['geography held-out', GEOGRAPHY_HOLDOUT, '(every fifth release, held out while the rules were written)'],
  ...GEOGRAPHY_FRESH_SETS.map((releases, index): GeographySet => [
    `geography fresh${index === 0 ? '' : ` ${index + 1}`}`,
    releases,
    FRESH_SCOPES[index] ?? '(a fresh facts set)',
  ]),
];
for (const [set, releases, scope] of geographySets) {
  const geography = scoreGeography(classifyArticle, releases);
  printFigure(`classifier ${set} releases`, releases.length, 'releases');
  for (const kind of ['country', 'state'] as const) {
    const what =
      scope === 'all' ? (kind === 'state' ? '(states of the US, CA, AU, MX, PE, CL, AR, BR)' : undefined) : scope;
    printFigure(`classifier ${set} ${kind} precision`, geography[kind].precision, 'ratio', what);
    printFigure(`classifier ${set} ${kind} recall`, geography[kind].recall, 'ratio', what);
  }
}

const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const names = [...COMMODITIES.flatMap((c) => [c.name, ...(c.aliases ?? [])]), ...COUNTRIES.map((c) => c.name)];
const naiveMatcher = new RegExp(
  `\\b(${names
    .sort((a, b) => b.length - a.length)
    .map(escape)
    .join('|')})\\b`,
  'gi',
);
const naive = (title: string, body: string) =>
  new Set([...`${title}\n${body}`.matchAll(naiveMatcher)].map((m) => m[1]));

const articles = loadDemoCorpus(new Date()).map((article) => [article.title, article.content] as const);
const ROUNDS = 3;
function perCpuSecond(classify: (title: string, body: string) => unknown): number {
  for (const [title, body] of articles.slice(0, 50)) classify(title, body); // warm-up
  const before = process.cpuUsage();
  for (let round = 0; round < ROUNDS; round++) for (const [title, body] of articles) classify(title, body);
  const cpu = process.cpuUsage(before);
  return (ROUNDS * articles.length) / ((cpu.user + cpu.system) / 1e6);
}
const classified = perCpuSecond(classifyArticle);
const baseline = perCpuSecond(naive);
printFigure('classifier per CPU second', classified, 'art/s', `(demo corpus, ${articles.length} full releases)`);
printFigure('naive name matcher per CPU second', baseline, 'art/s', '(baseline)');
printFigure('classifier speed vs naive matcher', classified / baseline, 'ratio');
