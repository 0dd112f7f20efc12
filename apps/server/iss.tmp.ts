import { extractFacts } from './src/modules/facts/facts-extractor.ts';
import { FACTS_RELEASES, issuerRight } from './test/facts-scoring.ts';
FACTS_RELEASES.forEach((r, i) => { const f = extractFacts(r.body, { title: r.title }); const x = issuerRight(f, r.labels); if (!x.name || !x.tickers) console.log(i, JSON.stringify(f.issuers[0]), JSON.stringify(r.labels.issuers[0]), r.body.slice(0, 300)); });
