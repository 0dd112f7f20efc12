import { DEFAULT_FUNCTION_SCHEMA } from '@mining-hub/contract/prompts';
import { analyseWithRules } from '../apps/server/src/adapters/ai/rules-analyser.ts';
import { extractFacts } from '../apps/server/src/modules/facts/facts-extractor.ts';
import {
  FACT_KINDS,
  FACTS_RELEASES,
  FRESH_FACT_SETS,
  scoreIntents,
  scoreReleases,
  type LabelledRelease,
} from '../apps/server/test/facts-scoring.ts';
import { printFigure } from './lib/server.ts';

/**
 * The facts extractor's quality and speed (issue 33): micro precision, recall and F1 per fact kind and
 * issuer accuracy on the labelled releases (apps/server/test/fixtures/facts-releases.json, matching rules
 * in test/facts-scoring.ts), the first 64 (the releases the rules were written against) and the rest (held
 * out) apart, and the sets of 30 fresh releases of 2026-11-29 (test/fixtures/facts-fresh*.json; docs/ARCHITECTURE.md
 * says which were read for patterns); the offline analyser's buying intent against the reps' labels (Spearman,
 * exact agreement and the share at each level); releases read per CPU second on one core beside a baseline that only scans the
 * same texts with one regular expression for '<width> m @ <grade> g/t'-style numbers.
 * FACTS_VERBOSE=1 lists the intent disagreements.
 */

const TUNED = 64;
const sets: [string, readonly LabelledRelease[]][] = [
  ['all', FACTS_RELEASES],
  ['first 64', FACTS_RELEASES.slice(0, TUNED)],
  ['held out', FACTS_RELEASES.slice(TUNED)],
  // 'fresh', 'fresh 2' … in the order they were written; the last two are left unread for the next change.
  ...FRESH_FACT_SETS.map((set, index): [string, readonly LabelledRelease[]] => [
    `fresh${index === 0 ? '' : ` ${index + 1}`}${index >= FRESH_FACT_SETS.length - 2 ? ' (unread)' : ''}`,
    set,
  ]),
];
for (const [name, set] of sets) {
  if (set.length === 0) continue;
  const score = scoreReleases(extractFacts, set);
  const tag = name === 'all' ? 'facts' : `facts [${name}]`;
  printFigure(`${tag} labelled releases`, set.length, 'releases');
  for (const kind of FACT_KINDS) {
    const { precision, recall, f1, counts } = score.kinds[kind];
    const labelled = counts.truePositives + counts.falseNegatives;
    if (name === 'all') {
      printFigure(`${tag} ${kind} precision`, precision, 'ratio', `(${labelled} labelled)`);
      printFigure(`${tag} ${kind} recall`, recall, 'ratio');
    }
    printFigure(`${tag} ${kind} F1`, f1, 'ratio', name === 'all' ? '(goal >= 0.9)' : `(${labelled} labelled)`);
  }
  printFigure(`${tag} issuer accuracy`, score.issuerName, 'ratio', name === 'all' ? '(goal >= 0.9)' : undefined);
  if (name === 'all') printFigure(`${tag} issuer tickers accuracy`, score.issuerTickers, 'ratio');
}

const intentOf = (release: LabelledRelease) =>
  String(
    analyseWithRules(
      {
        systemPrompt: '',
        functionSchema: DEFAULT_FUNCTION_SCHEMA,
        article: { title: release.title, text: release.body, source: 'bench', url: null, publishedAt: null },
      },
      extractFacts,
    ).buying_intent_score,
  );
for (const [name, set] of sets) {
  if (set.length === 0) continue;
  const intents = scoreIntents(intentOf, set);
  const tag = name === 'all' ? 'intent' : `intent [${name}]`;
  printFigure(`${tag} Spearman vs labels`, intents.spearman, 'rho', name === 'all' ? '(goal >= 0.6)' : undefined);
  printFigure(`${tag} exact agreement`, intents.exact, 'ratio');
  if (name !== 'all') continue;
  for (const [level, share] of Object.entries(intents.shares)) {
    printFigure(`${tag} share ${level}`, share, 'ratio', level === 'Very High' ? '(goal 0.05 to 0.20)' : undefined);
  }
  if (process.env.FACTS_VERBOSE) for (const miss of intents.misses) console.log(`  ${miss}`);
}

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
// The extractor is hundreds of times slower than one regex scan: shown as the scan's multiple, not a ratio
// that rounds to 0.00.
printFigure('regex scan speed / facts extractor speed', scanned / extracted, 'times');
