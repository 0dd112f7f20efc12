import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MiningFacts } from '@mining-hub/contract/facts';
import type { Signal } from '@mining-hub/contract/signals';
import { createRssSource } from '../../adapters/news-sources/rss-source.ts';
import { feedRoutes, rssXml, startFakeServer, type FeedItem } from '../../../test/fake-news-servers.ts';
import { AGM_HTML, DRILL_RESULTS_HTML, PFS_TEXT } from '../../../test/facts-releases-pages.ts';
import { fetchToEnd } from '../../../test/news-fetch-session.ts';
import { APP_ORIGIN, createTestApp, signIn, type TestApp } from '../../../test/test-app.ts';
import { testEngines } from '../../../test/test-database.ts';
import { factsText } from './article-facts.ts';

const KINDS = ['issuers', 'projects', 'intercepts', 'programmes', 'resources', 'studies', 'financings'] as const;

describe.each(testEngines)('mining facts in the product on %s', (engine) => {
  let t: TestApp;
  let pages: Awaited<ReturnType<typeof startFakeServer>>;
  let alice: { cookie: string };
  const byTitle = new Map<string, number>();

  beforeAll(async () => {
    const html = (body: string) => (_req: unknown, res: import('node:http').ServerResponse) =>
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
    let feed = '';
    pages = await startFakeServer({
      '/feed.xml': (req, res) => feedRoutes.ok(feed)(req, res),
      '/news/drill': html(DRILL_RESULTS_HTML),
      // The same release on another wire: a copy in the drill release's story.
      '/news/drill-copy': html(DRILL_RESULTS_HTML),
      '/news/pfs': (_req, res) => res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(PFS_TEXT),
      '/news/agm': html(AGM_HTML),
    });
    const items: FeedItem[] = [
      ['drill', 'Northbeck Gold intersects 14.2 m at 6.12 g/t Au at Kestrel'],
      ['drill-copy', 'Northbeck Gold intersects 14.2 m at 6.12 g/t Au at Kestrel'],
      ['pfs', 'Larkspur Copper announces positive PFS for Aguila'],
      ['agm', 'Fernhill Resources announces results of AGM'],
    ].map(([slug, title]) => ({
      guid: slug ?? '',
      title: title ?? '',
      link: `${pages.url}/news/${slug}`,
      description: `${title} summary`,
      published: new Date(),
    }));
    feed = rssXml('Wire', items);
    t = await createTestApp(engine, {
      newsSources: [createRssSource(`${pages.url}/feed.xml`)],
      pipeline: { appOrigin: pages.url },
    });
    alice = await signIn(t);
    const { sessionId } = await fetchToEnd(t, alice.cookie, { dateRange: 7 });
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/v1/articles/session/${sessionId}?page_size=100`,
      headers: { cookie: alice.cookie },
    });
    for (const article of list.json().data) byTitle.set(article.title.split(' ')[0], article.article_id);
    // Expanded and analysed (the rules analyser), as a rep's "Analyse" does; the AGM is expanded only.
    for (const name of ['Northbeck', 'Larkspur', 'Fernhill']) {
      expect((await step('expand-article', id(name))).statusCode).toBe(200);
    }
    for (const name of ['Northbeck', 'Larkspur', 'Fernhill']) {
      expect((await step('openai/process-article', id(name))).statusCode).toBe(200);
    }
  });
  afterAll(async () => {
    await t.close();
    await pages.close();
  });

  const id = (name: string) => {
    const value = byTitle.get(name);
    if (value === undefined) throw new Error(`no article of ${name}`);
    return value;
  };
  const step = (path: string, articleId: number) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/${path}`,
      headers: { origin: APP_ORIGIN, cookie: alice.cookie },
      payload: { article_id: articleId },
    });
  const article = async (articleId: number) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/article/${articleId}`,
      headers: { cookie: alice.cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as {
      article_id: number;
      full_content: string;
      facts: MiningFacts | null;
      story: { sources: { article_id: number }[] } | null;
    };
  };
  const signals = async (query = '') => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/signals${query}`,
      headers: { cookie: alice.cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as Signal[];
  };

  it("answers an expanded article's facts in the issue's shape, each quoting its sentence by offsets", async () => {
    const drill = await article(id('Northbeck'));
    const facts = drill.facts;
    if (!facts) throw new Error('no facts');
    expect(Object.keys(facts).sort()).toEqual([...KINDS].sort());
    expect(facts.issuers[0]).toMatchObject({ name: 'Northbeck Gold Corp.', tickers: ['TSXV:NBK', 'OTCQB:NBKGF'] });
    expect(facts.intercepts).toContainEqual(
      expect.objectContaining({ hole_id: 'KS-26-004', width_m: 14.2, grade: 6.12, unit: 'g/t', element: 'Au' }),
    );
    expect(facts.intercepts).toContainEqual(
      expect.objectContaining({ hole_id: 'KS-26-004', width_m: 3.1, grade: 21.4, including: true }),
    );
    expect(facts.intercepts).toContainEqual(expect.objectContaining({ hole_id: 'KS-26-001', from_m: 45, to_m: 52.5 }));
    expect(facts.programmes).toEqual([
      expect.objectContaining({ metres: 10_000, drill_type: 'RC', timing: 'Q2 2026', status: 'planned' }),
    ]);
    expect(facts.financings).toEqual([
      expect.objectContaining({
        amount: 4_000_000,
        currency: 'CAD',
        type: 'flow-through',
        status: 'closed',
        funds_drilling: true,
      }),
    ]);
    // Offsets index the article's text (its expanded HTML as the product reads it).
    const text = factsText(drill.full_content);
    for (const kind of KINDS) {
      for (const fact of facts[kind]) expect(text.slice(fact.start, fact.end)).toBe(fact.quote);
    }
    const hole4 = facts.intercepts.find((fact) => fact.hole_id === 'KS-26-004');
    expect(hole4?.quote).toContain('Hole KS-26-004 intersected 14.2 m grading 6.12 g/t Au');

    // The copy on the other wire serves its story's facts.
    const copyId = drill.story?.sources.map((source) => source.article_id).find((other) => other !== id('Northbeck'));
    if (copyId === undefined) throw new Error('the two wires made two stories');
    const copy = await article(copyId);
    expect(copy.article_id).toBe(id('Northbeck'));
    expect(copy.facts).toEqual(facts);

    const pfs = (await article(id('Larkspur'))).facts;
    expect(pfs?.studies).toEqual([
      expect.objectContaining({
        stage: 'PFS',
        npv: { amount: 412_000_000, currency: 'USD', discount_rate: 8 },
        irr_pct: 21.4,
      }),
    ]);
    const agm = (await article(id('Fernhill'))).facts;
    expect(agm).toMatchObject({ intercepts: [], programmes: [], financings: [], studies: [], resources: [] });
  });

  it('shows each Signals row its strongest fact, and filters the inbox by fact kind and study stage', async () => {
    const rows = await signals('?sort=newest');
    const strongest = Object.fromEntries(rows.map((row) => [row.title.split(' ')[0], row.strongest_fact]));
    expect(strongest).toEqual({
      Northbeck: 'C$4M closed · drilling',
      Larkspur: 'PFS NPV US$412M',
      Fernhill: null,
    });
    const titles = async (query: string) => (await signals(query)).map((row) => row.title.split(' ')[0]).sort();
    expect(await titles('?fact=financing-closed')).toEqual(['Northbeck']);
    expect(await titles('?fact=programme-planned,intercepts')).toEqual(['Northbeck']);
    expect(await titles('?fact=financing-closed,study')).toEqual([]);
    expect(await titles('?stage=PFS,FS')).toEqual(['Larkspur']);
    expect(await titles('?stage=DFS')).toEqual([]);
    const counted = await t.app.inject({
      method: 'GET',
      url: '/api/v1/signals?fact=study',
      headers: { cookie: alice.cookie },
    });
    expect(counted.json().pagination.total_count).toBe(1);
  });

  it('answers 400 {detail, code} to a fact filter or stage it does not know', async () => {
    for (const query of ['fact=financing-open', 'stage=Feasibility', 'fact=']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/v1/signals?${query}`,
        headers: { cookie: alice.cookie },
      });
      if (query === 'fact=') {
        expect(response.statusCode, query).toBe(200); // an empty list is no filter, like every list filter
        continue;
      }
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toEqual({
        detail: expect.stringContaining(query.split('=')[0] ?? ''),
        code: expect.any(String),
      });
    }
  });

  it('reads the facts of an article expanded before facts were stored: on first read, and in the backfill', async () => {
    const db = t.database.handle.db;
    const legacy = { facts: null, facts_version: null, fact_headline: null, fact_tags: [] };
    await db
      .updateTable('articles')
      .set(legacy)
      .where('id', 'in', [id('Northbeck'), id('Larkspur')])
      .execute();
    expect((await signals('?fact=financing-closed')).length).toBe(0);

    // First read of the detail reads and stores them.
    expect((await article(id('Northbeck'))).facts?.financings).toHaveLength(1);
    expect((await signals('?fact=financing-closed')).map((row) => row.strongest_fact)).toEqual([
      'C$4M closed · drilling',
    ]);
    // The worker's backfill reads the rest (only expanded articles, once).
    expect(await t.services.facts.backfill({ batchSize: 1 })).toBe(1);
    expect(await t.services.facts.backfill()).toBe(0);
    expect((await signals('?stage=PFS')).map((row) => row.strongest_fact)).toEqual(['PFS NPV US$412M']);
  });

  it('puts the facts in the CRM note and in the CSV export, a short line each', async () => {
    expect((await step('hubspot/push-article', id('Northbeck'))).statusCode).toBe(200);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/crm-outbox/export',
      headers: { cookie: alice.cookie },
    });
    expect(response.statusCode).toBe(200);
    const [row] = parse(response.body, { columns: true }) as Record<string, string>[];
    const note = row?.['Note body']?.split('\n') ?? [];
    expect(note).toContain('Facts:');
    expect(note).toEqual(
      expect.arrayContaining([
        '- Issuer: Northbeck Gold Corp. TSXV:NBK OTCQB:NBKGF',
        '- Project: Kestrel Gold Project, BC, CA',
        '- Financing: C$4M flow-through closed · drilling',
        '- Programme: 10,000 m RC Q2 2026',
        '- Intercept: 14.2 m @ 6.12 g/t Au (KS-26-004)',
      ]),
    );
    expect(row?.Facts?.split('\n')).toContain('Financing: C$4M flow-through closed · drilling');
    expect(row?.Facts?.split('\n')).toContain('Intercept: 14.2 m @ 6.12 g/t Au (KS-26-004)');
  });
});
