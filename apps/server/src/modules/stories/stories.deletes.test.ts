import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngines, type TestDatabase } from '../../../test/test-database.ts';
import { createStoriesService } from './stories.service.ts';
import { createStoriesRepository } from './stories.repository.ts';

// Deleting articles or stories (nothing in the product does yet; an operator's clean-up might): a primary's story
// goes with it, a deleted story's copies stand alone again, and its band keys go (migration 027's trigger). The
// foreign keys between articles and stories do the first two; dropping them to speed up ingest was measured
// (about 100 ms of a 5,000-item fetch) and refused, and this says what any replacement must keep doing.
const release = (wire: string) =>
  `Kestrel Gold Corp. (TSXV: KGC) reports that hole KG-26-011 at its Bluebird project in Nevada intersected
  3.4 g/t gold over 21.0 metres from 88 metres, within 61.5 metres of 1.6 g/t gold. The 12,000-metre program
  continues with two rigs. Distributed by ${wire}.`;

describe.each(testEngines)('deleting articles and stories on %s', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => database?.drop());
  const db = () => database.handle.db;

  async function storeCopies(prefix: string): Promise<number[]> {
    const rows = await db()
      .insertInto('articles')
      .values(
        ['Newsfile', 'GlobeNewswire', 'Kestrel Gold'].map((wire, i) => ({
          source_key: `${prefix}-${wire}`,
          title: 'Kestrel Gold Intersects 3.4 g/t Gold over 21.0 Metres at Bluebird',
          source: wire,
          url: `https://${wire.toLowerCase().replace(' ', '')}.example/${prefix}`,
          content: `<p>${release(wire)}</p>`,
          published_at: new Date(Date.UTC(2026, 10, 2, 12, i)),
          article_type: 'news',
          raw_json: '{}',
          commodities: ['Au'],
          countries: ['US'],
          states: ['US-NV'],
        })),
      )
      .returning('id')
      .execute();
    const ids = rows.map(({ id }) => id);
    await createStoriesService({ repository: createStoriesRepository(db()) }).assign(ids);
    return ids;
  }
  const storyIdsOf = async (ids: number[]) =>
    (await db().selectFrom('articles').select('story_id').where('id', 'in', ids).orderBy('id').execute()).map(
      (row) => row.story_id,
    );

  it('removes the story of a deleted primary article and leaves its copies standing alone', async () => {
    const [primary, ...copies] = await storeCopies('primary-deleted');
    const [storyId] = await storyIdsOf([primary as number]);
    expect(storyId).not.toBeNull();
    expect(await storyIdsOf(copies)).toEqual([storyId, storyId]);

    await db()
      .deleteFrom('articles')
      .where('id', '=', primary as number)
      .execute();

    const story = await db()
      .selectFrom('stories')
      .select('id')
      .where('id', '=', storyId as number)
      .execute();
    expect(story).toEqual([]);
    expect(await storyIdsOf(copies)).toEqual([null, null]);
  });

  it('frees the articles of a deleted story and forgets its band keys', async () => {
    const ids = await storeCopies('story-deleted');
    const [storyId] = await storyIdsOf(ids);
    const bands = () =>
      sql<{ n: number }>`SELECT count(*)::int AS n FROM story_bands WHERE story_id = ${storyId}`.execute(db());
    expect((await bands()).rows[0]?.n).toBeGreaterThan(0);

    await db()
      .deleteFrom('stories')
      .where('id', '=', storyId as number)
      .execute();

    expect(await storyIdsOf(ids)).toEqual([null, null, null]);
    expect((await bands()).rows[0]?.n).toBe(0);
  });

  it('keeps a copy deleted on its own out of its story, which stays', async () => {
    const [primary, copy, other] = await storeCopies('copy-deleted');
    const [storyId] = await storyIdsOf([primary as number]);
    await db()
      .deleteFrom('articles')
      .where('id', '=', copy as number)
      .execute();
    expect(await storyIdsOf([primary as number, other as number])).toEqual([storyId, storyId]);
  });
});
