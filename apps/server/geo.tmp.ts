import fs from 'node:fs';
import { classifyArticle } from './src/modules/news/article-classifier.ts';
import { scoreGeography } from './test/classifier-corpus.ts';
const file = process.argv[2] ?? '/work/fresh/geography-fresh-D.json';
const releases = JSON.parse(fs.readFileSync(file, 'utf8'));
const s = scoreGeography(classifyArticle, releases);
console.log('country', s.country, 'state', s.state);
releases.forEach((r, i) => {
  const t = classifyArticle(r.title, r.body);
  const c = [...t.countries].sort().join(','), sc = [...(t.states ?? [])].sort().join(',');
  const lc = [...r.countries].sort().join(','), ls = [...r.states].sort().join(',');
  if (c !== lc || sc !== ls) console.log(`#${i} ${r.source}\n   got ${c} | ${sc}\n  want ${lc} | ${ls}`);
});
