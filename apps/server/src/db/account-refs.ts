import { sql } from 'kysely';
import type { AccountRef } from '@mining-hub/contract/common';
import type { Db } from './client.ts';

/**
 * The account (issue 34) an article's story joined: the live company of `company_stories`, the survivor when
 * the joined company was merged (a merge copies its stories to the survivor, and `merged_into` is followed for
 * a row that predates the copy). A story joins its first issuer's company; should it hold several, the
 * company it joined directly, then the oldest, names it. Shared by every list that names a company (signals,
 * news, CRM, bell) so they agree, and spelled once for raw SQL (`ACCOUNT_LATERAL_SQL`) and Kysely.
 */
const accountOfStory = (storyColumn: string) => `
  SELECT live.id AS account_id, live.name AS account_name
  FROM company_stories cs
  JOIN companies c ON c.id = cs.company_id
  JOIN companies live ON live.id = coalesce(c.merged_into, c.id)
  WHERE cs.story_id = ${storyColumn} AND live.merged_into IS NULL
  ORDER BY c.merged_into IS NOT NULL, cs.company_id
  LIMIT 1`;

/**
 * `LEFT JOIN LATERAL (…) acct ON true` over the story column named, adding `acct.account_id` and
 * `acct.account_name` (null without an account) to a raw statement: a join in the page's own statement.
 */
export const accountLateralSql = (storyColumn: string) =>
  `LEFT JOIN LATERAL (${accountOfStory(storyColumn)}) acct ON true`;

/** The same lateral for a Kysely query: `.leftJoinLateral(accountLateral('a.story_id'), (join) => join.onTrue())`. */
export const accountLateral = (storyColumn: 'a.story_id' | 'articles.story_id') =>
  sql<{ account_id: number; account_name: string }>`(${sql.raw(accountOfStory(storyColumn))})`.as('acct');

/** `{id, name}` of the columns the laterals add, or null. */
export const accountRefOf = (row: { account_id: number | null; account_name: string | null }): AccountRef =>
  row.account_id === null || row.account_name === null ? null : { id: row.account_id, name: row.account_name };

/** The account of each of these articles (those without one are absent): one statement for a whole page. */
export async function accountRefsOf(
  db: Db,
  articleIds: readonly number[],
): Promise<Map<number, { id: number; name: string }>> {
  const ids = [...new Set(articleIds)];
  if (ids.length === 0) return new Map();
  const { rows } = await sql<{ id: number; account_id: number; account_name: string }>`
    SELECT a.id, acct.account_id, acct.account_name
    FROM articles a
    ${sql.raw(accountLateralSql('a.story_id'))}
    WHERE a.id IN (${sql.join(ids)}) AND acct.account_id IS NOT NULL`.execute(db);
  return new Map(rows.map((row) => [row.id, { id: row.account_id, name: row.account_name }]));
}
