import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHubspotAdapter } from '../../adapters/crm/hubspot-adapter.ts';
import { startFakeHubspot, type FakeHubspotServer } from '../../../test/fake-hubspot-server.ts';
import { FAKE_ACCOUNT } from '../../../test/fake-hubspot-store.ts';
import { pushAs, seedFetchedSignals } from '../../../test/signal-factory.ts';
import { APP_ORIGIN, createTestApp, signIn, type TestApp } from '../../../test/test-app.ts';
import { testEngines } from '../../../test/test-database.ts';

type Session = Awaited<ReturnType<typeof signIn>>;

const CSV_HEADER = [
  // SPEC's columns, unchanged
  'Article ID',
  'Company',
  'Domain',
  'Ticker',
  'Contacts',
  'Note title',
  'Note body',
  'Pushed at',
  'Updated at',
  // the screen's
  'Buying intent',
  'Signal summary',
  'Source URL',
  'Pushed by',
  'HubSpot company ID',
  'HubSpot company link',
  'HubSpot contact links',
  'HubSpot note ID',
  // the release's facts (issue 33)
  'Facts',
];

const push = (t: TestApp, user: Session, articleId: number) => pushAs(t, user.cookie, articleId);

const get = (t: TestApp, user: Session, url: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: { cookie: user.cookie } });

describe.each(testEngines)('CRM view with the local outbox on %s', (engine) => {
  let t: TestApp;
  let alice: Session;
  let bob: Session;
  let admin: Session;
  let ids: { demo: number; wire: number; formula: number; bobs: number };

  beforeAll(async () => {
    t = await createTestApp(engine);
    alice = await signIn(t, { name: 'Alice Rep' });
    bob = await signIn(t, { name: 'Bob Rep' });
    admin = await signIn(t, { role: 'admin' });
    const db = t.database.handle.db;
    const [demo = 0, wire = 0, formula = 0] = await seedFetchedSignals(db, alice.userId, [
      {
        title: 'Kestrel drills Red Lake',
        // Demo articles live on the app's own origin under a relative path.
        url: '/demo-news/articles/7',
        company: 'Kestrel Gold Ltd',
        intent: 'Very High',
        summary: 'Kestrel plans 12,000 m of drilling from May.',
        contacts: [
          {
            first_name: 'Jane',
            last_name: 'Doe',
            email: 'Jane.Doe@kestrelgold.com',
            job_title: 'CEO',
            phone_number: '+1 416 555 0101',
          },
          { first_name: 'Mark', last_name: 'Liu', job_title: 'VP Exploration' },
        ],
      },
      { title: 'Lenga closes placement', url: 'https://wire.example/lenga', company: 'Lenga Silver', intent: 'Medium' },
      { title: 'Formula company', url: null, company: '=HYPERLINK("http://evil")', intent: null },
    ]);
    const [bobs = 0] = await seedFetchedSignals(db, bob.userId, [{ title: 'Bob signal', intent: 'Low' }]);
    ids = { demo, wire, formula, bobs };
    for (const id of [demo, wire, formula]) await push(t, alice, id);
    await push(t, bob, bobs);
  });
  afterAll(() => t.close());

  it('lists a member only what they pushed, an admin everything, newest first', async () => {
    const mine = (await get(t, alice, 'crm-outbox')).json();
    expect(mine.success).toBe(true);
    expect(mine.data.map((record: { article_id: number }) => record.article_id)).toEqual([
      ids.formula,
      ids.wire,
      ids.demo,
    ]);
    expect(mine.pagination).toEqual({
      current_page: 1,
      page_size: 20,
      total_count: 3,
      total_pages: 1,
      has_next: false,
      has_prev: false,
    });
    const bobs = (await get(t, bob, 'crm-outbox')).json();
    expect(bobs.data.map((record: { article_id: number }) => record.article_id)).toEqual([ids.bobs]);
    const all = (await get(t, admin, 'crm-outbox?page=2&page_size=3')).json();
    expect(all.data.map((record: { article_id: number }) => record.article_id)).toEqual([ids.demo]);
    expect(all.pagination).toMatchObject({ current_page: 2, total_count: 4, total_pages: 2, has_prev: true });
  });

  it("gives one pushed article's record (the signal detail's CRM link): 404 for another member's or one not pushed", async () => {
    const one = await get(t, alice, `crm-outbox/${ids.wire}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toMatchObject({ article_id: ids.wire, company_name: 'Lenga Silver', hubspot: null });
    expect((await get(t, admin, `crm-outbox/${ids.bobs}`)).json().data).toMatchObject({ article_id: ids.bobs });
    for (const [who, id] of [
      [alice, ids.bobs],
      [alice, 987_654],
    ] as const) {
      const missing = await get(t, who, `crm-outbox/${id}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ detail: expect.stringContaining('not been pushed'), code: 'not_found' });
    }
  });

  it('gives each record its company, contacts, intent, summary, absolute source link and pusher', async () => {
    const records = (await get(t, alice, 'crm-outbox')).json().data;
    const demo = records.find((record: { article_id: number }) => record.article_id === ids.demo);
    expect(demo).toEqual({
      article_id: ids.demo,
      title: 'Kestrel drills Red Lake',
      company_name: 'Kestrel Gold Ltd',
      domain: 'kestrelgold.com',
      ticker: null,
      account: null,
      contacts: [
        {
          name: 'Jane Doe',
          job_title: 'CEO',
          email: 'jane.doe@kestrelgold.com',
          phone: '+1 416 555 0101',
          hubspot_id: null,
          hubspot_url: null,
        },
        {
          name: 'Mark Liu',
          job_title: 'VP Exploration',
          email: null,
          phone: null,
          hubspot_id: null,
          hubspot_url: null,
        },
      ],
      buying_intent_score: 'Very High',
      signal_summary: 'Kestrel plans 12,000 m of drilling from May.',
      source_url: `${APP_ORIGIN}/demo-news/articles/7`,
      pushed_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      pushed_by: { id: alice.userId, name: 'Alice Rep' },
      hubspot: null,
      // No company account is known for these stories (pipeline.crm-account.test.ts pushes one).
      pushed_account: null,
    });
    const byId = (id: number) => records.find((record: { article_id: number }) => record.article_id === id);
    expect(byId(ids.wire).source_url).toBe('https://wire.example/lenga');
    // No link at all: the app's own page for the article.
    expect(byId(ids.formula).source_url).toBe(`${APP_ORIGIN}/news-signals?article=${ids.formula}`);
  });

  it('makes links absolute on PUBLIC_ORIGIN when it is set, else on the address the request came to', async () => {
    const viaHost = await t.app.inject({
      method: 'GET',
      url: '/api/v1/crm-outbox',
      headers: { cookie: alice.cookie, host: 'hub.internal:8000' },
    });
    const demo = viaHost.json().data.find((record: { article_id: number }) => record.article_id === ids.demo);
    expect(demo.source_url).toBe('http://hub.internal:8000/demo-news/articles/7');

    const behindProxy = await createTestApp(engine, {
      database: t.database,
      publicOrigin: 'http://hub.example.com:8080',
    });
    try {
      const records = (await get(behindProxy, alice, 'crm-outbox')).json().data;
      const found = records.find((record: { article_id: number }) => record.article_id === ids.demo);
      expect(found.source_url).toBe('http://hub.example.com:8080/demo-news/articles/7');
    } finally {
      await behindProxy.close();
    }
  });

  it('exports the same records as CSV: SPEC columns first, then intent, summary, absolute links, pusher', async () => {
    const response = await get(t, alice, 'crm-outbox/export');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="crm-outbox.csv"');
    expect(response.body.startsWith(`${CSV_HEADER.join(',')}\r\n`)).toBe(true);
    const rows = parse(response.body, { columns: true }) as Record<string, string>[];
    expect(rows.map((row) => Number(row['Article ID']))).toEqual([ids.formula, ids.wire, ids.demo]);
    expect(rows[2]).toMatchObject({
      Company: 'Kestrel Gold Ltd',
      Domain: 'kestrelgold.com',
      Contacts: 'Jane Doe, CEO, jane.doe@kestrelgold.com, +1 416 555 0101\nMark Liu, VP Exploration',
      'Note title': 'Sales signal: Kestrel drills Red Lake',
      'Buying intent': 'Very High',
      'Signal summary': 'Kestrel plans 12,000 m of drilling from May.',
      'Source URL': `${APP_ORIGIN}/demo-news/articles/7`,
      'Pushed by': 'Alice Rep',
      'HubSpot company ID': '',
    });
    expect(rows[2]?.['Note body']).toContain('Buying intent: Very High');
    expect(rows[2]?.['Pushed at']).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/);
    // A formula-looking cell is kept as text; a missing intent is an empty cell.
    expect(rows[0]).toMatchObject({ Company: `'=HYPERLINK("http://evil")`, 'Buying intent': '' });

    const bobs = parse((await get(t, bob, 'crm-outbox/export')).body, { columns: true }) as Record<string, string>[];
    expect(bobs.map((row) => Number(row['Article ID']))).toEqual([ids.bobs]);
    const all = parse((await get(t, admin, 'crm-outbox/export')).body, { columns: true }) as Record<string, string>[];
    expect(all).toHaveLength(4);
  });

  it('exports just the header when nothing was pushed', async () => {
    const carol = await signIn(t);
    expect((await get(t, carol, 'crm-outbox/export')).body).toBe(`${CSV_HEADER.join(',')}\r\n`);
    expect((await get(t, carol, 'crm-outbox')).json()).toMatchObject({ data: [], pagination: { total_count: 0 } });
  });

  it('refuses a bad page or page size with detail and code', async () => {
    for (const query of ['page=0', 'page_size=0', 'page_size=101', 'page=x']) {
      const response = await get(t, alice, `crm-outbox?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toEqual({ detail: expect.any(String), code: 'validation_failed' });
    }
  });

  it('names the local outbox as the destination', async () => {
    expect((await get(t, alice, 'crm/destination')).json()).toEqual({
      success: true,
      data: { kind: 'outbox', label: 'CRM (local outbox)' },
    });
  });
});

describe.each(testEngines)('CRM view with HubSpot on %s', (engine) => {
  let t: TestApp;
  let fake: FakeHubspotServer;
  let alice: Session;
  let articleId = 0;

  beforeAll(async () => {
    fake = await startFakeHubspot({ accessToken: 'hub-token' });
    t = await createTestApp(engine, {
      pipeline: {
        crm: createHubspotAdapter({
          accessToken: 'hub-token',
          basePath: fake.url,
          rateLimit: { requests: 1_000, intervalMs: 1_000 },
        }),
      },
    });
    alice = await signIn(t, { name: 'Alice Rep' });
    [articleId = 0] = await seedFetchedSignals(t.database.handle.db, alice.userId, [
      {
        title: 'Kestrel drills Red Lake',
        url: '/demo-news/articles/7',
        company: 'Kestrel Gold Ltd',
        intent: 'High',
        contacts: [{ first_name: 'Jane', last_name: 'Doe', email: 'jane.doe@kestrelgold.com', job_title: 'CEO' }],
      },
    ]);
    await push(t, alice, articleId);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('names HubSpot as the destination', async () => {
    expect((await get(t, alice, 'crm/destination')).json()).toEqual({
      success: true,
      data: { kind: 'hubspot', label: 'HubSpot' },
    });
  });

  it("gives HubSpot's ids and links to the company and contacts in HubSpot's app", async () => {
    const [company] = fake.records('companies');
    const [contact] = fake.records('contacts');
    const [note] = fake.records('notes');
    if (!company || !contact || !note) throw new Error('the push reached no HubSpot record');
    const app = `https://app.hubspot.com/contacts/${FAKE_ACCOUNT.portalId}/record`;

    const [record] = (await get(t, alice, 'crm-outbox')).json().data;
    // The signal detail's "Open in HubSpot": the company record in HubSpot's app.
    expect((await get(t, alice, `crm-outbox/${articleId}`)).json().data.hubspot).toEqual({
      company_id: company.id,
      company_url: `${app}/0-2/${company.id}`,
      note_id: note.id,
    });
    expect(record).toMatchObject({
      article_id: articleId,
      company_name: 'Kestrel Gold Ltd',
      buying_intent_score: 'High',
      source_url: `${APP_ORIGIN}/demo-news/articles/7`,
      hubspot: { company_id: company.id, company_url: `${app}/0-2/${company.id}`, note_id: note.id },
      contacts: [{ name: 'Jane Doe', hubspot_id: contact.id, hubspot_url: `${app}/0-1/${contact.id}` }],
    });

    const [row] = parse((await get(t, alice, 'crm-outbox/export')).body, { columns: true }) as Record<string, string>[];
    expect(row).toMatchObject({
      'HubSpot company ID': company.id,
      'HubSpot company link': `${app}/0-2/${company.id}`,
      'HubSpot contact links': `Jane Doe: ${app}/0-1/${contact.id}`,
      'HubSpot note ID': note.id,
      'Source URL': `${APP_ORIGIN}/demo-news/articles/7`,
    });
  });
});
