import fs from 'node:fs';
import { DEFAULT_FUNCTION_SCHEMA } from '@mining-hub/contract/prompts';
import { analyseWithRules } from './src/adapters/ai/rules-analyser.ts';
import { extractFacts } from './src/modules/facts/facts-extractor.ts';
import { FACT_KINDS, countKind, scoreReleases, scoreIntents, issuerRight } from './test/facts-scoring.ts';
const files = process.argv.slice(2);
const set = files.flatMap((f) => JSON.parse(fs.readFileSync(f, 'utf8')));
const s = scoreReleases(extractFacts, set);
for (const k of FACT_KINDS) { const x = s.kinds[k]; console.log(k.padEnd(11), 'P', x.precision.toFixed(2), 'R', x.recall.toFixed(2), 'F1', x.f1.toFixed(2), JSON.stringify(x.counts)); }
console.log('issuer', s.issuerName.toFixed(2), 'tickers', s.issuerTickers.toFixed(2));
const intentOf = (r) => String(analyseWithRules({ systemPrompt: '', functionSchema: DEFAULT_FUNCTION_SCHEMA, article: { title: r.title, text: r.body, source: 'x', url: null, publishedAt: null } }, extractFacts).buying_intent_score);
const i = scoreIntents(intentOf, set);
console.log('intent spearman', i.spearman.toFixed(2), 'exact', i.exact.toFixed(2), JSON.stringify(i.shares));
if (process.env.V) set.forEach((r, n) => {
  const f = extractFacts(r.body, { title: r.title });
  const lines = [];
  for (const k of FACT_KINDS) { const c = countKind(k, f[k], r.labels[k]); for (const m of c.missed) lines.push(`  MISSED ${k} ${JSON.stringify(m)}`); for (const m of c.extra) lines.push(`  EXTRA  ${k} ${JSON.stringify(m)}`); }
  const iss = issuerRight(f, r.labels); if (!iss.name || !iss.tickers) lines.push(`  ISSUER got ${JSON.stringify(f.issuers[0])} want ${JSON.stringify(r.labels.issuers[0])}`);
  const got = intentOf(r); if (got !== r.labels.intent) lines.push(`  INTENT got ${got} want ${r.labels.intent}`);
  if (lines.length) console.log(`#${n} ${r.source}\n${lines.join('\n')}`);
});
