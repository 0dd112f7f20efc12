import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../apps/server/src/db/client.ts';

/**
 * Gives every seeded article a story of its own (as a fetch would, migration 017), then two wire copies
 * (Newsfile, GlobeNewswire) to every other story among `withCopies` (a query of article ids): list pages read
 * their stories' sources, and the worker's backfill finds nothing to group while the benchmark runs.
 */
export async function seedStories(db: Db, withCopies: RawBuilder<unknown>): Promise<void> {
  await sql`
    INSERT INTO stories (primary_article_id, title_key, fingerprint, published_at)
    SELECT id, lower(title), '{}'::jsonb, published_at FROM articles WHERE story_id IS NULL`.execute(db);
  await sql`UPDATE articles a SET story_id = s.id FROM stories s WHERE s.primary_article_id = a.id`.execute(db);
  await sql`
    INSERT INTO articles (source_key, title, source, url, description, published_at, commodities, countries, story_id)
    SELECT 'bench-copy:' || w.name || ':' || a.id, upper(a.title), w.name,
           'https://' || lower(w.name) || '.example/' || a.id, a.description, a.published_at + interval '5 minutes',
           a.commodities, a.countries, a.story_id
    FROM articles a CROSS JOIN (VALUES ('Newsfile'), ('GlobeNewswire')) AS w(name)
    WHERE a.id IN (${withCopies}) AND a.id % 2 = 0`.execute(db);
}
