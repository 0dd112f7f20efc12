import { CompiledQuery, sql, type Selectable } from 'kysely';
import type { ArticleActivity } from '@mining-hub/contract/articles';
import type { Article, NewsQuery } from '@mining-hub/contract/news';
import type { AccountRef } from '@mining-hub/contract/common';
import { accountLateral, accountLateralSql, accountRefOf } from '../../db/account-refs.ts';
import { arrayLiteral } from '../../db/array-literal.ts';
import type { Db } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared-statements.ts';
import { takeStoryTurn } from '../../db/story-turn.ts';
import type { ArticlesTable } from '../../db/schema.ts';
import type { ArticleTags, SourceArticle } from '../../adapters/news-sources/news-source.ts';

export interface StoredArticleInput extends Omit<SourceArticle, 'tags'> {
  tags: ArticleTags;
}

export interface NewsSessionRecord {
  id: string;
  user_id: number;
  query: Record<string, unknown>;
  status: string;
  message: string;
  progress: number;
  current_page: number;
  total_pages: number;
  articles_found: number;
  created_at: Date;
  finished_at: Date | null;
}

const ARTICLE_COLUMNS = [
  'id',
  'title',
  'source',
  'url',
  'description',
  'content',
  'expanded_description',
  'full_content',
  'status',
  'failure_reason',
  'article_type',
  'pdf_iframe_url',
  'fetched_at',
  'published_at',
  'raw_json',
  'commodities',
  'countries',
  'states',
  'type_group',
  'type',
  'company',
  'ticker',
  'project',
  'analysis',
  'analysis_prompt_id',
  'analysis_prompt_version',
  'crm_company_id',
  'buying_intent_score',
  'intent_reasons',
  'signal_summary',
  'step_running',
  'queued_in_batch',
  'story_id',
  'facts',
  'facts_version',
] as const;

type ArticleRow = Pick<Selectable<ArticlesTable>, (typeof ARTICLE_COLUMNS)[number]>;

/**
 * A list page leaves out the article bodies and the analysis (tens of KB per article): the cards show
 * none of them, and the detail modal reads the full article. Serialising them made the list CPU-bound.
 * What the cards show of the analysis (intent, reasons, summary) is in columns of its own (migration 011).
 */
const BODY_COLUMNS = ['content', 'expanded_description', 'full_content', 'analysis', 'facts'] as const;
type ListRow = Omit<ArticleRow, (typeof BODY_COLUMNS)[number]>;
const LIST_COLUMNS = ARTICLE_COLUMNS.filter(
  (column): column is Exclude<(typeof ARTICLE_COLUMNS)[number], (typeof BODY_COLUMNS)[number]> =>
    !(BODY_COLUMNS as readonly string[]).includes(column),
);

/**
 * A session's owner and article count with the ids and row versions of one page of its articles, in one
 * round trip: the list is the app's busiest call, and most of a page's articles are in the service's
 * article cache, which the versions check (every update bumps an article's version, migration 007). The
 * text is fixed, so it is written once here rather than built per request (building it with the query
 * builder cost a tenth of the server's time under load). Positions are 1..n without gaps, so a page is the
 * list of its positions, looked up in the (session_id, position) index. A list rather than a range: with a
 * range PostgreSQL judged its generic plan dearer than one planned for the values and planned the statement
 * again on every call, which cost more than running it. $1 session id, $2 the page's positions.
 */
const SESSION_PAGE_SQL = preparedStatement(
  'session_page_versions',
  `
  SELECT s.user_id, s.articles_found, page.article_id, page.row_version, acct.account_id, acct.account_name
  FROM news_sessions s
  LEFT JOIN LATERAL (
    SELECT sa.article_id, a.row_version, sa.position, a.story_id
    FROM session_articles sa
    JOIN articles a ON a.id = sa.article_id
    WHERE sa.session_id = s.id AND sa.position = ANY($2::integer[])
  ) page ON true
  ${accountLateralSql('page.story_id')}
  WHERE s.id = $1
  ORDER BY page.position`,
);

/** The list items of the given articles with their row versions. $1 the ids. */
const LIST_ARTICLES_SQL = preparedStatement(
  'list_articles',
  `SELECT ${LIST_COLUMNS.join(', ')}, row_version FROM articles WHERE id = ANY($1::integer[])`,
);

/** One page of a session: its owner and article count, and the page's article ids with their row versions. */
export interface SessionPageVersions {
  userId: number;
  articlesFound: number;
  /** `account` is read with the page (it changes without the article's row version: a sync, a merge). */
  articles: { id: number; version: number; account: AccountRef }[];
}

/** A list item (no bodies, no analysis) and the row version it was read at. */
export interface ListArticle {
  article: Article;
  version: number;
}

/** Processing while a step runs on the article, else queued while a batch holds it. */
export function articleActivity(row: { step_running: string | null; queued_in_batch: boolean }): ArticleActivity {
  return row.step_running ? 'processing' : row.queued_in_batch ? 'queued' : null;
}

/** A stored article and the story it belongs to (null until it is assigned one), which its `story` shows. */
export interface StoredArticle {
  article: Article;
  storyId: number | null;
  /** The extractor version its facts were read with (migration 018); null when they were never read. */
  factsVersion: number | null;
}

/** The API shape of a stored article (SPEC.md section 3); `story` is filled in from the stories module. */
export function toArticle(row: Omit<ArticleRow, 'story_id' | 'facts_version'>, account: AccountRef = null): Article {
  const raw = row.raw_json;
  return {
    article_id: row.id,
    title: row.title,
    source: row.source,
    url: row.url,
    description: row.description,
    excerpt: row.description,
    content: row.content,
    text: row.full_content ?? row.content,
    expanded_description: row.expanded_description,
    full_content: row.full_content,
    status: row.status as Article['status'],
    failure_reason: row.failure_reason,
    activity: articleActivity(row),
    article_type: row.article_type,
    pdf_iframe_url: row.pdf_iframe_url,
    fetched_at: row.fetched_at.toISOString(),
    published_at: row.published_at?.toISOString() ?? null,
    raw_json: {
      date: typeof raw.date === 'string' ? raw.date : (row.published_at?.toISOString() ?? null),
      link: typeof raw.link === 'string' ? raw.link : row.url,
      pdf_iframe_url: row.pdf_iframe_url,
    },
    commodities: row.commodities,
    countries: row.countries,
    states: row.states,
    type_group: row.type_group,
    type: row.type,
    company: row.company,
    ticker: row.ticker,
    project: row.project,
    analysis: row.analysis,
    analysis_prompt_id: row.analysis_prompt_id,
    analysis_prompt_version: row.analysis_prompt_version,
    crm_company_id: row.crm_company_id,
    story: null,
    account,
    facts: row.facts,
    buying_intent_score: row.buying_intent_score,
    intent_reasons: row.intent_reasons,
    signal_summary: row.signal_summary,
  };
}

/** News sessions, the articles they found, and the saved auto-mode filters. */
export function createNewsRepository(db: Db) {
  return {
    async insertSession(session: { id: string; user_id: number; query: NewsQuery }): Promise<void> {
      await db
        .insertInto('news_sessions')
        .values({ id: session.id, user_id: session.user_id, query: JSON.stringify(session.query) })
        .execute();
    },

    /** When the user last started a fetch (for the per-user rate limit). */
    async lastSessionStart(userId: number): Promise<Date | undefined> {
      const row = await db
        .selectFrom('news_sessions')
        .select('created_at')
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.created_at;
    },

    /** The user's newest sessions still fetching or finished since `since`, newest first. */
    listRecentSessions(userId: number, since: Date, limit: number): Promise<NewsSessionRecord[]> {
      return db
        .selectFrom('news_sessions')
        .selectAll()
        .where('user_id', '=', userId)
        .where((eb) => eb.or([eb('finished_at', 'is', null), eb('finished_at', '>=', since)]))
        .orderBy('created_at', 'desc')
        .limit(limit)
        .execute();
    },

    findSession(id: string): Promise<NewsSessionRecord | undefined> {
      return db.selectFrom('news_sessions').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async updateSession(
      id: string,
      values: Partial<
        Pick<
          NewsSessionRecord,
          'status' | 'message' | 'progress' | 'current_page' | 'total_pages' | 'articles_found' | 'finished_at'
        >
      >,
    ): Promise<void> {
      await db.updateTable('news_sessions').set(values).where('id', '=', id).execute();
    },

    /**
     * Stores a page of articles once each (by source key): content is refreshed; status and pipeline results
     * of known articles are kept. Returns the stored ids in the page's order.
     */
    async storeArticles(articles: StoredArticleInput[]): Promise<{ id: number; fetched_at: Date }[]> {
      if (articles.length === 0) return [];
      // One array per column, not one parameter per field: a page's 100 articles bound 1,800 parameters one by
      // one, which cost PGlite's one thread more than the rows (bench/news-ingest.bench.ts). Tag lists go as
      // array literals, one per article, cast back per row.
      const column = <T>(of: (article: StoredArticleInput) => T) => articles.map(of);
      const tagList = (of: (tags: StoredArticleInput['tags']) => string[]) => column((a) => arrayLiteral(of(a.tags)));
      const { rows } = await sql<{ id: number; source_key: string; fetched_at: Date }>`
        INSERT INTO articles (source_key, title, source, url, description, content, article_type, pdf_iframe_url,
                              published_at, raw_json, commodities, countries, states, type_group, type, company,
                              ticker, project)
        SELECT source_key, title, source, url, description, content, article_type, pdf_iframe_url, published_at,
               raw_json::jsonb, commodities::text[], countries::text[], states::text[], type_group, type, company,
               ticker, project
        FROM unnest(${column((a) => a.sourceKey)}::text[], ${column((a) => a.title)}::text[],
                    ${column((a) => a.source)}::text[], ${column((a) => a.url)}::text[],
                    ${column((a) => a.description)}::text[], ${column((a) => a.content)}::text[],
                    ${column((a) => a.articleType)}::text[], ${column((a) => a.pdfUrl)}::text[],
                    ${column((a) => a.publishedAt?.toISOString() ?? null)}::timestamptz[],
                    ${column((a) => JSON.stringify(a.raw))}::text[],
                    ${tagList((tags) => tags.commodities)}::text[], ${tagList((tags) => tags.countries)}::text[],
                    ${tagList((tags) => tags.states)}::text[], ${column((a) => a.tags.typeGroup)}::text[],
                    ${column((a) => a.tags.type)}::text[], ${column((a) => a.tags.company)}::text[],
                    ${column((a) => a.tags.ticker)}::text[], ${column((a) => a.tags.project)}::text[])
          AS page (source_key, title, source, url, description, content, article_type, pdf_iframe_url,
                   published_at, raw_json, commodities, countries, states, type_group, type, company, ticker, project)
        ON CONFLICT (source_key) DO UPDATE SET
          title = excluded.title,
          description = excluded.description,
          content = excluded.content,
          published_at = excluded.published_at,
          raw_json = excluded.raw_json,
          updated_at = now()
        RETURNING id, source_key, fetched_at`.execute(db);
      // In the order given (RETURNING's order is not promised): the caller matches them to what it stored.
      const stored = new Map(rows.map((row) => [row.source_key, { id: row.id, fetched_at: row.fetched_at }]));
      return articles.flatMap((a) => stored.get(a.sourceKey) ?? []);
    },

    /**
     * Links articles to the session after the ones it already has, each once and as its story's primary now,
     * whichever copy found it. Returns how many articles the session holds afterwards.
     */
    async linkToSession(sessionId: string, articleIds: number[]): Promise<number> {
      if (articleIds.length === 0) return this.countSessionArticles(sessionId);
      return db.transaction().execute(async (tx) => {
        // A story's primary can change between a page's story assignment and this link: another source's page
        // with an earlier copy takes over. The primary is read here, in the story turn, so no switch (and its
        // folding of the lists that hold the old primary) falls between the read and the insert.
        await takeStoryTurn(tx);
        // One statement: each article's primary (the first time it comes in the page), those not in the list
        // yet, appended after its last position (positions stay 1..n without gaps, so a page of the list is a
        // plain range of the (session_id, position) index), and the list's size afterwards.
        const session = sql`${sessionId}::uuid`;
        const result = await sql<{ count: string }>`
          WITH page AS (
            SELECT DISTINCT ON (primary_id) primary_id, ord
            FROM (
              SELECT coalesce(story.primary_article_id, page.id) AS primary_id, page.ord
              FROM unnest(${`{${articleIds.join(',')}}`}::integer[]) WITH ORDINALITY AS page (id, ord)
              LEFT JOIN articles ON articles.id = page.id
              LEFT JOIN stories AS story ON story.id = articles.story_id
            ) AS resolved
            ORDER BY primary_id, ord
          ),
          held AS (
            SELECT count(*) AS size, coalesce(max(position), 0) AS last
            FROM session_articles WHERE session_id = ${session}
          ),
          added AS (
            INSERT INTO session_articles (session_id, article_id, position)
            SELECT ${session}, page.primary_id, held.last + row_number() OVER (ORDER BY page.ord)
            FROM page, held
            WHERE NOT EXISTS (
              SELECT 1 FROM session_articles AS linked
              WHERE linked.session_id = ${session} AND linked.article_id = page.primary_id)
            RETURNING 1
          )
          SELECT (SELECT size FROM held) + (SELECT count(*) FROM added) AS count`.execute(tx);
        return Number(result.rows[0]?.count ?? 0);
      });
    },

    async countSessionArticles(sessionId: string): Promise<number> {
      const row = await db
        .selectFrom('session_articles')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('session_id', '=', sessionId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** A session's owner, article count and the ids and row versions of one page (undefined: no session). */
    async sessionPageVersions(
      sessionId: string,
      offset: number,
      limit: number,
    ): Promise<SessionPageVersions | undefined> {
      const { rows } = await db.executeQuery(
        CompiledQuery.raw(SESSION_PAGE_SQL, [
          sessionId,
          `{${Array.from({ length: limit }, (_, index) => offset + index + 1).join(',')}}`,
        ]) as CompiledQuery<{
          user_id: number;
          articles_found: number;
          // Null on the session's row alone: a page past the end.
          article_id: number | null;
          row_version: number | null;
          account_id: number | null;
          account_name: string | null;
        }>,
      );
      const first = rows[0];
      if (!first) return undefined;
      return {
        userId: first.user_id,
        articlesFound: first.articles_found,
        articles: rows.flatMap((row) =>
          row.article_id === null
            ? []
            : [{ id: row.article_id, version: row.row_version ?? 0, account: accountRefOf(row) }],
        ),
      };
    },

    /** The list items (without bodies) of these articles, in no particular order, with their stories' ids. */
    async listArticles(ids: number[]): Promise<(ListArticle & { storyId: number | null })[]> {
      const { rows } = await db.executeQuery(
        // An array literal: pg's own array encoding escapes every element.
        CompiledQuery.raw(LIST_ARTICLES_SQL, [`{${ids.join(',')}}`]) as CompiledQuery<
          ListRow & { row_version: number }
        >,
      );
      return rows.map(({ row_version: version, story_id: storyId, ...row }) => ({
        article: toArticle({
          ...row,
          content: null,
          expanded_description: null,
          full_content: null,
          analysis: null,
          facts: null,
        }),
        version,
        storyId,
      }));
    },

    async listSessionArticleIds(sessionId: string): Promise<number[]> {
      const rows = await db
        .selectFrom('session_articles')
        .select('article_id')
        .where('session_id', '=', sessionId)
        .orderBy('position')
        .execute();
      return rows.map((row) => row.article_id);
    },

    async findArticle(id: number): Promise<StoredArticle | undefined> {
      const row = await db
        .selectFrom('articles as a')
        .leftJoinLateral(accountLateral('a.story_id'), (join) => join.onTrue())
        .select([...ARTICLE_COLUMNS, 'acct.account_id', 'acct.account_name'])
        .where('a.id', '=', id)
        .executeTakeFirst();
      return row
        ? { article: toArticle(row, accountRefOf(row)), storyId: row.story_id, factsVersion: row.facts_version }
        : undefined;
    },

    /** Whether one of the user's sessions found the article (articles are visible through sessions). */
    /** Whether a fetch session of `ownerId` (of anyone's when undefined) found the article. */
    async sessionsFoundArticle(ownerId: number | undefined, articleId: number): Promise<boolean> {
      const row = await db
        .selectFrom('session_articles')
        .innerJoin('news_sessions', 'news_sessions.id', 'session_articles.session_id')
        .select('session_articles.article_id')
        .where('session_articles.article_id', '=', articleId)
        .$if(ownerId !== undefined, (query) => query.where('news_sessions.user_id', '=', ownerId ?? 0))
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    async findAutoMode(userId: number): Promise<Record<string, unknown> | undefined> {
      const row = await db
        .selectFrom('auto_mode_configs')
        .select('filters')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row?.filters;
    },

    async saveAutoMode(userId: number, filters: Record<string, unknown>): Promise<void> {
      await db
        .insertInto('auto_mode_configs')
        .values({ user_id: userId, filters: JSON.stringify(filters) })
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet({ filters: JSON.stringify(filters), updated_at: sql<Date>`now()` }),
        )
        .execute();
    },
  };
}
export type NewsRepository = ReturnType<typeof createNewsRepository>;
