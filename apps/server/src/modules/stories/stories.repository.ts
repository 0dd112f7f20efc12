import { CompiledQuery, sql, type Transaction } from 'kysely';
import type { Db } from '../../db/client.ts';
import { arrayLiteral } from '../../db/array-literal.ts';
import { preparedStatement } from '../../db/prepared-statements.ts';
import { takeStoryTurn } from '../../db/story-turn.ts';
import type { Database } from '../../db/schema.ts';
import { BAND_CANDIDATES, storyKeys, type ReleaseFingerprint } from './release-fingerprint.ts';

/** What matching reads of an article (a new one, or a candidate story's primary). */
export interface ReleaseRow {
  id: number;
  title: string;
  description: string | null;
  content: string | null;
  company: string | null;
  published_at: Date | null;
  fetched_at: Date;
}

/** A story that may be the release of a new article, with its primary's text. */
export interface CandidateStory extends ReleaseRow {
  story_id: number;
  fingerprint: ReleaseFingerprint;
}

export interface NewStory {
  primaryArticleId: number;
  fingerprint: ReleaseFingerprint;
  issuer: string | null;
  publishedAt: Date;
}

/** A copy found to belong to a story whose primary is another article. */
export interface Merge {
  copyId: number;
  primaryId: number;
}

export interface StorySourceRow {
  story_id: number;
  primary_article_id: number;
  article_id: number;
  source: string;
  url: string | null;
  published_at: Date | null;
}

type Executor = Db | Transaction<Database>;

/**
 * Every copy of the stories of some articles, by the article asked about, each story's primary first, then by
 * date: read for every list page (Signals, a session's articles missing from the cache), so a fixed text run
 * as a prepared statement (built per call with the query builder and planned per call, it doubled the server's
 * CPU time for a Signals page). $1 the article ids.
 */
const SOURCES_OF_ARTICLES_SQL = preparedStatement(
  'story_sources_of_articles',
  `SELECT x.id AS for_article_id, s.id AS story_id, s.primary_article_id, a.id AS article_id, a.source, a.url,
          a.published_at
   FROM articles x
   JOIN stories s ON s.id = x.story_id
   JOIN articles a ON a.story_id = s.id
   WHERE x.id = ANY($1::integer[])
   ORDER BY x.id, a.id = s.primary_article_id DESC, coalesce(a.published_at, a.fetched_at), a.id`,
);

const RELEASE_COLUMNS = ['id', 'title', 'description', 'content', 'company', 'published_at', 'fetched_at'] as const;

/** Queries of one executor: the database, or the assignment's transaction. */
function queries(db: Executor) {
  return {
    /** The story of each of these articles that has one (article id → story id and its primary). */
    async storiesOf(articleIds: number[]): Promise<Map<number, { storyId: number; primaryId: number }>> {
      if (articleIds.length === 0) return new Map();
      // One array parameter, not one per article: a fetch asks this for every page it stores.
      const rows = await db
        .selectFrom('articles as a')
        .innerJoin('stories as s', 's.id', 'a.story_id')
        .select(['a.id', 's.id as story_id', 's.primary_article_id'])
        .where('a.id', '=', sql<number>`ANY(${`{${articleIds.join(',')}}`}::integer[])`)
        .execute();
      return new Map(rows.map((row) => [row.id, { storyId: row.story_id, primaryId: row.primary_article_id }]));
    },

    /** What matching reads of these articles. */
    releases(articleIds: number[]): Promise<ReleaseRow[]> {
      if (articleIds.length === 0) return Promise.resolve([]);
      return db.selectFrom('articles').select(RELEASE_COLUMNS).where('id', 'in', articleIds).execute();
    },

    /** Up to `limit` articles stored before stories (or left unassigned by a crash), oldest first. */
    async unassigned(limit: number): Promise<ReleaseRow[]> {
      return db
        .selectFrom('articles')
        .select(RELEASE_COLUMNS)
        .where('story_id', 'is', null)
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /**
     * Stories sharing a band key with any of `bandKeys`, or with one of `titleKeys` dated within the window:
     * the only ones a new article can belong to.
     */
    async candidates(bandKeys: string[], titleKeys: string[], from: Date, to: Date): Promise<CandidateStory[]> {
      if (bandKeys.length === 0 && titleKeys.length === 0) return [];
      // The two ways in as one array of ids, then the rows by primary key: joined to the ids as a set, the
      // planner (its row estimates stale mid-fetch) scanned every story once a page.
      const { rows } = await sql<Omit<CandidateStory, 'fingerprint'> & { fingerprint: unknown }>`
        SELECT s.id AS story_id, s.fingerprint, a.id, a.title,
               -- The text only for a fingerprint stored without its listings (before they were kept in it).
               CASE WHEN s.fingerprint ? 'listings' THEN NULL ELSE a.description END AS description,
               CASE WHEN s.fingerprint ? 'listings' THEN NULL ELSE a.content END AS content,
               a.company, a.published_at, a.fetched_at
        FROM stories s JOIN articles a ON a.id = s.primary_article_id
        WHERE s.id = ANY(ARRAY(
          -- Per key its latest stories only (BAND_CANDIDATES): the primary key's order, read backwards.
          SELECT b.story_id
          FROM unnest(${arrayLiteral(bandKeys)}::text[]) AS k (band_key)
          CROSS JOIN LATERAL (SELECT story_id FROM story_bands WHERE story_bands.band_key = k.band_key
                              ORDER BY story_id DESC LIMIT ${BAND_CANDIDATES}) b
          UNION
          SELECT id FROM stories
          WHERE title_key = ANY(${arrayLiteral(titleKeys)}::text[])
            AND published_at >= ${from} AND published_at <= ${to}))`.execute(db);
      return rows.map((row) => ({ ...row, fingerprint: fingerprintFromStored(row.fingerprint) }));
    },

    /** Inserts stories and their band keys; returns each new story's id by its primary article. */
    async createStories(stories: NewStory[]): Promise<Map<number, number>> {
      if (stories.length === 0) return new Map();
      // Five array parameters, not five per story (as the band keys below): a page's 500 bound one by one cost
      // PGlite's one thread more than the insert itself.
      const column = <T>(of: (story: NewStory) => T) => stories.map(of);
      const { rows } = await sql<{ id: number; primary_article_id: number }>`
        INSERT INTO stories (primary_article_id, title_key, fingerprint, issuer, published_at)
        SELECT * FROM unnest(${column((story) => story.primaryArticleId)}::integer[],
                             ${column((story) => story.fingerprint.titleKey)}::text[],
                             ${column((story) => JSON.stringify(storedFingerprint(story.fingerprint)))}::jsonb[],
                             ${column((story) => story.issuer)}::text[],
                             ${column((story) => story.publishedAt.toISOString())}::timestamptz[])
        RETURNING id, primary_article_id`.execute(db);
      const ids = new Map(rows.map((row) => [row.primary_article_id, row.id]));
      const bandKeys: string[] = [];
      const storyIds: number[] = [];
      for (const story of stories) {
        const storyId = ids.get(story.primaryArticleId);
        if (storyId === undefined) continue;
        for (const bandKey of new Set(storyKeys(story.fingerprint))) {
          bandKeys.push(bandKey);
          storyIds.push(storyId);
        }
      }
      // Two array parameters, not two per row: a page's 4,000 rows bound one by one cost more than their insert.
      await sql`
        INSERT INTO story_bands (band_key, story_id)
        SELECT * FROM unnest(${arrayLiteral(bandKeys)}::text[],
                             ${`{${storyIds.join(',')}}`}::integer[])
        ON CONFLICT DO NOTHING`.execute(db);
      return ids;
    },

    /**
     * Makes `next` the story's primary in place of `previous`, only while the pipeline has not touched
     * `previous` (still fetched, not running a step, analysed, pushed or dismissed; its row stays locked to the
     * end of the transaction). Returns whether it did.
     */
    async switchPrimary(storyId: number, previous: number, next: number): Promise<boolean> {
      const untouched = await db
        .updateTable('articles')
        .set({ updated_at: sql<Date>`now()` })
        .where('id', '=', previous)
        .where('status', '=', 'fetched')
        .where('step_running', 'is', null)
        .where('analysed_at', 'is', null)
        .where('pushed_at', 'is', null)
        .where('dismissed_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      if (!untouched) return false;
      const switched = await db
        .updateTable('stories')
        .set({ primary_article_id: next })
        .where('id', '=', storyId)
        .where('primary_article_id', '=', previous)
        .executeTakeFirst();
      return Number(switched.numUpdatedRows) === 1;
    },

    /** Sets each article's story. */
    async setStories(assignments: { articleId: number; storyId: number }[]): Promise<void> {
      if (assignments.length === 0) return;
      await sql`
        UPDATE articles a SET story_id = v.story_id
        FROM (SELECT unnest(${`{${assignments.map((x) => x.articleId).join(',')}}`}::integer[]) AS id,
                     unnest(${`{${assignments.map((x) => x.storyId).join(',')}}`}::integer[]) AS story_id) v
        WHERE a.id = v.id`.execute(db);
    },

    /**
     * Bumps these articles' row versions (an update does, migration 007): a primary that gained a copy lists
     * one more source, and cached list pages must see it.
     */
    async touch(articleIds: number[]): Promise<void> {
      if (articleIds.length === 0) return;
      await db
        .updateTable('articles')
        .set({ updated_at: sql<Date>`now()` })
        .where('id', 'in', articleIds)
        .execute();
    },

    /**
     * Folds copies that were stored (and maybe linked, analysed or pushed) before they were grouped into their
     * primaries, so the story is what every listing, watch and alert sees:
     * - a copy's pipeline work moves to its primary when the primary has less (analysed or pushed before it);
     * - what a watch saw or alerted of a copy counts for the primary (no second alert for the release);
     * - sessions list the primary where they listed the copy (once), their positions closed up to 1..n again;
     * - the copy leaves the signals inbox (its own analysis stays in its row, for the record).
     */
    async foldCopies(merges: Merge[]): Promise<void> {
      if (merges.length === 0) return;
      const pairs = sql`(SELECT unnest(${`{${merges.map((m) => m.copyId).join(',')}}`}::integer[]) AS copy_id,
        unnest(${`{${merges.map((m) => m.primaryId).join(',')}}`}::integer[]) AS primary_id)`;
      await sql`
        UPDATE articles p SET
          status = c.status, failure_reason = c.failure_reason,
          expanded_description = coalesce(p.expanded_description, c.expanded_description),
          full_content = coalesce(p.full_content, c.full_content),
          facts = CASE WHEN p.full_content IS NULL THEN c.facts ELSE p.facts END,
          facts_version = CASE WHEN p.full_content IS NULL THEN c.facts_version ELSE p.facts_version END,
          fact_headline = CASE WHEN p.full_content IS NULL THEN c.fact_headline ELSE p.fact_headline END,
          fact_tags = CASE WHEN p.full_content IS NULL THEN c.fact_tags ELSE p.fact_tags END,
          analysis = c.analysis, analysis_prompt_id = c.analysis_prompt_id,
          analysis_prompt_version = c.analysis_prompt_version,
          analysis_prompt_updated_at = c.analysis_prompt_updated_at, analysed_at = c.analysed_at,
          buying_intent_score = c.buying_intent_score, intent_reasons = c.intent_reasons,
          signal_summary = c.signal_summary, crm_company_id = c.crm_company_id,
          crm_contact_ids = c.crm_contact_ids, crm_note_id = c.crm_note_id, pushed_at = c.pushed_at,
          pushed_by = c.pushed_by, dismissed_at = coalesce(p.dismissed_at, c.dismissed_at),
          dismissed_by = coalesce(p.dismissed_by, c.dismissed_by)
        FROM ${pairs} m JOIN articles c ON c.id = m.copy_id
        WHERE p.id = m.primary_id
          AND ((c.pushed_at IS NOT NULL AND p.pushed_at IS NULL)
            OR (c.analysed_at IS NOT NULL AND p.analysed_at IS NULL AND p.pushed_at IS NULL))`.execute(db);
      await sql`
        INSERT INTO watch_seen_articles (watch_id, article_id, seen_at, alerted_at)
        SELECT DISTINCT ON (w.watch_id, m.primary_id) w.watch_id, m.primary_id, w.seen_at, w.alerted_at
        FROM watch_seen_articles w JOIN ${pairs} m ON m.copy_id = w.article_id
        ORDER BY w.watch_id, m.primary_id, w.alerted_at NULLS LAST
        ON CONFLICT (watch_id, article_id) DO UPDATE
          SET alerted_at = coalesce(watch_seen_articles.alerted_at, excluded.alerted_at)`.execute(db);
      await sql`
        INSERT INTO alert_articles (watch_id, channel, article_id, alert_id)
        SELECT DISTINCT ON (x.watch_id, x.channel, m.primary_id) x.watch_id, x.channel, m.primary_id, x.alert_id
        FROM alert_articles x JOIN ${pairs} m ON m.copy_id = x.article_id
        ORDER BY x.watch_id, x.channel, m.primary_id, x.alert_id
        ON CONFLICT DO NOTHING`.execute(db);
      await sql`UPDATE articles SET analysed_at = NULL
        WHERE id = ANY(${`{${merges.map((m) => m.copyId).join(',')}}`}::integer[]) AND analysed_at IS NOT NULL`.execute(
        db,
      );

      // Sessions: the copy's row gives way to the primary's (at the copy's place when the primary is not there).
      const removed = await sql<{ session_id: string; primary_id: number; position: number }>`
        DELETE FROM session_articles sa USING ${pairs} m WHERE sa.article_id = m.copy_id
        RETURNING sa.session_id, m.primary_id, sa.position`.execute(db);
      if (removed.rows.length === 0) return;
      const placed = new Map<string, { session_id: string; article_id: number; position: number }>();
      for (const row of removed.rows) {
        const key = `${row.session_id}:${row.primary_id}`;
        const earlier = placed.get(key);
        if (!earlier || row.position < earlier.position) {
          placed.set(key, { session_id: row.session_id, article_id: row.primary_id, position: row.position });
        }
      }
      await db
        .insertInto('session_articles')
        .values([...placed.values()])
        .onConflict((oc) => oc.columns(['session_id', 'article_id']).doNothing())
        .execute();
      const sessions = [...new Set(removed.rows.map((row) => row.session_id))];
      const sessionList = `{${sessions.join(',')}}`;
      // Positions 1..n without gaps (a page is a list of positions): negated first, so no step of the
      // renumbering collides with a position not yet moved.
      await sql`UPDATE session_articles SET position = -position WHERE session_id = ANY(${sessionList}::uuid[])`.execute(
        db,
      );
      await sql`
        UPDATE session_articles sa SET position = r.n
        FROM (SELECT session_id, article_id,
                     row_number() OVER (PARTITION BY session_id ORDER BY position DESC) AS n
              FROM session_articles WHERE session_id = ANY(${sessionList}::uuid[])) r
        WHERE sa.session_id = r.session_id AND sa.article_id = r.article_id`.execute(db);
      await sql`
        UPDATE news_sessions s SET articles_found =
          (SELECT count(*) FROM session_articles sa WHERE sa.session_id = s.id)
        WHERE s.id = ANY(${sessionList}::uuid[])`.execute(db);
    },

    /** Every copy of the stories of these articles, by the article asked about (one statement: a list page's). */
    async sourcesOfArticles(articleIds: number[]): Promise<(StorySourceRow & { for_article_id: number })[]> {
      if (articleIds.length === 0) return [];
      const { rows } = await db.executeQuery(
        CompiledQuery.raw(SOURCES_OF_ARTICLES_SQL, [`{${articleIds.join(',')}}`]) as CompiledQuery<
          StorySourceRow & { for_article_id: number }
        >,
      );
      return rows;
    },

    /** Every copy of these stories, each story's primary first, then by date. */
    async sources(storyIds: number[]): Promise<StorySourceRow[]> {
      if (storyIds.length === 0) return [];
      return db
        .selectFrom('articles as a')
        .innerJoin('stories as s', 's.id', 'a.story_id')
        .select([
          'a.story_id as story_id',
          's.primary_article_id',
          'a.id as article_id',
          'a.source',
          'a.url',
          'a.published_at',
        ])
        .where('a.story_id', 'in', storyIds)
        .orderBy('a.story_id')
        .orderBy(sql`a.id = s.primary_article_id`, 'desc')
        .orderBy(sql`coalesce(a.published_at, a.fetched_at)`)
        .orderBy('a.id')
        .execute() as Promise<StorySourceRow[]>;
    },
  };
}

/** Stories, their band keys, and which story each article belongs to. */
export function createStoriesRepository(db: Db) {
  return {
    ...queries(db),

    /**
     * Runs `work` in a transaction holding the story turn (db/story-turn.ts): two fetches storing copies of one
     * release take turns, and the second finds the first's story.
     */
    inTurn<T>(work: (tx: ReturnType<typeof queries>) => Promise<T>): Promise<T> {
      return db.transaction().execute(async (tx) => {
        await takeStoryTurn(tx);
        return work(queries(tx));
      });
    },
  };
}
export type StoriesRepository = ReturnType<typeof createStoriesRepository>;
export type StoriesQueries = ReturnType<typeof queries>;

/**
 * A fingerprint as stored: its MinHash signature as the base64 of its 32-bit words rather than 160 JSON numbers,
 * which PostgreSQL converts one by one on every write and every candidate read (a fetch page's worth each time).
 */
function storedFingerprint(fingerprint: ReleaseFingerprint): object {
  const words = Uint32Array.from(fingerprint.signature);
  return {
    ...fingerprint,
    signature: Buffer.from(words.buffer, words.byteOffset, words.byteLength).toString('base64'),
  };
}

/** A stored fingerprint read back; those stored before the base64 form hold the numbers themselves. */
function fingerprintFromStored(stored: unknown): ReleaseFingerprint {
  const fingerprint = stored as Omit<ReleaseFingerprint, 'signature'> & { signature: number[] | string };
  if (typeof fingerprint.signature !== 'string') return fingerprint as ReleaseFingerprint;
  const bytes = Buffer.from(fingerprint.signature, 'base64');
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
  return { ...fingerprint, signature: Array.from(words) };
}
