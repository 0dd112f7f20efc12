import { extractFacts } from '../apps/server/src/modules/facts/facts-extractor.ts';
import { FACT_KINDS, FACTS_RELEASES, scoreReleases } from '../apps/server/test/facts-scoring.ts';
import { printFigure } from './lib/server.ts';

/**
 * The facts extractor's quality and speed (issue 33): micro precision, recall and F1 per fact kind and
 * issuer accuracy on the labelled releases (apps/server/test/fixtures/facts-releases.json, matching rules
 * in test/facts-scoring.ts), and releases read per CPU second on one core beside a baseline that only
 * scans the same texts with one regular expression for '<width> m @ <grade> g/t'-style numbers.
 */

const score = scoreReleases(extractFacts);
printFigure('facts labelled releases', FACTS_RELEASES.length, 'releases');
for (const kind of FACT_KINDS) {
  const { precision, recall, f1, counts } = score.kinds[kind];
  const labelled = counts.truePositives + counts.falseNegatives;
  printFigure(`facts ${kind} precision`, precision, 'ratio', `(${labelled} labelled)`);
  printFigure(`facts ${kind} recall`, recall, 'ratio');
  printFigure(`facts ${kind} F1`, f1, 'ratio');
}
printFigure('facts issuer accuracy', score.issuerName, 'ratio');
printFigure('facts issuer tickers accuracy', score.issuerTickers, 'ratio');

const texts = FACTS_RELEASES.map((release) => [release.body, release.title] as const);
const BASELINE = /(\d+(?:\.\d+)?)\s?m\s*(?:@|at|of|grading)\s*(\d+(?:\.\d+)?)\s?(?:g\/t|%|ppm)/gi;
const baseline = (text: string) => [...text.matchAll(BASELINE)].length;
const ROUNDS = 20;
function perCpuSecond(read: (text: string, title: string) => unknown): number {
  for (const [text, title] of texts) read(text, title); // warm-up
  const before = process.cpuUsage();
  for (let round = 0; round < ROUNDS; round++) for (const [text, title] of texts) read(text, title);
  const cpu = process.cpuUsage(before);
  return (ROUNDS * texts.length) / ((cpu.user + cpu.system) / 1e6);
}
const extracted = perCpuSecond((text, title) => extractFacts(text, { title }));
const scanned = perCpuSecond((text) => baseline(text));
printFigure('facts extractor per CPU second', extracted, 'art/s', '(goal >= 200)');
printFigure('regex intercept scan per CPU second', scanned, 'art/s', '(baseline)');
printFigure('facts extractor speed vs regex scan', extracted / scanned, 'ratio');
