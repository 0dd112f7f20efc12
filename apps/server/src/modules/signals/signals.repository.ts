import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import { BUYING_INTENT_LEVELS, type ArticleStatus } from '@mining-hub/contract/articles';
import type { Signal, SignalSort, SignalsQuery } from '@mining-hub/contract/signals';
import type { Db } from '../../db/client.ts';
import { accountLateral, accountRefOf } from '../../db/account-refs.ts';
import type { Database } from '../../db/schema.ts';

type Articles = { a: Database['articles'] };
type ArticleQuery = SelectQueryBuilder<Database & Articles, 'a', object>;

const DAY_MS = 86_400_000;

/**
 * The inbox's orders. Each matches one index of migration 010 column for column (ending in the id, so the
 * order is total and pages never overlap).
 */
const ORDERS: Record<
  SignalSort,
  [column: 'company' | 'intent_rank' | 'signal_at' | 'id', direction: 'asc' | 'desc'][]
> = {
  intent: [
    ['intent_rank', 'desc'],
    ['signal_at', 'desc'],
    ['id', 'desc'],
  ],
  newest: [
    ['signal_at', 'desc'],
    ['id', 'desc'],
  ],
  company: [
    ['company', 'asc'],
    ['intent_rank', 'desc'],
    ['signal_at', 'desc'],
    ['id', 'desc'],
  ],
};

/** Orders whose columns all run one way: "the rows after this one" is then one row comparison an index seeks to. */
export const KEYSET_SORTS: ReadonlySet<SignalSort> = new Set(
  (Object.keys(ORDERS) as SignalSort[]).filter((sort) => ORDERS[sort].every(([, direction]) => direction === 'desc')),
);

/** The SQL type of each sort column, to compare it with a key read back as text. */
const COLUMN_TYPES = { company: 'text', intent_rank: 'smallint', signal_at: 'timestamptz', id: 'integer' } as const;

/** Where a page starts: after the row whose sort key is `after` (as text, exact), skipping `skip` rows more. */
export interface PageStart {
  after: string[];
  skip: number;
}

/** Only articles a fetch session of `ownerId` found (anyone's when undefined: an admin). */
function visibleTo(ownerId: number) {
  return (eb: ExpressionBuilder<Database & Articles, 'a'>) =>
    eb(
      'a.id',
      'in',
      eb
        .selectFrom('session_articles as sa')
        .innerJoin('news_sessions as s', 's.id', 'sa.session_id')
        .select('sa.article_id')
        .where('s.user_id', '=', ownerId),
    );
}

/** `%text%` for ILIKE, with LIKE's own wildcards in the text taken literally. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** What the inbox lists of an article. */
const SIGNAL_COLUMNS = [
  'a.id',
  'a.company',
  'a.title',
  'a.intent_rank',
  'a.intent_reasons',
  'a.signal_summary',
  'a.commodities',
  'a.countries',
  'a.signal_at',
  'a.status',
  'a.step_running',
  'a.queued_in_batch',
  'a.dismissed_at',
  'a.url',
  'a.fact_headline',
] as const;

/** The signals inbox over the articles table: analysed articles, their dismissal, filtered and ranked. */
export function createSignalsRepository(db: Db) {
  /** The analysed articles the filters keep, in the inbox or (status 'dismissed') among the dismissed. */
  function filtered(ownerId: number | undefined, query: SignalsQuery): ArticleQuery {
    const statuses = query.status ?? [];
    const pipelineStatuses = statuses.filter((status): status is ArticleStatus => status !== 'dismissed');
    // The two IS (NOT) NULL tests are spelled as in the indexes' predicates, so the planner uses them.
    let articles = db
      .selectFrom('articles as a')
      .where('a.analysed_at', 'is not', null)
      .where('a.dismissed_at', statuses.includes('dismissed') ? 'is not' : 'is', null);
    if (ownerId !== undefined) articles = articles.where(visibleTo(ownerId));
    if (pipelineStatuses.length > 0) articles = articles.where('a.status', 'in', pipelineStatuses);
    const intent = query.intent ?? [];
    if (intent.length > 0) {
      articles = articles.where(
        'a.intent_rank',
        'in',
        intent.map((level) => BUYING_INTENT_LEVELS.indexOf(level) + 1),
      );
    }
    const commodities = query.commodity ?? [];
    if (commodities.length > 0) {
      articles = articles.where(sql<boolean>`a.commodities && ARRAY[${sql.join(commodities)}]::text[]`);
    }
    const countries = query.country ?? [];
    if (countries.length > 0) {
      articles = articles.where(sql<boolean>`a.countries && ARRAY[${sql.join(countries)}]::text[]`);
    }
    // Facts (migration 018): every `fact` named, and any of the study stages.
    const facts = query.fact ?? [];
    if (facts.length > 0) articles = articles.where(sql<boolean>`a.fact_tags @> ARRAY[${sql.join(facts)}]::text[]`);
    const stages = (query.stage ?? []).map((stage) => `stage:${stage}`);
    if (stages.length > 0) articles = articles.where(sql<boolean>`a.fact_tags && ARRAY[${sql.join(stages)}]::text[]`);
    if (query.q) {
      const pattern = containsPattern(query.q);
      articles = articles.where((eb) =>
        eb.or([
          eb('a.title', 'ilike', pattern),
          eb('a.company', 'ilike', pattern),
          eb('a.signal_summary', 'ilike', pattern),
        ]),
      );
    }
    // Whole days in UTC, whatever the database session's time zone.
    if (query.from) articles = articles.where('a.signal_at', '>=', new Date(`${query.from}T00:00:00Z`));
    if (query.to) articles = articles.where('a.signal_at', '<', new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS));
    return articles;
  }

  /** `query` in the sort's order, by the columns of the table or subquery named `from`. */
  function ordered<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>, from: string, sort: SignalSort) {
    return ORDERS[sort].reduce(
      (sorted, [column, direction]) => sorted.orderBy(sql.ref(`${from}.${column}`), direction),
      query,
    );
  }

  /** Sets or clears an article's dismissal when `ownerId`'s sessions (anyone's: undefined) found it. */
  async function setDismissed(
    ownerId: number | undefined,
    articleId: number,
    dismissedBy: number | null,
  ): Promise<{ dismissed_at: Date | null } | undefined> {
    return db
      .updateTable('articles as a')
      .set(
        dismissedBy === null
          ? { dismissed_at: null, dismissed_by: null }
          : {
              // Dismissing again keeps the first dismissal (SET reads the row's old values).
              dismissed_at: sql<Date>`coalesce(a.dismissed_at, now())`,
              dismissed_by: sql<number>`CASE WHEN a.dismissed_at IS NULL THEN ${dismissedBy}::integer ELSE a.dismissed_by END`,
            },
      )
      .where('a.id', '=', articleId)
      .$if(ownerId !== undefined, (update) => update.where(visibleTo(ownerId ?? 0)))
      .returning('a.dismissed_at')
      .executeTakeFirst();
  }

  return {
    /**
     * One page of the signals `ownerId` may see (everyone's: undefined), with the generation it was read at.
     * The page's ids come from a walk of the order's index (index-only for the default order), and only
     * those rows are read from the table, so a deep page skips index entries, not rows.
     */
    async page(
      ownerId: number | undefined,
      query: SignalsQuery,
      start?: PageStart,
    ): Promise<{ signals: Signal[]; generation: string }> {
      let matching = filtered(ownerId, query);
      if (start) {
        const columns = ORDERS[query.sort].map(([column]) => column);
        const key = columns.map((column, index) => sql`${start.after[index]}::${sql.raw(COLUMN_TYPES[column])}`);
        matching = matching.where(
          sql<boolean>`(${sql.join(columns.map((column) => sql.ref(`a.${column}`)))}) < (${sql.join(key)})`,
        );
      }
      const pageIds = ordered(matching.select('a.id'), 'a', query.sort)
        .limit(query.page_size)
        .offset(start ? start.skip : (query.page - 1) * query.page_size);
      const page = ordered(
        db
          .selectFrom(pageIds.as('page'))
          .innerJoin('articles as a', 'a.id', 'page.id')
          // The account rides in the page's own statement: a lateral over the page's rows only.
          .leftJoinLateral(accountLateral('a.story_id'), (join) => join.onTrue())
          .select([...SIGNAL_COLUMNS, 'acct.account_id', 'acct.account_name']),
        'a',
        query.sort,
      );
      // One statement, so the generation is the one the page was read at.
      const rows = await ordered(
        db
          .selectFrom('signals_generation as g')
          .leftJoinLateral(page.as('p'), (join) => join.onTrue())
          .select(sql<string>`g.generation::text`.as('generation'))
          .selectAll('p'),
        'p',
        query.sort,
      ).execute();
      return {
        signals: rows.flatMap((row) => (row.id === null ? [] : [toSignal(row as SignalRow)])),
        generation: rows[0]?.generation ?? '',
      };
    },

    /**
     * The sort keys (as text, exact) of every `stride`-th signal in the sort's order: where pages deep in the
     * list start their walk (see `page`'s `start`), with the generation they were read at. One walk of the
     * whole order, instead of one per deep page.
     */
    async startKeys(
      ownerId: number | undefined,
      query: SignalsQuery,
      stride: number,
    ): Promise<{ keys: string[][]; generation: string }> {
      const order = ORDERS[query.sort];
      const numbered = filtered(ownerId, query).select([
        sql<string[]>`ARRAY[${sql.join(order.map(([column]) => sql`${sql.ref(`a.${column}`)}::text`))}]`.as('key'),
        sql<string>`row_number() OVER (ORDER BY ${sql.join(
          order.map(([column, direction]) => sql`${sql.ref(`a.${column}`)} ${sql.raw(direction)}`),
        )})`.as('row_number'),
      ]);
      const starts = db
        .selectFrom(numbered.as('n'))
        .select(['n.key', 'n.row_number'])
        .where(sql<boolean>`n.row_number % ${stride} = 0`);
      const rows = await db
        .selectFrom('signals_generation as g')
        .leftJoinLateral(starts.as('s'), (join) => join.onTrue())
        .select([sql<string>`g.generation::text`.as('generation'), 's.key', 's.row_number'])
        .orderBy('s.row_number')
        .execute();
      return {
        keys: rows.flatMap((row) => (row.key ? [row.key] : [])),
        generation: rows[0]?.generation ?? '',
      };
    },

    /** How many signals the filters keep, with the generation the count was read at. */
    async count(ownerId: number | undefined, query: SignalsQuery): Promise<{ total: number; generation: string }> {
      const row = await filtered(ownerId, query)
        .select((eb) => [
          eb.fn.countAll<string>().as('count'),
          eb
            .selectFrom('signals_generation')
            .select(sql<string>`generation::text`.as('generation'))
            .as('generation'),
        ])
        .executeTakeFirstOrThrow();
      return { total: Number(row.count), generation: row.generation ?? '' };
    },

    /** Dismisses a signal; undefined when `ownerId` cannot see the article. */
    dismiss: (ownerId: number | undefined, articleId: number, userId: number) =>
      setDismissed(ownerId, articleId, userId),

    /** Puts a dismissed signal back in the inbox; undefined when `ownerId` cannot see the article. */
    restore: (ownerId: number | undefined, articleId: number) => setDismissed(ownerId, articleId, null),
  };
}
export type SignalsRepository = ReturnType<typeof createSignalsRepository>;

interface SignalRow {
  id: number;
  company: string | null;
  title: string;
  intent_rank: number;
  intent_reasons: string[];
  signal_summary: string | null;
  commodities: string[];
  countries: string[];
  signal_at: Date;
  status: string;
  step_running: string | null;
  queued_in_batch: boolean;
  dismissed_at: Date | null;
  url: string | null;
  fact_headline: string | null;
  account_id: number | null;
  account_name: string | null;
}

function toSignal(row: SignalRow): Signal {
  return {
    article_id: row.id,
    company: row.company,
    title: row.title,
    buying_intent_score: BUYING_INTENT_LEVELS[row.intent_rank - 1] ?? null,
    intent_reasons: row.intent_reasons,
    signal_summary: row.signal_summary,
    commodities: row.commodities,
    countries: row.countries,
    date: row.signal_at.toISOString(),
    status: row.status as Signal['status'],
    activity: row.step_running ? 'processing' : row.queued_in_batch ? 'queued' : null,
    dismissed_at: row.dismissed_at?.toISOString() ?? null,
    url: row.url,
    strongest_fact: row.fact_headline,
    story: null,
    account: accountRefOf(row),
  };
}
