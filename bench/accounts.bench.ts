import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { createSilentLogger } from '../apps/server/src/logging.ts';
import { createServices } from '../apps/server/src/services.ts';
import { EntityIndex, tickersIn } from '../apps/server/src/modules/accounts/entity-resolution.ts';
import {
  ACCOUNT_COMPANIES,
  ACCOUNT_MENTIONS,
  scoreDiscovery,
  scoreResolution,
} from '../apps/server/test/accounts-scoring.ts';
import { seedListingDatabase } from './lib/seeded-listing.ts';
import {
  createPostgresDatabase,
  measureTargets,
  printFigure,
  signIn,
  startSeededServer,
  type SeedTarget,
} from './lib/server.ts';

/**
 * Accounts (issue 34): entity resolution's precision and recall on the labelled real mentions
 * (apps/server/test/fixtures/accounts/mentions.json, each with its source page), the time to resolve
 * 100,000 issuer mentions on one core against 20,000 known companies, the import of a scraper output of 10,000
 * projects, and on PostgreSQL with 20,000 companies, 50,000 projects and 200,000 stories (an event each) the
 * companies list and a company page beside /health (goal p99 < 50 ms).
 */

const score = scoreResolution();
printFigure('accounts labelled mentions', score.mentions, 'mentions', `(${score.labelled} name a known company)`);
printFigure('accounts resolution precision', score.precision, 'ratio', '(goal >= 0.98)');
printFigure('accounts resolution recall', score.recall, 'ratio', '(goal >= 0.9)');
printFigure('accounts sent to review', score.reviews, 'mentions');
// The same mentions with no company known at first, each new one making a company (as the product builds them).
const discovered = scoreDiscovery();
printFigure('accounts built from mentions, pair precision', discovered.pairPrecision, 'ratio', '(no wrong merge: 1)');
printFigure(
  'accounts built from mentions, pair recall',
  discovered.pairRecall,
  'ratio',
  `(${discovered.companies} companies)`,
);

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

const COMPANIES = 20_000;
const PROJECTS = 50_000;
const STORIES = 200_000;

async function seed(target: SeedTarget): Promise<void> {
  await seedListingDatabase(target, async ({ db }) => {
    await sql`
      INSERT INTO companies (name, country, market_cap_musd)
      SELECT 'Bench ' || g || ' Resources Ltd', (ARRAY['CA', 'AU', 'US', 'PE', 'CL'])[1 + g % 5], g % 900
      FROM generate_series(1, ${COMPANIES}::int) AS g`.execute(db);
    await sql`
      INSERT INTO company_names (company_id, name, name_key, core_key, kind)
      SELECT id, name, lower(replace(name, ' Ltd', '')), 'bench ' || id, 'name' FROM companies`.execute(db);
    await sql`INSERT INTO company_tickers (ticker, company_id) SELECT 'TSXV:B' || id, id FROM companies`.execute(db);
    await sql`
      INSERT INTO projects (name, name_key, country, state, commodities, stage, source_key)
      SELECT 'Project ' || g, 'project ' || g, (ARRAY['CA', 'AU', 'US', 'PE', 'CL'])[1 + g % 5], NULL,
             ARRAY[(ARRAY['Au', 'Cu', 'Li', 'Ni', 'Ag'])[1 + g % 5]],
             (ARRAY['exploration', 'resource', 'scoping_pea', 'pfs', 'fs', 'construction', 'production'])[1 + g % 7],
             'bench:' || g
      FROM generate_series(1, ${PROJECTS}::int) AS g`.execute(db);
    await sql`
      INSERT INTO project_owners (project_id, company_id, share_pct)
      SELECT id, 1 + id % ${COMPANIES}::int, NULL FROM projects`.execute(db);
    await sql`
      INSERT INTO articles (source_key, title, source, url, description, published_at, commodities, countries)
      SELECT 'bench:' || g, 'Bench ' || (1 + g % ${COMPANIES}::int) || ' Resources reports drilling results', 'Bench Wire',
             'https://bench.example/' || g, 'A release.', now() - (g % 180 || ' days')::interval - (g || ' seconds')::interval,
             ARRAY['Cu'], ARRAY['CA']
      FROM generate_series(1, ${STORIES}::int) AS g`.execute(db);
    await sql`
      INSERT INTO stories (primary_article_id, title_key, fingerprint, published_at)
      SELECT id, lower(title), '{}'::jsonb, published_at FROM articles`.execute(db);
    await sql`UPDATE articles a SET story_id = s.id FROM stories s WHERE s.primary_article_id = a.id`.execute(db);
    // Every story read already (the worker has nothing to do while the benchmark runs), one event each.
    await sql`INSERT INTO account_story_sync (story_id) SELECT id FROM stories`.execute(db);
    await sql`
      INSERT INTO company_stories (company_id, story_id) SELECT 1 + s.id % ${COMPANIES}::int, s.id FROM stories s`.execute(
      db,
    );
    await sql`
      INSERT INTO company_events (company_id, story_id, kind, occurred_at, weight, base, summary)
      SELECT 1 + s.id % ${COMPANIES}::int, s.id, k.kind, s.published_at, k.weight,
             k.weight * power(2, extract(epoch FROM s.published_at - timestamptz '2026-01-01') / (14 * 86400)),
             'Bench event'
      FROM stories s,
           LATERAL (SELECT (ARRAY['financing_closed', 'programme_planned', 'results', 'resource', 'study'])[1 + s.id % 5] AS kind,
                           (ARRAY[5, 4, 2, 3, 4])[1 + s.id % 5]::double precision AS weight) k`.execute(db);
    await sql`
      UPDATE companies c SET heat_base = e.base, last_event_at = e.last, heat_recent_7d = e.recent_7d,
        heat_recent_30d = e.recent_30d
      FROM (SELECT company_id, sum(base) AS base, max(occurred_at) AS last,
                   coalesce(sum(base) FILTER (WHERE occurred_at > w.since_7d), 0) AS recent_7d,
                   coalesce(sum(base) FILTER (WHERE occurred_at > w.since_30d), 0) AS recent_30d
            FROM company_events CROSS JOIN account_list_state w GROUP BY company_id) e
      WHERE e.company_id = c.id`.execute(db);
  });
}

/** A scraper output of 10,000 projects (2,000 companies, 5 each, 2 contacts each) imported into a fresh database. */
async function importSpeed(): Promise<void> {
  const database = await createPostgresDatabase();
  if (!database) return;
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'mh-bench-accounts-'));
  try {
    await fs.mkdir(path.join(folder, 'json'), { recursive: true });
    const companies = Array.from({ length: 2000 }, (_, c) => ({
      name: `Import ${c} Metals Corp.`,
      domain: `import${c}.example`,
      ticker: `I${c}`,
      exchange: 'TSXV',
      market_cap_musd: c,
      website: `https://import${c}.example`,
      contacts: [0, 1].map((n) => ({
        email: `p${n}@import${c}.example`,
        firstName: `Person${n}`,
        lastName: `Of${c}`,
        jobTitle: 'CEO',
        phone: null,
        projects: [],
      })),
      projects: Array.from({ length: 5 }, (_, p) => ({
        gid: `${c}-${p}`,
        name: `Import ${c} Project ${p}`,
        commodities: ['Cu'],
        stage: 'Exploration',
        country: 'CA',
        region: 'Ontario',
        location: null,
      })),
    }));
    await fs.writeFile(
      path.join(folder, 'json', 'mining-projects-bench.json'),
      JSON.stringify({ format: 'mining-hub.crm-import', version: 1, companies, unowned_projects: [] }),
    );
    const handle = await openDatabase({ databaseUrl: database.url });
    try {
      await migrateToLatest(handle);
      const services = createServices(handle.db, { scraperOutputDir: folder, logger: createSilentLogger() });
      const started = performance.now();
      await services.accounts.syncAll();
      printFigure(
        'accounts postgres import 10,000 projects',
        (performance.now() - started) / 1000,
        's',
        '(goal < 10 s)',
      );
    } finally {
      await handle.close();
    }
  } finally {
    await fs.rm(folder, { recursive: true, force: true });
    await database.drop();
  }
}

await importSpeed();

const seeded = await startSeededServer('postgres', seed);
if (seeded) {
  printFigure('accounts postgres seed 20k companies, 200k stories', seeded.seedSeconds, 'seconds');
  try {
    const { server } = seeded;
    const cookie = await signIn(server);
    const list = `${server.origin}/api/v1/companies`;
    await measureTargets(
      server,
      'accounts postgres',
      [
        { name: '/health', url: `${server.origin}/health`, headers: {} },
        { name: 'list by heat', url: list, headers: { cookie } },
        { name: 'list by rise 30d', url: `${list}?sort=heat_change&window=30d`, headers: { cookie } },
        { name: 'list filtered', url: `${list}?commodity=Cu&country=CA&stage=pfs`, headers: { cookie } },
        {
          name: 'company page',
          url: `${list}/1`,
          headers: { cookie },
          nextPath: () => `/api/v1/companies/${1 + Math.floor(Math.random() * COMPANIES)}`,
        },
      ],
      {
        connections: 10,
        seconds: 5,
        warmUpSeconds: 2,
        goalsMs: { 'list by heat': 50, 'list by rise 30d': 50, 'list filtered': 50, 'company page': 50 },
      },
    );
  } finally {
    await seeded.close();
  }
}
