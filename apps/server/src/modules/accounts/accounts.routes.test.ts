import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyDetail, CompanySummary } from '@mining-hub/contract/accounts';
import { APP_ORIGIN, createTestApp, signIn, type TestApp } from '../../../test/test-app.ts';
import { testEngines } from '../../../test/test-database.ts';

// A scraper output as scraper-exports.ts writes it (CRM-ready JSON), and releases of the same company written
// after TSXV juniors' financing and study releases (our own text; names invented).
const OUTPUT = {
  format: 'mining-hub.crm-import',
  version: 1,
  companies: [
    {
      name: 'Lanternfish Copper Corp.',
      domain: 'lanternfish.example',
      ticker: 'LFC',
      exchange: 'TSX-V',
      market_cap_musd: 42.5,
      website: 'https://www.lanternfish.example',
      contacts: [
        {
          email: 'Jane.Roe@lanternfish.example',
          firstName: 'Jane',
          lastName: 'Roe',
          jobTitle: 'CEO',
          phone: null,
          projects: ['101'],
        },
      ],
      projects: [
        {
          gid: '101',
          name: 'Halibut Creek Copper Project',
          commodities: ['Cu', 'Au'],
          stage: 'Resource Definition',
          country: 'CA',
          region: 'British Columbia',
          location: '60 km west of Smithers',
        },
      ],
    },
    {
      name: 'Osprey Metals Ltd',
      domain: null,
      ticker: 'OSP',
      exchange: 'ASX',
      market_cap_musd: 12,
      website: null,
      contacts: [],
      projects: [
        {
          gid: '202',
          name: 'Kestrel Lithium Project',
          commodities: ['Li'],
          stage: 'Exploration',
          country: 'AU',
          region: 'Western Australia',
          location: null,
        },
      ],
    },
  ],
  unowned_projects: [],
};

const FINANCING = `VANCOUVER, British Columbia, November 20, 2026 - Lanternfish Copper Corp. (TSX-V: LFC) ("Lanternfish" or the "Company") is pleased to announce that it has closed its previously announced non-brokered private placement for gross proceeds of C$6,000,000.

Proceeds will fund a 10,000 metre diamond drilling program at the Halibut Creek Copper Project in British Columbia, planned to start in March 2027.`;
const STUDY = `VANCOUVER, British Columbia, November 25, 2026 - Lanternfish Copper Corp. (TSXV: LFC) announces the results of a pre-feasibility study (PFS) for its Halibut Creek Copper Project in British Columbia. The PFS outlines an after-tax NPV (8%) of C$412 million and an IRR of 24.1%, with initial capital of C$388 million and a mine life of 17 years.`;

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

describe.each(testEngines)('accounts on %s', (engine) => {
  let t: TestApp;
  let admin: { cookie: string; userId: number };
  let member: { cookie: string; userId: number };

  const get = (url: string, cookie = member.cookie) => t.app.inject({ method: 'GET', url, headers: { cookie } });
  const send = (method: 'POST' | 'PATCH', url: string, payload: unknown, cookie = admin.cookie) =>
    t.app.inject({ method, url, headers: { cookie, origin: APP_ORIGIN }, payload: payload as object });

  async function storeRelease(n: number, title: string, body: string, publishedAt: Date, source = 'Newsfile') {
    const row = await t.database.handle.db
      .insertInto('articles')
      .values({
        source_key: `test:${n}`,
        title,
        source,
        url: `https://news.example/${n}`,
        description: body.slice(0, 200),
        content: body,
        article_type: 'news',
        published_at: publishedAt,
        raw_json: '{}',
        commodities: ['Cu'],
        countries: ['CA'],
        states: [],
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.services.stories.assign([row.id]);
    return row.id;
  }

  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await signIn(t, { role: 'admin' });
    member = await signIn(t);
    const folder = path.join(t.scraperDir, 'outputs', 'json');
    await fs.mkdir(folder, { recursive: true });
    await fs.writeFile(path.join(folder, 'mining-projects-20261120-101500.json'), JSON.stringify(OUTPUT));
    await storeRelease(1, 'Lanternfish Copper Closes C$6 Million Private Placement', FINANCING, daysAgo(8));
    // The same release from a second wire: one story, so one timeline entry.
    await storeRelease(
      2,
      'Lanternfish Copper Closes C$6 Million Private Placement',
      FINANCING,
      daysAgo(8),
      'GlobeNewswire',
    );
    await storeRelease(
      3,
      'Lanternfish Copper Announces Positive Pre-Feasibility Study for Halibut Creek',
      STUDY,
      daysAgo(3),
    );
    // While a fetch ingests in the same process the sync gives way (composition.ts): nothing is read in yet.
    expect(await t.services.accounts.syncAll(undefined, () => true)).toBe(false);
    expect((await get('/api/v1/companies')).json<{ data: CompanySummary[] }>().data).toEqual([]);
    expect(await t.services.accounts.syncAll()).toBe(true);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('lists the scraped companies once, news joined to them, hottest first', async () => {
    const response = await get('/api/v1/companies');
    expect(response.statusCode).toBe(200);
    const companies = response.json<{ data: CompanySummary[] }>().data;
    expect(companies.map((company) => company.name)).toEqual(['Lanternfish Copper Corp.', 'Osprey Metals Ltd']);
    const [lanternfish] = companies;
    expect(lanternfish).toMatchObject({
      tickers: ['TSXV:LFC'],
      market_cap_musd: 42.5,
      story_count: 2,
      commodities: ['Au', 'Cu'],
      projects: [{ name: 'Halibut Creek Copper Project', stage: 'pfs', country: 'CA' }],
    });
    expect(lanternfish?.heat).toBeGreaterThan(10);
    expect(lanternfish?.heat_sparkline).toHaveLength(13);
    expect(lanternfish?.heat_change_7d).toBeGreaterThan(0);
  });

  it('filters by commodity, country, stage, owner and text', async () => {
    const names = async (query: string) =>
      (await get(`/api/v1/companies?${query}`)).json<{ data: CompanySummary[] }>().data.map((company) => company.name);
    expect(await names('commodity=Li')).toEqual(['Osprey Metals Ltd']);
    expect(await names('country=au')).toEqual(['Osprey Metals Ltd']);
    expect(await names('stage=pfs')).toEqual(['Lanternfish Copper Corp.']);
    expect(await names('q=LFC')).toEqual(['Lanternfish Copper Corp.']);
    expect(await names('owner=me')).toEqual([]);
    expect(await names('sort=heat_change&window=30d')).toEqual(['Lanternfish Copper Corp.', 'Osprey Metals Ltd']);
  });

  it('shows a company with its projects, timeline of stories once, events, contacts, heat history and why now', async () => {
    const id = (await get('/api/v1/companies?q=Lanternfish')).json<{ data: CompanySummary[] }>().data[0]?.id;
    const response = await get(`/api/v1/companies/${id}`);
    expect(response.statusCode).toBe(200);
    const company = response.json<{ data: CompanyDetail }>().data;
    expect(company.timeline).toHaveLength(2);
    expect(company.timeline[0]?.title).toContain('Pre-Feasibility');
    expect(company.timeline[1]?.copies).toBe(2);
    expect(company.timeline[1]?.events.map((event) => event.kind).sort()).toEqual([
      'financing_closed',
      'programme_planned',
    ]);
    expect(company.timeline[0]?.events.map((event) => event.kind).sort()).toEqual(['stage_change', 'study']);
    expect(company.projects[0]).toMatchObject({
      stage: 'pfs',
      state: 'British Columbia',
      owners: [{ name: 'Lanternfish Copper Corp.' }],
    });
    expect(company.contacts).toEqual([
      { name: 'Jane Roe', email: 'jane.roe@lanternfish.example', job_title: 'CEO', phone: null, source: 'scraper' },
    ]);
    expect(company.heat_history).toHaveLength(90);
    expect(company.heat_history.at(-1)?.heat).toBeCloseTo(company.heat, 1);
    expect(company.heat_history[0]?.heat).toBe(0);
    expect(company.why_now[0]?.kind).toMatch(/study|stage_change/);
    expect(company.crm).toEqual({ status: 'not_pushed', url: null, pushed_at: null });
    expect(company.owner).toBeNull();
  });

  it('lets an admin assign an owner ("My accounts"), audited; a member may not', async () => {
    const id = (await get('/api/v1/companies?q=Osprey')).json<{ data: CompanySummary[] }>().data[0]?.id;
    expect(
      (await send('PATCH', `/api/v1/companies/${id}`, { owner_id: member.userId }, member.cookie)).statusCode,
    ).toBe(403);
    const response = await send('PATCH', `/api/v1/companies/${id}`, { owner_id: member.userId, aliases: ['Osprey'] });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: CompanyDetail }>().data).toMatchObject({
      owner: { id: member.userId },
      aliases: ['Osprey'],
    });
    const mine = (await get('/api/v1/companies?owner=me')).json<{ data: CompanySummary[] }>().data;
    expect(mine.map((company) => company.name)).toEqual(['Osprey Metals Ltd']);
    const audit = await get('/api/v1/audit-log?action=company_owner_changed', admin.cookie);
    expect(audit.json<{ data: { target: string }[] }>().data[0]?.target).toBe('Osprey Metals Ltd');
  });

  it('merges two companies and splits them again, audited, back as they were', async () => {
    const list = (await get('/api/v1/companies?sort=name')).json<{ data: CompanySummary[] }>().data;
    const [lanternfish, osprey] = list;
    const before = (await get(`/api/v1/companies/${lanternfish?.id}`)).json<{ data: CompanyDetail }>().data;
    const merged = await send('POST', `/api/v1/companies/${lanternfish?.id}/merge`, { other_id: osprey?.id });
    expect(merged.statusCode).toBe(200);
    const after = merged.json<{ data: CompanyDetail }>().data;
    expect(after.tickers.sort()).toEqual(['ASX:OSP', 'TSXV:LFC']);
    expect(after.projects.map((project) => project.name)).toEqual([
      'Halibut Creek Copper Project',
      'Kestrel Lithium Project',
    ]);
    expect(after.merges).toHaveLength(1);
    expect((await get('/api/v1/companies')).json<{ data: CompanySummary[] }>().data).toHaveLength(1);
    expect((await get(`/api/v1/companies/${osprey?.id}`)).statusCode).toBe(404);
    expect(
      (await send('POST', `/api/v1/companies/${lanternfish?.id}/merge`, { other_id: osprey?.id })).statusCode,
    ).toBe(409);

    const split = await send('POST', `/api/v1/companies/${lanternfish?.id}/split`, {});
    expect(split.statusCode).toBe(200);
    const restored = split.json<{ data: { company: CompanyDetail; restored_id: number } }>().data;
    expect(restored.restored_id).toBe(osprey?.id);
    expect(restored.company.tickers).toEqual(before.tickers);
    expect(restored.company.projects.map((project) => project.name)).toEqual(['Halibut Creek Copper Project']);
    expect(restored.company.heat).toBeCloseTo(before.heat, 1);
    const ospreyAgain = (await get(`/api/v1/companies/${osprey?.id}`)).json<{ data: CompanyDetail }>().data;
    expect(ospreyAgain).toMatchObject({ tickers: ['ASX:OSP'], projects: [{ name: 'Kestrel Lithium Project' }] });
    expect((await send('POST', `/api/v1/companies/${lanternfish?.id}/split`, {})).statusCode).toBe(409);
    const audit = await get('/api/v1/audit-log?action=company_merged', admin.cookie);
    expect(audit.json<{ data: unknown[] }>().data).toHaveLength(1);
    expect(
      (await get('/api/v1/audit-log?action=company_split', admin.cookie)).json<{ data: unknown[] }>().data,
    ).toHaveLength(1);
  });

  it('joins a company pushed to the CRM to its account', async () => {
    await t.database.handle.db
      .insertInto('crm_companies')
      .values({ name: 'Lanternfish Copper Corp', domain: 'lanternfish.example', ticker: 'TSXV:LFC' })
      .execute();
    await t.services.accounts.syncAll();
    const list = (await get('/api/v1/companies?q=Lanternfish')).json<{ data: CompanySummary[] }>().data;
    expect(list).toHaveLength(1);
    const company = (await get(`/api/v1/companies/${list[0]?.id}`)).json<{ data: CompanyDetail }>().data;
    expect(company.crm).toMatchObject({ status: 'pushed', url: expect.stringContaining('/crm') });
  });

  it('lists projects with their owners', async () => {
    const response = await get('/api/v1/projects?commodity=Li');
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: unknown[] }>().data).toMatchObject([
      { name: 'Kestrel Lithium Project', country: 'AU', stage: 'exploration', owners: [{ name: 'Osprey Metals Ltd' }] },
    ]);
  });

  it('reads an output file once, however often it syncs', async () => {
    await t.services.accounts.syncAll();
    const all = (await get('/api/v1/projects')).json<{ data: unknown[] }>().data;
    expect(all).toHaveLength(2);
  });

  it('answers bad input with 4xx {detail, code}', async () => {
    for (const [url, status] of [
      ['/api/v1/companies?sort=hot', 400],
      ['/api/v1/companies?stage=feasible', 400],
      ['/api/v1/companies?country=Canada', 400],
      ['/api/v1/companies?page_size=1000', 400],
      ['/api/v1/companies/0', 400],
      ['/api/v1/companies/999999', 404],
      ['/api/v1/projects?page=0', 400],
    ] as const) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(status);
      expect(response.json(), url).toMatchObject({ detail: expect.any(String), code: expect.any(String) });
    }
    const id = (await get('/api/v1/companies')).json<{ data: CompanySummary[] }>().data[0]?.id;
    for (const [method, url, body, status] of [
      ['PATCH', `/api/v1/companies/${id}`, {}, 400],
      ['PATCH', `/api/v1/companies/${id}`, { owner_id: 999999 }, 400],
      ['POST', `/api/v1/companies/${id}/merge`, { other_id: id }, 400],
      ['POST', `/api/v1/companies/${id}/merge`, { other_id: 999999 }, 404],
      ['POST', `/api/v1/companies/${id}/merge`, {}, 400],
      ['POST', `/api/v1/companies/${id}/split`, { merge_id: 999999 }, 404],
    ] as const) {
      const response = await send(method, url, body);
      expect(response.statusCode, `${method} ${url} ${JSON.stringify(body)}`).toBe(status);
      expect(response.json()).toMatchObject({ detail: expect.any(String), code: expect.any(String) });
    }
  });
});
