import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@mining-hub/contract/auth';
import { companyListQuerySchema, type CompanySummary } from '@mining-hub/contract/accounts';
import { createTestDatabase, testEngines, type TestDatabase } from '../../../test/test-database.ts';
import { createSilentLogger } from '../../logging.ts';
import { extractFacts } from '../facts/facts-extractor.ts';
import { daysBefore, heatBaseOf } from './accounts-heat.ts';
import { createAccountsRepository } from './accounts.repository.ts';
import { createAccountsService } from './accounts.service.ts';

// The rise sort reads stored 7- and 30-day sums (migration 026) that must follow the clock: as events leave a
// window, and as new ones arrive, the order stays the order of the rises the list shows.
const DAY = 86_400_000;
const START = new Date('2026-11-28T12:00:00Z');

describe.each(testEngines)('the rise in heat on %s', (engine) => {
  let database: TestDatabase;
  let clock = START;
  const repository = () => createAccountsRepository(database.handle.db);
  const service = () =>
    createAccountsService({
      repository: repository(),
      audit: { record: async () => undefined },
      extractFacts,
      scraperOutputDir: '/nonexistent',
      logger: createSilentLogger(),
      now: () => clock,
    });
  const user = { id: 1 } as User;

  /** Adds a company with events (days before `clock`, weight) the way the sync does, holding the window. */
  async function addCompany(name: string, events: [number, number][]) {
    const accounts = repository();
    await accounts.exclusively(async (trx) => {
      await accounts.holdHeatWindow(trx, { d7: daysBefore(clock, 7), d30: daysBefore(clock, 30) });
      const id = await accounts.insertCompany(trx, { name });
      for (const [days, weight] of events) {
        const occurredAt = daysBefore(clock, days);
        await accounts.addEvent(trx, {
          companyId: id,
          projectId: null,
          storyId: null,
          kind: 'results',
          occurredAt,
          weight,
          base: heatBaseOf(weight, occurredAt),
          summary: `${name} results`,
        });
      }
    });
  }

  async function list(window: '7d' | '30d', accounts = service()): Promise<CompanySummary[]> {
    const query = companyListQuerySchema.parse({ sort: 'heat_change', window });
    return (await accounts.list(user, query)).data;
  }

  /** The names in the order of the rises shown (largest first, then the hotter), as the sort promises. */
  const byShownRise = (companies: CompanySummary[], window: '7d' | '30d') =>
    [...companies]
      .sort((a, b) => {
        const [riseA, riseB] =
          window === '7d' ? [a.heat_change_7d, b.heat_change_7d] : [a.heat_change_30d, b.heat_change_30d];
        return riseB - riseA || b.heat - a.heat;
      })
      .map((company) => company.name);

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await addCompany('Old Flame Mining', [[10, 5]]);
    await addCompany('Fresh Spark Metals', [[3, 2]]);
    await addCompany('Steady Ore Corp', [
      [1, 1],
      [20, 4],
    ]);
    await addCompany('Quiet Rock Ltd', []);
  });

  afterAll(async () => {
    await database?.drop();
  });

  it('orders by the rise over 7 and 30 days as the list shows it', async () => {
    const week = await list('7d');
    expect(week.map((company) => company.name)).toEqual(byShownRise(week, '7d'));
    expect(week[0]?.name).toBe('Fresh Spark Metals');
    expect(week[0]?.heat_change_7d).toBeGreaterThan(0);
    const month = await list('30d');
    expect(month.map((company) => company.name)).toEqual(byShownRise(month, '30d'));
    expect(month[0]?.name).toBe('Old Flame Mining');
  });

  it('keeps that order as days pass, events arrive and the clock is set back', async () => {
    for (const days of [2, 5, 9, 25, 40]) {
      clock = new Date(START.getTime() + days * DAY);
      for (const window of ['7d', '30d'] as const) {
        const companies = await list(window);
        expect(
          companies.map((company) => company.name),
          `${window} after ${days} days`,
        ).toEqual(byShownRise(companies, window));
      }
    }
    // 40 days on, nothing happened for weeks: a new release puts its company first in both windows.
    await addCompany('Late Bloom Resources', [[0.5, 2]]);
    expect((await list('7d'))[0]?.name).toBe('Late Bloom Resources');
    expect((await list('30d'))[0]?.name).toBe('Late Bloom Resources');
    // Another process's clock (or a test's) behind the stored windows (not before the last event): they move back.
    clock = new Date(START.getTime() + 39.6 * DAY);
    const week = await list('7d', service());
    expect(week.map((company) => company.name)).toEqual(byShownRise(week, '7d'));
  });

  it('counts the live companies without counting rows, through a merge and a split', async () => {
    const accounts = service();
    const total = async () => (await accounts.list(user, companyListQuerySchema.parse({}))).pagination.total_count;
    expect(await total()).toBe(5);
    const [first, second] = await list('7d', accounts);
    const row = await database.handle.db
      .insertInto('users')
      .values({ email: 'admin@example.com', name: 'Admin', password_hash: 'x', role: 'admin' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const admin = { id: row.id, name: 'Admin', role: 'admin' } as User;
    await accounts.merge(admin, first?.id ?? 0, second?.id ?? 0);
    expect(await total()).toBe(4);
    await accounts.split(admin, first?.id ?? 0, undefined);
    expect(await total()).toBe(5);
    // A page past the end still says how many there are.
    const past = await accounts.list(user, companyListQuerySchema.parse({ page: 9 }));
    expect(past).toMatchObject({ data: [], pagination: { total_count: 5 } });
  });
});
