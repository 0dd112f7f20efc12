import { extractFacts } from './src/modules/facts/facts-extractor.ts';
const t = process.argv[2];
const f = extractFacts(t, { title: process.argv[3] ?? '' });
for (const k of ['financings','programmes','studies','resources','intercepts','issuers'] as const) for (const x of f[k]) { const { quote, start, end, ...rest } = x as any; console.log(k, JSON.stringify(rest)); }
