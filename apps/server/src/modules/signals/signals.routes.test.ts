import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Signal } from '@mining-hub/contract/signals';
import { APP_ORIGIN, createTestApp, signIn, type TestApp } from '../../../test/test-app.ts';
import { seedFetchedSignals } from '../../../test/signal-factory.ts';
import { testEngines } from '../../../test/test-database.ts';

const DAY_MS = 86_400_000;
const now = Date.now();
const daysAgo = (days: number) => new Date(now - days * DAY_MS);
const day = (date: Date) => date.toISOString().slice(0, 10);

describe.each(testEngines)('signals inbox on %s', (engine) => {
  let t: TestApp;
  let alice: { cookie: string; userId: number };
  let bob: { cookie: string; userId: number };
  let admin: { cookie: string; userId: number };
  /** Article ids by their title. */
  const id: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp(engine);
    alice = await signIn(t);
    bob = await signIn(t);
    admin = await signIn(t, { role: 'admin' });
    const db = t.database.handle.db;
    const older = await seedFetchedSignals(
      db,
      alice.userId,
      [
        {
          title: 'Alpha drills in Chile',
          company: 'Alpha Copper',
          intent: 'Very High',
          commodities: ['Cu'],
          countries: ['CL'],
        },
        { title: 'Beta reports assays', company: 'Beta Gold', intent: 'Low', commodities: ['Au'], countries: ['CA'] },
        { title: 'Fetched only', company: 'Epsilon', status: 'fetched' },
      ],
      { at: daysAgo(3) },
    );
    const newer = await seedFetchedSignals(
      db,
      alice.userId,
      [
        {
          title: 'Gamma closes financing',
          company: 'Gamma Lithium',
          intent: 'High',
          status: 'pushed_to_hubspot',
          commodities: ['Li'],
          countries: ['AU'],
          summary: 'Funded spodumene drilling',
        },
        {
          title: 'Delta plans 10,000 m',
          company: 'Delta Gold',
          intent: 'Very High',
          commodities: ['Au'],
          countries: ['CA'],
        },
      ],
      { at: daysAgo(1) },
    );
    const bobs = await seedFetchedSignals(
      db,
      bob.userId,
      [
        {
          title: 'Bob nickel permit',
          company: 'Zeta Nickel',
          intent: 'Medium',
          commodities: ['Ni'],
          countries: ['US'],
        },
      ],
      { at: daysAgo(2) },
    );
    for (const [title, articleId] of [
      ['alpha', older[0]],
      ['beta', older[1]],
      ['fetched', older[2]],
      ['gamma', newer[0]],
      ['delta', newer[1]],
      ['bob', bobs[0]],
    ] as const) {
      if (articleId === undefined) throw new Error(`no article for ${title}`);
      id[title] = articleId;
    }
    await db
      .updateTable('articles')
      .set({ intent_reasons: ['10,000 m drilling planned', 'financing closed'] })
      .where('id', '=', id.delta ?? 0)
      .execute();
  });
  afterAll(async () => {
    await t.close();
  });

  const list = (cookie: string, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/v1/signals${query}`, headers: { cookie } });
  const titlesOf = async (cookie: string, query = '') => {
    const response = await list(cookie, query);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().data as Signal[]).map((signal) => signal.title);
  };
  const post = (cookie: string, url: string) =>
    t.app.inject({ method: 'POST', url: `/api/v1/${url}`, headers: { origin: APP_ORIGIN, cookie } });

  it('lists a member their analysed articles across fetches, highest intent first, then newest', async () => {
    const response = await list(alice.cookie);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.data.map((signal: Signal) => signal.title)).toEqual([
      'Delta plans 10,000 m',
      'Alpha drills in Chile',
      'Gamma closes financing',
      'Beta reports assays',
    ]);
    expect(body.pagination).toEqual({
      current_page: 1,
      page_size: 20,
      total_count: 4,
      total_pages: 1,
      has_next: false,
      has_prev: false,
    });
    expect(body.data[0]).toEqual({
      article_id: id.delta,
      company: 'Delta Gold',
      title: 'Delta plans 10,000 m',
      buying_intent_score: 'Very High',
      intent_reasons: ['10,000 m drilling planned', 'financing closed'],
      signal_summary: 'Delta plans 10,000 m: drilling planned.',
      commodities: ['Au'],
      countries: ['CA'],
      date: daysAgo(1).toISOString(),
      status: 'summarised',
      activity: null,
      dismissed_at: null,
      url: `https://wire.example/${encodeURIComponent('Delta plans 10,000 m')}`,
      // Seeded without an expanded text: no facts read.
      strongest_fact: null,
      // Seeded as stored before stories (migration 017): not grouped yet.
      story: null,
      account: null,
    });
    expect(body.data[2]).toMatchObject({ status: 'pushed_to_hubspot', intent_reasons: [] });
  });

  it("never shows a member another member's signals; an admin sees everyone's", async () => {
    expect(await titlesOf(bob.cookie)).toEqual(['Bob nickel permit']);
    expect(await titlesOf(admin.cookie)).toEqual([
      'Delta plans 10,000 m',
      'Alpha drills in Chile',
      'Gamma closes financing',
      'Bob nickel permit',
      'Beta reports assays',
    ]);
  });

  it('shows an article to everyone whose fetch found it', async () => {
    await seedFetchedSignals(t.database.handle.db, bob.userId, [], { alsoFound: [id.beta ?? 0] });
    expect(await titlesOf(bob.cookie)).toEqual(['Bob nickel permit', 'Beta reports assays']);
    expect(await titlesOf(alice.cookie)).toContain('Beta reports assays');
  });

  it('filters by intent levels, commodity, country, status, text and dates', async () => {
    expect(await titlesOf(alice.cookie, '?intent=High,Very%20High')).toEqual([
      'Delta plans 10,000 m',
      'Alpha drills in Chile',
      'Gamma closes financing',
    ]);
    // Names or symbols, any case; several values match any of them.
    expect(await titlesOf(alice.cookie, '?commodity=gold')).toEqual(['Delta plans 10,000 m', 'Beta reports assays']);
    expect(await titlesOf(alice.cookie, '?commodity=Li,Cu')).toEqual([
      'Alpha drills in Chile',
      'Gamma closes financing',
    ]);
    expect(await titlesOf(alice.cookie, '?country=Chile')).toEqual(['Alpha drills in Chile']);
    expect(await titlesOf(alice.cookie, '?country=AU,CL&intent=High')).toEqual(['Gamma closes financing']);
    expect(await titlesOf(alice.cookie, '?status=pushed_to_hubspot')).toEqual(['Gamma closes financing']);
    expect(await titlesOf(alice.cookie, '?status=summarised&intent=Low')).toEqual(['Beta reports assays']);
    // Title, company or summary, any case; LIKE's wildcards are plain characters.
    expect(await titlesOf(alice.cookie, '?q=ALPHA')).toEqual(['Alpha drills in Chile']);
    expect(await titlesOf(alice.cookie, '?q=spodumene')).toEqual(['Gamma closes financing']);
    expect(await titlesOf(alice.cookie, '?q=beta%20gold')).toEqual(['Beta reports assays']);
    expect(await titlesOf(alice.cookie, '?q=%25')).toEqual([]);
    expect(await titlesOf(alice.cookie, `?from=${day(daysAgo(2))}`)).toEqual([
      'Delta plans 10,000 m',
      'Gamma closes financing',
    ]);
    expect(await titlesOf(alice.cookie, `?to=${day(daysAgo(3))}`)).toEqual([
      'Alpha drills in Chile',
      'Beta reports assays',
    ]);
    expect(await titlesOf(alice.cookie, `?from=${day(daysAgo(1))}&to=${day(daysAgo(1))}`)).toEqual([
      'Delta plans 10,000 m',
      'Gamma closes financing',
    ]);
  });

  it('sorts by newest or by company, and pages without repeating a row', async () => {
    // Same date: the later article first.
    expect(await titlesOf(alice.cookie, '?sort=newest')).toEqual([
      'Delta plans 10,000 m',
      'Gamma closes financing',
      'Beta reports assays',
      'Alpha drills in Chile',
    ]);
    expect(await titlesOf(admin.cookie, '?sort=company')).toEqual([
      'Alpha drills in Chile',
      'Beta reports assays',
      'Delta plans 10,000 m',
      'Gamma closes financing',
      'Bob nickel permit',
    ]);
    const first = await list(admin.cookie, '?page_size=2');
    const third = await list(admin.cookie, '?page_size=2&page=3');
    expect(first.json().pagination).toMatchObject({ total_count: 5, total_pages: 3, has_next: true, has_prev: false });
    expect(third.json().pagination).toMatchObject({ current_page: 3, has_next: false, has_prev: true });
    const pages = [first, await list(admin.cookie, '?page_size=2&page=2'), third].flatMap((page) =>
      (page.json().data as Signal[]).map((signal) => signal.title),
    );
    expect(pages).toEqual(await titlesOf(admin.cookie));
    expect(await titlesOf(admin.cookie, '?page=4&page_size=2')).toEqual([]);
  });

  it('dismisses a signal out of every inbox, shows it under Dismissed, and restores it', async () => {
    const dismissed = await post(alice.cookie, `article/${id.alpha}/dismiss`);
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    const dismissedAt: string = dismissed.json().data.dismissed_at;
    expect(dismissed.json().data.article_id).toBe(id.alpha);
    expect(Date.now() - Date.parse(dismissedAt)).toBeLessThan(60_000);
    // Dismissing again keeps the first time.
    expect((await post(alice.cookie, `article/${id.alpha}/dismiss`)).json().data.dismissed_at).toBe(dismissedAt);

    expect(await titlesOf(alice.cookie)).not.toContain('Alpha drills in Chile');
    expect(await titlesOf(admin.cookie)).not.toContain('Alpha drills in Chile');
    const view = await list(alice.cookie, '?status=dismissed');
    expect(view.json().data.map((signal: Signal) => [signal.title, signal.dismissed_at])).toEqual([
      ['Alpha drills in Chile', dismissedAt],
    ]);
    expect(view.json().pagination.total_count).toBe(1);
    expect(await titlesOf(alice.cookie, '?status=dismissed,pushed_to_hubspot')).toEqual([]);
    expect(await titlesOf(alice.cookie, '?status=dismissed&commodity=Cu')).toEqual(['Alpha drills in Chile']);

    const restored = await post(alice.cookie, `article/${id.alpha}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().data).toEqual({ article_id: id.alpha, dismissed_at: null });
    expect(await titlesOf(alice.cookie, '?status=dismissed')).toEqual([]);
    expect(await titlesOf(alice.cookie)).toContain('Alpha drills in Chile');
  });

  it("answers 404 to dismissing or restoring an article the user's fetches never found", async () => {
    for (const action of ['dismiss', 'restore']) {
      const response = await post(bob.cookie, `article/${id.alpha}/${action}`);
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json()).toEqual({ detail: `Article ${id.alpha} not found`, code: 'not_found' });
      expect((await post(alice.cookie, `article/999999/${action}`)).statusCode).toBe(404);
    }
    expect(await titlesOf(alice.cookie)).toContain('Alpha drills in Chile');
    // An admin may act on anyone's signal.
    expect((await post(admin.cookie, `article/${id.bob}/dismiss`)).statusCode).toBe(200);
    expect(await titlesOf(bob.cookie)).not.toContain('Bob nickel permit');
    expect((await post(admin.cookie, `article/${id.bob}/restore`)).statusCode).toBe(200);
    expect(await titlesOf(bob.cookie)).toContain('Bob nickel permit');
  });

  it('refuses bad parameters with 400 naming the field', async () => {
    for (const [query, field] of [
      ['?intent=Huge', 'querystring.intent'],
      ['?intent=High,', undefined],
      ['?commodity=Unobtainium', 'querystring.commodity'],
      ['?country=Atlantis', 'querystring.country'],
      ['?status=archived', 'querystring.status'],
      ['?sort=random', 'querystring.sort'],
      ['?page=0', 'querystring.page'],
      ['?page_size=101', 'querystring.page_size'],
      ['?from=2026-13-01', 'querystring.from'],
      ['?from=yesterday', 'querystring.from'],
      [`?from=${day(daysAgo(1))}&to=${day(daysAgo(3))}`, 'querystring.from'],
      [`?q=${'x'.repeat(201)}`, 'querystring.q'],
    ] as const) {
      const response = await list(alice.cookie, query);
      if (field === undefined) {
        // A trailing comma is no value, not a bad one.
        expect(response.statusCode, query).toBe(200);
        continue;
      }
      expect(response.statusCode, `${query}: ${response.body}`).toBe(400);
      expect(response.json().code).toBe('validation_failed');
      expect(response.json().detail).toContain(field);
    }
    expect((await post(alice.cookie, 'article/abc/dismiss')).statusCode).toBe(400);
  });
});
