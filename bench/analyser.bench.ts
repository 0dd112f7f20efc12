import { DEFAULT_FUNCTION_SCHEMA } from '@mining-hub/contract/prompts';
import { analyseWithRules } from '../apps/server/src/adapters/ai/rules-analyser.ts';
import { loadDemoCorpus } from '../apps/server/src/demo/news/demo-corpus.ts';
import { printFigure } from './lib/server.ts';

/**
 * The offline rules analyser's speed on one core: every demo article through the default schema, measured
 * in CPU time of this (single-threaded) process so other load on the shared machine does not count.
 */

const ROUNDS = 5;
const corpus = loadDemoCorpus(new Date());
const requests = corpus.map((article) => ({
  systemPrompt: '',
  functionSchema: DEFAULT_FUNCTION_SCHEMA,
  article: {
    title: article.title,
    text: article.content,
    source: article.source,
    url: article.url,
    publishedAt: article.publishedAt,
  },
}));

for (const request of requests.slice(0, 50)) analyseWithRules(request); // warm-up: JIT and schema compilation
const cpuBefore = process.cpuUsage();
const wallBefore = performance.now();
for (let round = 0; round < ROUNDS; round++) for (const request of requests) analyseWithRules(request);
const cpu = process.cpuUsage(cpuBefore);
const wallSeconds = (performance.now() - wallBefore) / 1000;
const analysed = ROUNDS * requests.length;
printFigure('analyser rules articles analysed', analysed, 'articles');
printFigure('analyser rules per CPU second', analysed / ((cpu.user + cpu.system) / 1e6), 'art/s', '(one core)');
printFigure('analyser rules per wall second', analysed / wallSeconds, 'art/s');
