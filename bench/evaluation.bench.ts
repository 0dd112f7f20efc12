import { DEFAULT_FUNCTION_SCHEMA } from '@mining-hub/contract/prompts';
import { analyseWithRules, createRulesAnalyser } from '../apps/server/src/adapters/ai/rules-analyser.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { expectedOf } from '../apps/server/src/demo/news/starter-evaluation-set.ts';
import { loadDemoCorpus } from '../apps/server/src/demo/news/demo-corpus.ts';
import { nullLiveBus } from '../apps/server/src/live/live-bus.ts';
import { createSilentLogger } from '../apps/server/src/logging.ts';
import { createEvaluationRepository } from '../apps/server/src/modules/evaluation/evaluation.repository.ts';
import { createEvaluationRunner, type RunTiming } from '../apps/server/src/modules/evaluation/evaluation.runner.ts';
import { DEFAULT_PROMPT } from '../apps/server/src/modules/prompts/default-prompt.ts';
import { printFigure } from './lib/server.ts';

/**
 * An evaluation run of 200 demo articles with the offline analyser, on embedded PGlite in this one process
 * (one core): the run's wall time (goal < 10 s) beside the same 200 analyses called directly, and the run's
 * overhead over them (scoring, storing results, progress; goal < 10 %).
 */

const ARTICLES = 200;
const articles = loadDemoCorpus(new Date()).slice(0, ARTICLES);
const items = articles.map((article) => ({
  title: article.title,
  text: article.content,
  source: article.source,
  source_url: article.url,
  expected: expectedOf(article),
}));
const requests = items.map((item) => ({
  systemPrompt: DEFAULT_PROMPT.prompt_text,
  functionSchema: DEFAULT_FUNCTION_SCHEMA,
  article: { title: item.title, text: item.text, source: item.source, url: item.source_url, publishedAt: null },
}));

const handle = await openDatabase({});
await migrateToLatest(handle);
const repository = createEvaluationRepository(handle.db);
const setId = await repository.createSet({ name: 'bench', description: null, is_default: true }, items);
if (setId === undefined) throw new Error('no set');
const runner = createEvaluationRunner({
  repository,
  analyser: createRulesAnalyser(),
  bus: nullLiveBus,
  logger: createSilentLogger(),
  concurrency: 1,
});
const newRun = () =>
  repository.insertRun({
    set_id: setId,
    set_name: 'bench',
    set_version: 1,
    prompt_id: null,
    prompt_version: null,
    prompt_name: 'bench',
    prompt_text: DEFAULT_PROMPT.prompt_text,
    function_schema: DEFAULT_FUNCTION_SCHEMA,
    model: 'rules',
    total: ARTICLES,
    created_by: null,
  });

// Warm-up: JIT, schema compilation, the database's caches.
await runner.execute((await newRun()).id);
for (const request of requests.slice(0, 50)) analyseWithRules(request);

// The machine is shared: each figure is the median of ROUNDS, the direct analyses and the run taking turns.
const ROUNDS = 5;
const rounds: { directCpuMs: number; directMs: number; timing: RunTiming; score: number }[] = [];
for (let round = 0; round < ROUNDS; round++) {
  const directStart = performance.now();
  const directCpu = process.cpuUsage();
  for (const request of requests) analyseWithRules(request);
  const used = process.cpuUsage(directCpu);
  const directMs = performance.now() - directStart;
  const run = await newRun();
  const timing = await runner.execute(run.id);
  const stored = await repository.findRun(run.id);
  if (stored?.status !== 'completed' || stored.done !== ARTICLES) throw new Error(`the run ended ${stored?.status}`);
  rounds.push({ directCpuMs: (used.user + used.system) / 1000, directMs, timing, score: stored.score ?? 0 });
}
const median = (pick: (round: (typeof rounds)[number]) => number) => {
  const values = rounds.map(pick).sort((a, b) => a - b);
  return values[Math.floor(values.length / 2)] ?? 0;
};
const cpuOverhead = median((r) => (r.timing.cpuMs - r.timing.analysisCpuMs) / r.timing.analysisCpuMs);
const wallOverhead = median((r) => (r.timing.wallMs - r.timing.analysisMs) / r.timing.analysisMs);

printFigure('evaluation articles', ARTICLES, 'articles', `score ${(rounds[0]?.score ?? 0).toFixed(3)}`);
printFigure('evaluation run wall time', median((r) => r.timing.wallMs) / 1000, 's', '(goal < 10 s, one core)');
printFigure('evaluation run CPU time', median((r) => r.timing.cpuMs) / 1000, 's');
printFigure('evaluation analyses CPU within the run', median((r) => r.timing.analysisCpuMs) / 1000, 's');
printFigure('evaluation same analyses called directly', median((r) => r.directCpuMs) / 1000, 's', 'CPU');
printFigure('evaluation run overhead (CPU)', cpuOverhead * 100, '%', '(goal < 10 %)');
printFigure('evaluation run overhead (wall)', wallOverhead * 100, '%');
await handle.close();
