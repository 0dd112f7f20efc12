import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountReview, CompanyDetail, CompanySummary, OwnershipRule } from '@mining-hub/contract/accounts';
import type { Notification } from '@mining-hub/contract/notifications';
import type { WatchRun } from '@mining-hub/contract/watches';
import type { TestApp } from '../../../test/test-app.ts';
import { rssXml } from '../../../test/fake-news-servers.ts';
import { testEngines } from '../../../test/test-database.ts';
import { callApi, createWatchAs, startWatchApp, type WatchApp } from '../../../test/watch-app.ts';
import type { WatchDigest } from '../watches/watches.service.ts';

// A scraper output (CRM-ready JSON): Company 1 with a project in Canada, Company 9 with a lithium project in
// Australia (names invented).
const OUTPUT = {
  format: 'mining-hub.crm-import',
  version: 1,
  companies: [
    {
      name: 'Company 1 Resources Inc.',
      domain: null,
      ticker: 'C1',
      exchange: 'TSX-V',
      market_cap_musd: 30,
      website: null,
      contacts: [],
      projects: [{ gid: '1', name: 'Red Lake Gold Project', commodities: ['Au'], stage: 'Exploration', country: 'CA' }],
    },
    {
      name: 'Company 9 Lithium Ltd',
      domain: null,
      ticker: 'C9',
      exchange: 'ASX',
      market_cap_musd: 8,
      website: null,
      contacts: [],
      projects: [{ gid: '9', name: 'Emu Flats Lithium', commodities: ['Li'], stage: 'Exploration', country: 'AU' }],
    },
  ],
  unowned_projects: [],
};

describe.each(testEngines)('account owners on %s', (engine) => {
  let app: WatchApp;
  let t: TestApp;
  let alice: WatchApp['alice'];
  let bob: WatchApp['bob'];
  let admin: WatchApp['admin'];
  let digests: WatchDigest[];

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie: string, payload?: object) =>
    callApi(t, method, url, cookie, payload);
  const companyNamed = async (q: string): Promise<CompanyDetail> => {
    const id = (await call('GET', `companies?q=${encodeURIComponent(q)}`, admin.cookie)).json<{
      data: CompanySummary[];
    }>().data[0]?.id;
    return (await call('GET', `companies/${id}`, admin.cookie)).json<{ data: CompanyDetail }>().data;
  };
  const bell = async (cookie: string): Promise<Notification[]> =>
    (await call('GET', 'notifications', cookie)).json<{ data: Notification[] }>().data;
  const finishedRun = async (watchId: number, count: number): Promise<WatchRun> => {
    for (let i = 0; i < 600; i++) {
      const runs = (await call('GET', `watches/${watchId}/runs`, admin.cookie)).json<{ data: WatchRun[] }>().data;
      const newest = runs[0];
      if (runs.length === count && newest && (newest.status === 'completed' || newest.status === 'failed'))
        return newest;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the run did not finish');
  };

  beforeAll(async () => {
    const items = [1, 2].map((n) => ({
      guid: `${n}`,
      title: `Release ${n}`,
      description: 'Drilling',
      published: new Date(),
    }));
    app = await startWatchApp(engine, {
      feed: (url) =>
        rssXml(
          'Wire',
          items.map((item) => ({ ...item, link: `${url}/news/${item.guid}` })),
        ),
      releases: 2,
    });
    ({ t, alice, bob, admin, digests } = app);
    const folder = path.join(t.scraperDir, 'outputs', 'json');
    await fs.mkdir(folder, { recursive: true });
    await fs.writeFile(path.join(folder, 'mining-projects-20261120-101500.json'), JSON.stringify(OUTPUT));
    await t.services.accounts.syncAll();
  });
  afterAll(async () => app?.close());

  it('gives companies an owner by rule, an admin-chosen owner wins, and removing a rule takes its companies back', async () => {
    expect(
      (
        await call('PATCH', `companies/${(await companyNamed('Company 1')).id}`, admin.cookie, {
          owner_id: alice.userId,
        })
      ).statusCode,
    ).toBe(200);
    const lithium = await call('POST', 'ownership-rules', admin.cookie, {
      kind: 'commodity',
      value: 'Li',
      owner_id: bob.userId,
    });
    expect(lithium.statusCode, lithium.body).toBe(201);
    expect(lithium.json<{ data: OwnershipRule }>().data).toMatchObject({
      kind: 'commodity',
      value: 'Li',
      owner: { id: bob.userId },
      companies: 1,
    });
    const canada = await call('POST', 'ownership-rules', admin.cookie, {
      kind: 'country',
      value: 'ca',
      owner_id: bob.userId,
    });
    expect(canada.json<{ data: OwnershipRule }>().data).toMatchObject({ value: 'CA', companies: 0 });

    const company9 = await companyNamed('Company 9');
    expect(company9).toMatchObject({ owner: { id: bob.userId }, owner_rule_id: lithium.json().data.id });
    // Company 1's project is in Canada, but an admin chose its owner.
    expect(await companyNamed('Company 1')).toMatchObject({ owner: { id: alice.userId }, owner_rule_id: null });
    const bobs = (await call('GET', 'companies?owner=me', bob.cookie)).json<{ data: CompanySummary[] }>().data;
    expect(bobs.map((company) => company.name)).toEqual(['Company 9 Lithium Ltd']);

    expect((await call('DELETE', `ownership-rules/${lithium.json().data.id}`, admin.cookie)).statusCode).toBe(200);
    expect((await companyNamed('Company 9')).owner).toBeNull();
    expect((await call('DELETE', `ownership-rules/${canada.json().data.id}`, admin.cookie)).statusCode).toBe(200);
    expect((await call('GET', 'ownership-rules', admin.cookie)).json().data).toEqual([]);

    const audit = async (action: string) =>
      (await call('GET', `audit-log?action=${action}`, admin.cookie)).json<{ data: { target: string }[] }>().data;
    expect((await audit('ownership_rule_created')).map((entry) => entry.target).sort()).toEqual([
      'commodity Li',
      'country CA',
    ]);
    expect(await audit('ownership_rule_deleted')).toHaveLength(2);
  });

  it('refuses bad rules with 4xx {detail, code}, and members may not touch them', async () => {
    for (const [body, status] of [
      [{ kind: 'country', value: 'Canada', owner_id: bob.userId }, 400],
      [{ kind: 'region', value: 'BC', owner_id: bob.userId }, 400],
      [{ kind: 'commodity', value: 'Cu', owner_id: 999999 }, 400],
      [{ kind: 'commodity', value: 'Cu' }, 400],
    ] as const) {
      const response = await call('POST', 'ownership-rules', admin.cookie, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json()).toMatchObject({ detail: expect.any(String), code: expect.any(String) });
    }
    const rule = { kind: 'commodity', value: 'Zn', owner_id: bob.userId };
    expect((await call('POST', 'ownership-rules', admin.cookie, rule)).statusCode).toBe(201);
    expect((await call('POST', 'ownership-rules', admin.cookie, rule)).statusCode).toBe(409);
    expect((await call('DELETE', 'ownership-rules/999999', admin.cookie)).statusCode).toBe(404);
    expect((await call('GET', 'ownership-rules', bob.cookie)).statusCode).toBe(403);
    expect((await call('POST', 'ownership-rules', bob.cookie, rule)).statusCode).toBe(403);
    expect((await call('GET', 'account-reviews', bob.cookie)).statusCode).toBe(403);
  });

  it("alerts a high-intent story's owner first, even without a watch; a 'my accounts' watch matches only theirs", async () => {
    const bobsWatch = await createWatchAs(t, bob.cookie, {
      name: 'Red Lake',
      filters: { dateRange: 7 },
      interval_minutes: 60,
    });
    await call('POST', `watches/${bobsWatch.id}/run`, bob.cookie);
    expect(await finishedRun(bobsWatch.id, 1)).toMatchObject({ status: 'completed', new_articles: 2, analysed: 2 });

    // Alice has no watch: she owns Company 1, and its story is High or above.
    const company1 = await companyNamed('Company 1');
    expect(company1.timeline).toHaveLength(1);
    const [ownerAlert, ...others] = await bell(alice.cookie);
    expect(others).toEqual([]);
    expect(ownerAlert).toMatchObject({
      title: expect.stringMatching(/^Your account Company 1 Resources Inc\.: (High|Very High) intent$/),
      // Bob's fetch found the article, not Alice's: the account page opens it, at the story.
      link: `/companies/${company1.id}#story-${company1.timeline[0]?.story_id}`,
    });
    // First: the owner's alert was made before the watcher's digest.
    const [bobsDigest] = await bell(bob.cookie);
    expect(bobsDigest?.title).toMatch(/^Red Lake: 2 new signals$/);
    expect(ownerAlert?.id).toBeLessThan(bobsDigest?.id ?? 0);

    // Syncing again (the story was analysed after it was read) alerts nobody twice.
    await t.services.accounts.syncAll();
    expect(await bell(alice.cookie)).toHaveLength(1);

    const mine = await createWatchAs(t, alice.cookie, {
      name: 'My accounts',
      filters: { dateRange: 7 },
      interval_minutes: 60,
      my_accounts: true,
    });
    expect(mine.my_accounts).toBe(true);
    await call('POST', `watches/${mine.id}/run`, alice.cookie);
    expect(await finishedRun(mine.id, 1)).toMatchObject({
      status: 'completed',
      new_articles: 2,
      alerted: 1,
    });
    const digest = digests.find((item) => item.watch.name === 'My accounts');
    expect(digest?.signals.map((signal) => signal.title)).toEqual(['Release 1']);
    expect(await bell(alice.cookie)).toHaveLength(2);
  });

  it('lists ambiguous mentions for review; merge joins them (audited), keep apart leaves them', async () => {
    // Company 9's name with Company 1's listing: resolution will not decide between them.
    const row = await t.database.handle.db
      .insertInto('articles')
      .values({
        source_key: 'test:ambiguous',
        title: 'Company 9 Lithium drills Emu Flats',
        source: 'Newsfile',
        url: 'https://news.example/ambiguous',
        description: 'Drilling',
        content:
          'PERTH, Australia - Company 9 Lithium Ltd (TSXV: C1) has started a 3,000 metre drilling program at Emu Flats.',
        article_type: 'news',
        published_at: new Date(),
        raw_json: '{}',
        commodities: ['Li'],
        countries: ['AU'],
        states: [],
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.services.stories.assign([row.id]);
    await t.services.accounts.syncAll();

    const reviews = (await call('GET', 'account-reviews', admin.cookie)).json<{ data: AccountReview[] }>().data;
    const review = reviews.find((item) => item.mention === 'Company 9 Lithium Ltd');
    expect(review?.candidates.map((candidate) => candidate.name).sort()).toEqual([
      'Company 1 Resources Inc.',
      'Company 9 Lithium Ltd',
    ]);
    expect(
      (await call('POST', `account-reviews/${review?.id}/resolve`, admin.cookie, { action: 'merge', company_id: 1e6 }))
        .statusCode,
    ).toBe(400);
    const kept = await call('POST', `account-reviews/${review?.id}/resolve`, admin.cookie, { action: 'keep_apart' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await call('GET', 'account-reviews', admin.cookie)).json().data).toEqual([]);
    expect(
      (await call('POST', `account-reviews/${review?.id}/resolve`, admin.cookie, { action: 'keep_apart' })).statusCode,
    ).toBe(409);
    expect((await call('GET', 'companies', admin.cookie)).json().data).toHaveLength(3);

    // The same doubt from another source, merged this time: one company, the merge undoable by a split.
    const company9 = await companyNamed('Company 9');
    await t.database.handle.db
      .insertInto('account_reviews')
      .values({
        mention: 'Company 9 Lithium Ltd',
        tickers: ['TSXV:C1'],
        candidate_ids: [company9.id, (await companyNamed('Company 1')).id],
        reason: 'its listing and its name belong to different companies',
        source: 'crm:1',
      })
      .execute();
    const second = (await call('GET', 'account-reviews', admin.cookie)).json<{ data: AccountReview[] }>().data[0];
    const merged = await call('POST', `account-reviews/${second?.id}/resolve`, admin.cookie, {
      action: 'merge',
      company_id: company9.id,
    });
    expect(merged.statusCode, merged.body).toBe(200);
    const after = (await call('GET', `companies/${company9.id}`, admin.cookie)).json<{ data: CompanyDetail }>().data;
    expect(after.tickers.sort()).toEqual(['ASX:C9', 'TSXV:C1']);
    expect(after.merges).toHaveLength(1);
    const audit = (await call('GET', 'audit-log?action=account_review_resolved', admin.cookie)).json<{
      data: { detail: string }[];
    }>().data;
    expect(audit.map((entry) => entry.detail).sort()).toEqual(['kept apart', `merged into company ${company9.id}`]);
  });
});
