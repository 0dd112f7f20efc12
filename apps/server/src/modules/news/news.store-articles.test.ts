import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngines, type TestDatabase } from '../../../test/test-database.ts';
import { createNewsRepository, type StoredArticleInput } from './news.repository.ts';

// A page of articles goes in as one array per column (storeArticles): what a feed sends must come back as sent,
// whatever characters an array literal gives meaning to, with nulls kept null and known articles refreshed.
const hostile = 'Quotes " and \\ backslashes, {braces}, commas, NULL, ümlauts, 日本語 and emoji ⛏️';

function article(key: string, overrides: Partial<StoredArticleInput> = {}): StoredArticleInput {
  return {
    sourceKey: key,
    title: `${hostile} ${key}`,
    source: 'Newsfile',
    url: `https://www.newsfilecorp.com/release/${key}`,
    description: hostile,
    content: `<p>${hostile}</p>`,
    articleType: 'news',
    pdfUrl: null,
    publishedAt: new Date(Date.UTC(2026, 10, 28, 13, 30)),
    raw: { guid: key, note: hostile },
    tags: {
      commodities: ['Au', 'Cu'],
      countries: ['CA'],
      states: ['CA-BC'],
      typeGroup: 'drilling',
      type: 'drill-results',
      company: 'Skeena "Gold", Silver\\Ltd {TSX: SKE}',
      ticker: 'SKE',
      project: null,
    },
    ...overrides,
  };
}

describe.each(testEngines)('storing a page of articles on %s', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => database?.drop());

  it('stores every field as sent, answers ids in the page order, and refreshes a known article in place', async () => {
    const repository = createNewsRepository(database.handle.db);
    const page = [
      article('a-1'),
      article('a-2', { url: null, description: null, content: null, publishedAt: null }),
      article('a-3', {
        tags: {
          commodities: [],
          countries: [],
          states: [],
          typeGroup: null,
          type: null,
          company: null,
          ticker: null,
          project: null,
        },
      }),
    ];
    const stored = await repository.storeArticles(page);
    expect(stored).toHaveLength(3);
    const rows = await database.handle.db
      .selectFrom('articles')
      .selectAll()
      .where(
        'id',
        'in',
        stored.map(({ id }) => id),
      )
      .execute();
    const byKey = new Map(rows.map((row) => [row.source_key, row]));
    expect(stored.map(({ id }) => id)).toEqual(page.map((a) => byKey.get(a.sourceKey)?.id));

    const first = byKey.get('a-1');
    expect(first).toMatchObject({
      title: `${hostile} a-1`,
      description: hostile,
      content: `<p>${hostile}</p>`,
      commodities: ['Au', 'Cu'],
      countries: ['CA'],
      states: ['CA-BC'],
      company: 'Skeena "Gold", Silver\\Ltd {TSX: SKE}',
      project: null,
      status: 'fetched',
    });
    expect(first?.published_at?.toISOString()).toBe('2026-11-28T13:30:00.000Z');
    expect(first?.raw_json).toEqual({ guid: 'a-1', note: hostile });
    expect(byKey.get('a-2')).toMatchObject({ url: null, description: null, content: null, published_at: null });
    expect(byKey.get('a-3')).toMatchObject({ commodities: [], countries: [], type: null, company: null });

    // Fetched again with a corrected title: the same row, refreshed; its tags and status are kept.
    const again = await repository.storeArticles([article('a-1', { title: 'Corrected title' })]);
    expect(again[0]?.id).toBe(first?.id);
    const refreshed = await database.handle.db
      .selectFrom('articles')
      .select(['title', 'commodities'])
      .where('id', '=', first?.id as number)
      .executeTakeFirst();
    expect(refreshed).toEqual({ title: 'Corrected title', commodities: ['Au', 'Cu'] });
  });

  it("links a page after the list's articles: each once, in the page's order, positions 1..n", async () => {
    const repository = createNewsRepository(database.handle.db);
    const db = database.handle.db;
    const user = await db
      .insertInto('users')
      .values({ email: 'links@example.com', name: 'Links', password_hash: 'x', role: 'member' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const sessionId = crypto.randomUUID();
    await db.insertInto('news_sessions').values({ id: sessionId, user_id: user.id, query: '{}' }).execute();
    const ids = (await repository.storeArticles(['l-1', 'l-2', 'l-3', 'l-4'].map((key) => article(key)))).map(
      ({ id }) => id,
    );
    const [a, b, c, d] = ids as [number, number, number, number];

    expect(await repository.linkToSession(sessionId, [b, a, b])).toBe(2);
    // A page with articles the list holds already and new ones: only the new, after the list's last.
    expect(await repository.linkToSession(sessionId, [a, d, c, d])).toBe(4);
    expect(await repository.linkToSession(sessionId, [c])).toBe(4);
    const links = await db
      .selectFrom('session_articles')
      .select(['article_id', 'position'])
      .where('session_id', '=', sessionId)
      .orderBy('position')
      .execute();
    expect(links).toEqual([
      { article_id: b, position: 1 },
      { article_id: a, position: 2 },
      { article_id: d, position: 3 },
      { article_id: c, position: 4 },
    ]);
  });
});
