import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { BUYING_INTENT_LEVELS } from '@mining-hub/contract/articles';
import type { Viewer } from '@mining-hub/contract/auth';
import {
  SIGNAL_SORTS,
  signalsQuerySchema,
  type SignalSort,
  type SignalsQueryInput,
} from '@mining-hub/contract/signals';
import { seedFetchedSignals } from '../../../test/signal-factory.ts';
import { createTestDatabase, testEngines, type TestDatabase } from '../../../test/test-database.ts';
import { createSignalsRepository } from './signals.repository.ts';
import { createSignalsService, type SignalsService } from './signals.service.ts';

/** A small deterministic generator (mulberry32), so a failure replays: an integer below `n`. */
function random(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4_294_967_296) * n);
  };
}

const COMMODITIES = ['Au', 'Cu', 'Li'];
const STATUSES = ['summarised', 'pushed_to_hubspot', 'failed_push'] as const;

/**
 * The cached counts, and every page of a listing (deep ones starting from cached start keys), against a naive
 * reading of the same rows after each of 60 random changes made the ways the app makes them: dismissals,
 * status and analysis updates one row at a time, fetches finding new and known articles, and tags changing.
 */
describe.each(testEngines)('signals counts and pages on %s', (engine) => {
  let database: TestDatabase;
  let signals: SignalsService;
  const viewers: Viewer[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    // Start keys every 3 signals, so a small inbox has deep pages.
    signals = createSignalsService({ repository: createSignalsRepository(database.handle.db), startKeyStride: 3 });
    for (const [index, role] of (['admin', 'member', 'member'] as const).entries()) {
      const user = await database.handle.db
        .insertInto('users')
        .values({ email: `u${index}@example.com`, name: `U${index}`, password_hash: 'x', role })
        .returning(['id', 'role'])
        .executeTakeFirstOrThrow();
      viewers.push(user);
    }
  });
  afterAll(async () => {
    await database.drop();
  });

  /** What the inbox should list, read without any index or cache: every row, filtered and sorted here. */
  async function naiveIds(viewer: Viewer, query: SignalsQueryInput): Promise<number[]> {
    const parsed = signalsQuerySchema.parse(query);
    const { rows } = await sql<{
      id: number;
      analysed: boolean;
      dismissed: boolean;
      status: string;
      commodities: string[];
      intent: string | null;
      owners: number[];
      company: string | null;
      signal_at: Date;
    }>`
      SELECT a.id, a.analysed_at IS NOT NULL AS analysed, a.dismissed_at IS NOT NULL AS dismissed, a.status,
             a.commodities, a.analysis ->> 'buying_intent_score' AS intent, a.company, a.signal_at,
             coalesce((SELECT array_agg(s.user_id) FROM session_articles sa JOIN news_sessions s ON s.id = sa.session_id
                       WHERE sa.article_id = a.id), '{}') AS owners
      FROM articles a`.execute(database.handle.db);
    const wantDismissed = parsed.status?.includes('dismissed') ?? false;
    const statuses = parsed.status?.filter((status) => status !== 'dismissed') ?? [];
    type Row = (typeof rows)[number];
    const rank = (row: Row) => BUYING_INTENT_LEVELS.findIndex((level) => level === row.intent);
    const byIntent = (a: Row, b: Row) =>
      rank(b) - rank(a) || b.signal_at.getTime() - a.signal_at.getTime() || b.id - a.id;
    const orders: Record<SignalSort, (a: Row, b: Row) => number> = {
      intent: byIntent,
      newest: (a, b) => b.signal_at.getTime() - a.signal_at.getTime() || b.id - a.id,
      company: (a, b) => (a.company ?? '\uffff').localeCompare(b.company ?? '\uffff', 'en') || byIntent(a, b),
    };
    return rows
      .filter(
        (row) =>
          row.analysed &&
          row.dismissed === wantDismissed &&
          (viewer.role === 'admin' || row.owners.includes(viewer.id)) &&
          (statuses.length === 0 || statuses.some((status) => status === row.status)) &&
          (!parsed.intent?.length || parsed.intent.some((level) => level === row.intent)) &&
          (!parsed.commodity?.length || row.commodities.some((c) => parsed.commodity?.includes(c))),
      )
      .sort(orders[parsed.sort])
      .map((row) => row.id);
  }

  it('stay exact through every kind of change', async () => {
    const db = database.handle.db;
    const next = random(16);
    const pick = <T>(values: readonly T[]): T => values[next(values.length)] as T;
    const queries: SignalsQueryInput[] = [
      {},
      { intent: 'High,Very High' },
      { commodity: 'Cu' },
      { status: 'dismissed' },
      { status: 'pushed_to_hubspot', intent: 'Low,Medium' },
    ];
    const ids: number[] = [];
    // Companies sort apart from ids and dates; a quarter share one, so the order's other columns decide there.
    const company = () => (next(4) === 0 ? 'Shared Corp' : `Company ${String.fromCharCode(65 + next(26))}`);
    const seed = async (user: Viewer, count: number, alsoFound: number[] = []) => {
      const created = await seedFetchedSignals(
        db,
        user.id,
        Array.from({ length: count }, (_, index) => ({
          title: `Signal ${ids.length + index}`,
          company: company(),
          intent: pick(BUYING_INTENT_LEVELS),
          status: next(4) === 0 ? ('fetched' as const) : pick(STATUSES),
          commodities: [pick(COMMODITIES)],
        })),
        { alsoFound },
      );
      ids.push(...created);
    };
    for (const viewer of viewers) await seed(viewer, 6);

    for (let step = 0; step < 60; step++) {
      const articleId = pick(ids);
      const viewer = pick(viewers);
      switch (next(7)) {
        case 0:
          await signals.dismiss(viewers[0] as Viewer, articleId);
          break;
        case 1:
          await signals.restore(viewers[0] as Viewer, articleId);
          break;
        case 2:
          await db
            .updateTable('articles')
            .set({ status: pick(STATUSES) })
            .where('id', '=', articleId)
            .execute();
          break;
        case 3: {
          // Analysed again (or for the first time) with another intent, as the pipeline stores an analysis.
          const analysis = JSON.stringify({ buying_intent_score: pick(BUYING_INTENT_LEVELS) });
          await db
            .updateTable('articles')
            .set({ analysis, analysed_at: sql<Date>`now()`, status: 'summarised' })
            .where('id', '=', articleId)
            .execute();
          break;
        }
        case 4:
          await db
            .updateTable('articles')
            .set({ commodities: [pick(COMMODITIES)] })
            .where('id', '=', articleId)
            .execute();
          break;
        case 5:
          // A fetch that finds articles the user did not have yet.
          await seed(viewer, next(2), [articleId]);
          break;
        default:
          await db
            .deleteFrom('news_sessions')
            .where('user_id', '=', viewer.id)
            .where(sql<boolean>`random() < 0.2`)
            .execute();
      }
      for (const reader of viewers) {
        for (const query of queries) {
          const listed = await signals.list(reader, signalsQuerySchema.parse(query));
          expect(
            listed.pagination.total_count,
            `step ${step}, ${reader.role} ${reader.id}, ${JSON.stringify(query)}`,
          ).toBe((await naiveIds(reader, query)).length);
        }
      }
      // Every page of one listing, deep ones starting from their start key, against the naive order.
      const reader = pick(viewers);
      const query = { ...pick(queries), sort: pick(SIGNAL_SORTS), page_size: String(1 + next(4)) };
      const expected = await naiveIds(reader, query);
      const listed: number[] = [];
      for (let page = 1; page <= Math.ceil(expected.length / Number(query.page_size)) + 1; page++) {
        const result = await signals.list(reader, signalsQuerySchema.parse({ ...query, page: String(page) }));
        listed.push(...result.data.map((signal) => signal.article_id));
      }
      expect(listed, `step ${step}, ${reader.role} ${reader.id}, ${JSON.stringify(query)}`).toEqual(expected);
    }
  });
});
