import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushAs, seedFetchedSignals } from '../../../test/signal-factory.ts';
import { createTestApp, signIn, type TestApp } from '../../../test/test-app.ts';
import { testEngines } from '../../../test/test-database.ts';

type Session = Awaited<ReturnType<typeof signIn>>;

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
const utcDate = (date: Date) => date.toISOString().slice(0, 10);
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

describe.each(testEngines)('reports on %s', (engine) => {
  let t: TestApp;
  let alice: Session;
  let bob: Session;
  let admin: Session;

  const summary = async (user: Session, query = '') => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/reports/summary${query}`,
      headers: { cookie: user.cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };

  beforeAll(async () => {
    t = await createTestApp(engine);
    alice = await signIn(t);
    bob = await signIn(t);
    admin = await signIn(t, { role: 'admin' });
    const db = t.database.handle.db;
    // Alice, two days ago: four analysed (one without a score, as a custom prompt may leave it), three not.
    const [pushed = 0, , dismissed = 0] = await seedFetchedSignals(
      db,
      alice.userId,
      [
        { title: 'A1', intent: 'Very High', commodities: ['Au'], countries: ['CA'] },
        { title: 'A2', intent: 'High', commodities: ['Cu'], countries: ['CL'] },
        { title: 'A3', intent: 'Low', commodities: ['Au'], countries: ['AU'] },
        { title: 'A4', intent: null, commodities: ['Ag'], countries: ['CA'] },
        { title: 'A5', status: 'fetched' },
        { title: 'A6', status: 'failed_expansion' },
        { title: 'A7', status: 'expanded' },
      ],
      { at: daysAgo(2) },
    );
    await pushAs(t, alice.cookie, pushed);
    await db.updateTable('articles').set({ dismissed_at: new Date() }).where('id', '=', dismissed).execute();
    // Alice, two months ago: outside the default period, inside 90 days.
    const old = await seedFetchedSignals(db, alice.userId, [{ title: 'Old', intent: 'High' }], { at: daysAgo(60) });
    // Bob today: one of his own, and Alice's old article found again (first found by him today).
    await seedFetchedSignals(
      db,
      bob.userId,
      [{ title: 'B1', intent: 'Medium', commodities: ['Li'], countries: ['AR'] }],
      {
        alsoFound: old,
      },
    );
  });
  afterAll(() => t.close());

  it("counts a member's own fetches of the period: the funnel, intent adding up to analysed, tags and days", async () => {
    const report = await summary(alice);
    expect(report.funnel).toEqual({ fetched: 7, expanded: 5, analysed: 4, pushed: 1, dismissed: 1, failed: 1 });
    expect(report.intent).toEqual({ Low: 2, Medium: 0, High: 1, 'Very High': 1 });
    expect(sum(Object.values(report.intent))).toBe(report.funnel.analysed);
    expect(report.by_commodity).toEqual([
      { commodity: 'Gold', count: 2, high_intent: 1 },
      { commodity: 'Silver', count: 1, high_intent: 0 },
      { commodity: 'Copper', count: 1, high_intent: 1 },
    ]);
    expect(report.by_country).toEqual([
      { country: 'Canada', count: 2, high_intent: 1 },
      { country: 'Australia', count: 1, high_intent: 0 },
      { country: 'Chile', count: 1, high_intent: 1 },
    ]);
    expect(report.over_time).toHaveLength(30);
    expect(report.over_time.at(-1)).toEqual({ date: utcDate(new Date()), analysed: 0, pushed: 1 });
    expect(report.over_time.find((day: { date: string }) => day.date === utcDate(daysAgo(2)))).toEqual({
      date: utcDate(daysAgo(2)),
      analysed: 4,
      pushed: 0,
    });
    expect(sum(report.over_time.map((day: { analysed: number }) => day.analysed))).toBe(report.funnel.analysed);
    expect(sum(report.over_time.map((day: { pushed: number }) => day.pushed))).toBe(report.funnel.pushed);
  });

  it('widens with the period, and never shows a member what only another found', async () => {
    const quarter = await summary(alice, '?days=90');
    expect(quarter.funnel).toMatchObject({ fetched: 8, analysed: 5 });
    expect(quarter.intent).toEqual({ Low: 2, Medium: 0, High: 2, 'Very High': 1 });
    expect(quarter.over_time).toHaveLength(90);

    // Bob found Alice's old article today: it is his signal of the week, not hers.
    const bobs = await summary(bob, '?days=7');
    expect(bobs.funnel).toEqual({ fetched: 2, expanded: 2, analysed: 2, pushed: 0, dismissed: 0, failed: 0 });
    expect(bobs.intent).toEqual({ Low: 0, Medium: 1, High: 1, 'Very High': 0 });
    expect(bobs.by_commodity).toEqual([
      { commodity: 'Gold', count: 1, high_intent: 1 },
      { commodity: 'Lithium', count: 1, high_intent: 0 },
    ]);
    expect(bobs.over_time).toHaveLength(7);
    expect((await summary(alice, '?days=1')).funnel.fetched).toBe(0);
  });

  it('shows an admin everyone, each article once', async () => {
    const report = await summary(admin, '?days=365');
    expect(report.funnel).toEqual({ fetched: 9, expanded: 7, analysed: 6, pushed: 1, dismissed: 1, failed: 1 });
    expect(sum(Object.values(report.intent) as number[])).toBe(6);
  });

  it('refuses a period outside 1 to 365 whole days with detail and code', async () => {
    for (const days of ['0', '366', '-1', '1.5', 'abc', '']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/v1/reports/summary?days=${days}`,
        headers: { cookie: alice.cookie },
      });
      expect(response.statusCode, `days=${days}`).toBe(400);
      expect(response.json()).toEqual({ detail: expect.stringContaining('days'), code: 'validation_failed' });
    }
  });

  it('exports the summary as CSV, one figure a row', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/reports/summary/export?days=7',
      headers: { cookie: alice.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="report-7-days.csv"');
    const rows = parse(response.body, { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0] ?? {})).toEqual(['Section', 'Name', 'Count', 'High intent']);
    expect(rows).toContainEqual({ Section: 'Funnel', Name: 'analysed', Count: '4', 'High intent': '' });
    expect(rows).toContainEqual({ Section: 'Intent', Name: 'Very High', Count: '1', 'High intent': '' });
    expect(rows).toContainEqual({ Section: 'Commodity', Name: 'Gold', Count: '2', 'High intent': '1' });
    expect(rows.filter((row) => row.Section === 'Pushed per day')).toHaveLength(7);
  });
});
