import { extractFacts } from './src/modules/facts/facts-extractor.ts';
import { FACTS_RELEASES, countKind } from './test/facts-scoring.ts';
const kind = (process.env.KIND ?? 'programmes') as 'programmes';
FACTS_RELEASES.forEach((r, i) => {
  const c = countKind(kind, extractFacts(r.body, { title: r.title })[kind], r.labels[kind]);
  for (const m of c.missed) console.log(`#${i} MISSED`, JSON.stringify(m));
  for (const m of c.extra) console.log(`#${i} EXTRA `, JSON.stringify({ ...m, quote: m.quote.slice(0, 160) }));
});
