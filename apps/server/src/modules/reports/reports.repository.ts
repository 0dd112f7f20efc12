import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';

export interface ReportCounts {
  funnel: { fetched: number; expanded: number; analysed: number; pushed: number; dismissed: number; failed: number };
  /** Analysed articles per buying intent; those without a readable score under null. */
  intent: { level: string | null; count: number }[];
  /** Analysed articles per commodity symbol and per country code, most first. */
  commodities: { key: string; count: number; high_intent: number }[];
  countries: { key: string; count: number; high_intent: number }[];
  /** Per UTC day (YYYY-MM-DD): analyses and pushes of the articles counted. */
  days: { date: string; analysed: number; pushed: number }[];
}

const TOP = 10;

/** Aggregates for the Reports page, in one statement over the articles a viewer's fetches found. */
export function createReportsRepository(db: Db) {
  return {
    /**
     * Counts over the articles first found since `since` by a fetch session of `ownerId` (of anyone's when
     * undefined): each article once, however many sessions found it, as the Signals and CRM screens show it.
     */
    async counts(ownerId: number | undefined, since: Date): Promise<ReportCounts> {
      const owner = ownerId === undefined ? sql`` : sql`WHERE s.user_id = ${ownerId}`;
      const breakdown = (column: 'commodities' | 'countries') => sql`(
        SELECT coalesce(json_agg(row_to_json(top)), '[]'::json) FROM (
          SELECT tag AS key, count(*) AS count,
                 count(*) FILTER (WHERE p.buying_intent_score IN ('High', 'Very High')) AS high_intent
          FROM population p CROSS JOIN LATERAL unnest(p.${sql.ref(column)}) AS tag
          WHERE p.analysed_at IS NOT NULL
          GROUP BY tag ORDER BY count(*) DESC, tag LIMIT ${TOP}
        ) top)`;
      const result = await sql<{ report: ReportCounts }>`
        WITH seen AS (
          SELECT sa.article_id FROM session_articles sa JOIN news_sessions s ON s.id = sa.session_id ${owner}
          GROUP BY sa.article_id HAVING min(s.created_at) >= ${since}
        ), population AS MATERIALIZED (
          SELECT a.status, a.analysed_at, a.pushed_at, a.dismissed_at, a.buying_intent_score, a.commodities, a.countries
          FROM seen JOIN articles a ON a.id = seen.article_id
        )
        SELECT json_build_object(
          'funnel', (SELECT json_build_object(
            'fetched', count(*),
            'expanded', count(*) FILTER (WHERE p.analysed_at IS NOT NULL
              OR p.status IN ('expanded', 'summarised', 'pushed_to_hubspot', 'failed_summary', 'failed_push')),
            'analysed', count(*) FILTER (WHERE p.analysed_at IS NOT NULL),
            'pushed', count(*) FILTER (WHERE p.pushed_at IS NOT NULL),
            'dismissed', count(*) FILTER (WHERE p.dismissed_at IS NOT NULL),
            'failed', count(*) FILTER (WHERE p.status IN ('failed_expansion', 'failed_summary', 'failed_push'))
          ) FROM population p),
          'intent', (SELECT coalesce(json_agg(row_to_json(levels)), '[]'::json) FROM (
            SELECT p.buying_intent_score AS level, count(*) AS count FROM population p
            WHERE p.analysed_at IS NOT NULL GROUP BY p.buying_intent_score
          ) levels),
          'commodities', ${breakdown('commodities')},
          'countries', ${breakdown('countries')},
          'days', (SELECT coalesce(json_agg(row_to_json(days) ORDER BY days.date), '[]'::json) FROM (
            SELECT day AS date, sum(analysed) AS analysed, sum(pushed) AS pushed FROM (
              SELECT to_char(p.analysed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, 1 AS analysed, 0 AS pushed
              FROM population p WHERE p.analysed_at IS NOT NULL
              UNION ALL
              SELECT to_char(p.pushed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), 0, 1
              FROM population p WHERE p.pushed_at IS NOT NULL
            ) events GROUP BY day
          ) days)
        ) AS report`.execute(db);
      const report = result.rows[0]?.report;
      if (!report) throw new Error('the report query returned no row');
      return report;
    },
  };
}
export type ReportsRepository = ReturnType<typeof createReportsRepository>;
