import { DEFAULT_FUNCTION_SCHEMA } from '@mining-hub/contract/prompts';
import { createRulesAnalyser } from '../apps/server/src/adapters/ai/rules-analyser.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { expectedOf } from '../apps/server/src/demo/news/starter-evaluation-set.ts';
import { loadDemoCorpus } from '../apps/server/src/demo/news/demo-corpus.ts';
import { nullLiveBus } from '../apps/server/src/live/live-bus.ts';
import { createSilentLogger } from '../apps/server/src/logging.ts';
import { createEvaluationRepository } from '../apps/server/src/modules/evaluation/evaluation.repository.ts';
import type { AiAnalyser } from '../apps/server/src/adapters/ai/ai-analyser.ts';
import { createEvaluationRunner } from '../apps/server/src/modules/evaluation/evaluation.runner.ts';
import { DEFAULT_PROMPT } from '../apps/server/src/modules/prompts/default-prompt.ts';
import { createPostgresDatabase, printFigure } from './lib/server.ts';

/**
 * An evaluation run of 200 demo articles with the offline analyser, on embedded PGlite in this one process
 * (one core): the run's wall time (goal < 10 s), and the run's overhead over its analyses (reading the set,
 * scoring, storing results, progress; goal < 10 %): the run's time beside the time spent in the analyser's
 * calls within it, read with performance.now() (a CPU clock read around each call would cost more than some
 * of what it measures). Beside it, the run's CPU time over the same 200 analyses called directly. Then the
 * same run on PostgreSQL, when one answers (BENCH_DATABASE_URL), where the database's work is in its own
 * process: the run's wall time there includes waiting for it.
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

const cpuMsSince = (start: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};

// The machine is shared: each figure is the median of ROUNDS, the direct analyses and the run taking turns.
const ROUNDS = 7;
type Round = { directCpuMs: number; runMs: number; runCpuMs: number; analysisMs: number; score: number };

async function benchEngine(engine: 'pglite' | 'postgres', databaseUrl?: string): Promise<void> {
  const handle = await openDatabase({ databaseUrl });
  await migrateToLatest(handle);
  const repository = createEvaluationRepository(handle.db);
  const setId = await repository.createSet({ name: 'bench', description: null, is_default: true }, items);
  if (setId === undefined) throw new Error('no set');
  const analyser = createRulesAnalyser();
  // The time the run spends in the analyser's calls.
  let analysisMs = 0;
  const timedAnalyser: AiAnalyser = {
    name: analyser.name,
    async analyse(request, signal) {
      const started = performance.now();
      try {
        return await analyser.analyse(request, signal);
      } finally {
        analysisMs += performance.now() - started;
      }
    },
  };
  const runner = createEvaluationRunner({
    repository,
    analyser: timedAnalyser,
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
  for (const request of requests.slice(0, 50)) await analyser.analyse(request);

  const rounds: Round[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const directCpu = process.cpuUsage();
    for (const request of requests) await analyser.analyse(request);
    const directCpuMs = cpuMsSince(directCpu);
    const run = await newRun();
    analysisMs = 0;
    const runStart = performance.now();
    const runCpu = process.cpuUsage();
    await runner.execute(run.id);
    const runCpuMs = cpuMsSince(runCpu);
    const runMs = performance.now() - runStart;
    const stored = await repository.findRun(run.id);
    if (stored?.status !== 'completed' || stored.done !== ARTICLES) throw new Error(`the run ended ${stored?.status}`);
    rounds.push({ directCpuMs, runMs, runCpuMs, analysisMs, score: stored.score ?? 0 });
  }
  const median = (pick: (round: Round) => number) => {
    const values = rounds.map(pick).sort((a, b) => a - b);
    return values[Math.floor(values.length / 2)] ?? 0;
  };

  const figure = (name: string, value: number, unit: string, note?: string) =>
    printFigure(`evaluation ${engine} ${name}`, value, unit, note);
  figure(
    'run wall time',
    median((r) => r.runMs),
    'ms',
    '(goal < 10 s, one core)',
  );
  figure(
    'analyses in the run',
    median((r) => r.analysisMs),
    'ms',
  );
  figure('run overhead', median((r) => (r.runMs - r.analysisMs) / r.analysisMs) * 100, '%', '(goal < 10 %)');
  figure(
    'run CPU time',
    median((r) => r.runCpuMs),
    'ms',
  );
  figure(
    'direct analyses CPU',
    median((r) => r.directCpuMs),
    'ms',
    'the same 200 called directly',
  );
  figure(
    'run score',
    median((r) => r.score),
    'of 1',
    'the outputs against the expected fields',
  );
  figure('run CPU over direct', median((r) => (r.runCpuMs - r.directCpuMs) / r.directCpuMs) * 100, '%');
  await handle.close();
}

printFigure('evaluation articles', ARTICLES, 'articles');
await benchEngine('pglite');
const postgres = await createPostgresDatabase();
if (postgres) {
  try {
    await benchEngine('postgres', postgres.url);
  } finally {
    await postgres.drop();
  }
}
