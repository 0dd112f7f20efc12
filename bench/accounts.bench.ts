import { EntityIndex, tickersIn } from '../apps/server/src/modules/accounts/entity-resolution.ts';
import { ACCOUNT_COMPANIES, ACCOUNT_MENTIONS, scoreResolution } from '../apps/server/test/accounts-scoring.ts';
import { printFigure } from './lib/server.ts';

/**
 * Accounts (issue 34): entity resolution's precision and recall on the labelled real mentions
 * (apps/server/test/fixtures/accounts/mentions.json, each with its source page), and the time to resolve
 * 100,000 issuer mentions on one core against 20,000 known companies.
 */

const score = scoreResolution();
printFigure('accounts labelled mentions', score.mentions, 'mentions', `(${score.labelled} name a known company)`);
printFigure('accounts resolution precision', score.precision, 'ratio', '(goal >= 0.98)');
printFigure('accounts resolution recall', score.recall, 'ratio', '(goal >= 0.9)');
printFigure('accounts sent to review', score.reviews, 'mentions');

// 20,000 companies: the labelled ones and synthetic juniors with a listing each.
const WORDS = ['Aurora', 'Boreal', 'Cobalt', 'Delta', 'Ember', 'Falcon', 'Granite', 'Harbour', 'Iron', 'Jasper'];
const SUFFIXES = ['Resources Ltd', 'Mining Corp.', 'Metals Inc', 'Gold Corp', 'Minerals Limited'];
const synthetic = Array.from({ length: 20_000 - ACCOUNT_COMPANIES.length }, (_, i) => ({
  name: `${WORDS[i % 10]} ${WORDS[Math.floor(i / 10) % 10]} ${i.toString(36)} ${SUFFIXES[i % 5]}`,
  ticker: `TSXV:Q${i.toString(36).toUpperCase()}`,
}));
const index = new EntityIndex([
  ...ACCOUNT_COMPANIES.map((company, id) => ({
    id,
    names: [company.name, ...company.former_names],
    tickers: company.tickers,
  })),
  ...synthetic.map((company, i) => ({ id: 1000 + i, names: [company.name], tickers: [company.ticker] })),
]);
const mentions = Array.from({ length: 100_000 }, (_, i) => {
  if (i % 2 === 0) {
    const labelled = ACCOUNT_MENTIONS[i % ACCOUNT_MENTIONS.length];
    return { name: labelled?.name ?? null, listing: labelled?.listing ?? null };
  }
  const company = synthetic[i % synthetic.length];
  return { name: company?.name.toUpperCase() ?? null, listing: i % 3 === 0 ? `(${company?.ticker ?? ''})` : null };
});
const before = process.cpuUsage();
let matched = 0;
for (const mention of mentions) {
  const resolution = index.resolve({ name: mention.name, tickers: mention.listing ? tickersIn(mention.listing) : [] });
  if (resolution.kind === 'match') matched++;
}
const cpu = process.cpuUsage(before);
printFigure(
  'accounts resolve 100,000 mentions',
  (cpu.user + cpu.system) / 1e6,
  's',
  `(goal < 30 s; ${matched} matched)`,
);
