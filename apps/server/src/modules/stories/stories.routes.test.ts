import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Article } from '@mining-hub/contract/news';
import { createRssSource } from '../../adapters/news-sources/rss-source.ts';
import { APP_ORIGIN, createTestApp, signIn, type TestApp } from '../../../test/test-app.ts';
import { feedRoutes, rssXml, startFakeServer, type FeedItem } from '../../../test/fake-news-servers.ts';
import { fetchToEnd } from '../../../test/news-fetch-session.ts';
import { testEngines } from '../../../test/test-database.ts';

// One junior's results release as three wires carry it (their title styles, headers and footers), the company's
// financing the same day (a distinct release), and a portal's retransmission that arrives in a later fetch.
// Modelled on Newsfile and GlobeNewswire releases of TSXV juniors; the text is our own.
const RESULTS_BODY = `Taiga Gold Corp. (TSXV: TGC) ("Taiga" or the "Company") is pleased to report assay results from
the first eleven holes of its 2026 diamond drilling program at the Red Lake Gold Project in northwestern Ontario.
Hole TG-26-007 intersected 12.4 g/t gold over 8.0 metres from 142 metres downhole, including 31.9 g/t gold over
2.1 metres, extending the Hinge Zone 120 metres down plunge. Hole TG-26-011 returned 6.8 g/t gold over 5.5 metres
within a broader interval of 2.2 g/t gold over 21.0 metres. Mineralisation is hosted in a silicified shear zone
with quartz-carbonate veining, arsenopyrite and visible gold, and remains open at depth and along strike. A
further 4,000 metres of drilling are planned for the first quarter, with two rigs on site. "These results confirm
the continuity of high-grade gold at depth," said Dana Whitford, President and CEO.`;
const FINANCING_BODY = `Taiga Gold Corp. (TSXV: TGC) announces a non-brokered private placement of up to 3,125,000
flow-through units at C$1.60 per unit for gross proceeds of up to C$5,000,000. Each unit consists of one common
share and one half of a warrant exercisable at C$2.20 for 24 months. Proceeds will fund exploration at Red Lake.
Closing is expected on or about December 15, 2026 and is subject to TSX Venture Exchange approval. Finders' fees
may be paid in cash and warrants to eligible finders.`;
const FORWARD_LOOKING = `Forward-Looking Statements: This news release contains forward-looking information that
involves risks and uncertainties. Neither the TSX Venture Exchange nor its Regulation Services Provider accepts
responsibility for the adequacy or accuracy of this release.`;

const RESULTS_TITLE = 'Taiga Gold Intersects 12.4 g/t Gold over 8.0 Metres at Red Lake';
const FINANCING_TITLE = 'Taiga Gold Announces C$5 Million Flow-Through Private Placement';

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

function feeds(pages: string): Record<string, FeedItem[]> {
  return {
    '/newsfile.xml': [
      {
        guid: 'nf-228871',
        title: RESULTS_TITLE,
        link: `${pages}/newsfile/228871`,
        description: `Toronto, Ontario--(Newsfile Corp. - November 27, 2026) - ${RESULTS_BODY} ${FORWARD_LOOKING} To view the source version of this press release, please visit https://www.newsfilecorp.com/release/228871`,
        published: hoursAgo(5),
      },
      {
        guid: 'nf-228902',
        title: FINANCING_TITLE,
        link: `${pages}/newsfile/228902`,
        description: `Toronto, Ontario--(Newsfile Corp. - November 27, 2026) - ${FINANCING_BODY} NOT FOR DISTRIBUTION TO UNITED STATES NEWSWIRE SERVICES OR FOR DISSEMINATION IN THE UNITED STATES.`,
        published: hoursAgo(4),
      },
    ],
    '/globenewswire.xml': [
      {
        guid: 'gnw-2026-11-27-3188',
        title: RESULTS_TITLE.toUpperCase(),
        link: `${pages}/globenewswire/3188`,
        description: `TORONTO, Nov. 27, 2026 (GLOBE NEWSWIRE) -- ${RESULTS_BODY} ${FORWARD_LOOKING} For further information: Dana Whitford, President and CEO, info@taigagold.example`,
        published: hoursAgo(4.9),
      },
    ],
    '/taigagold.xml': [
      {
        guid: 'taiga-news-2026-14',
        title: RESULTS_TITLE,
        link: `${pages}/taigagold/news-2026-14`,
        description: `${RESULTS_BODY} ${FORWARD_LOOKING}`,
        published: hoursAgo(5.1),
      },
    ],
    '/portal.xml': [],
  };
}

const CHANNEL_NAMES: Record<string, string> = {
  '/newsfile.xml': 'Newsfile',
  '/globenewswire.xml': 'GlobeNewswire',
  '/taigagold.xml': 'Taiga Gold Corp.',
  '/portal.xml': 'Mining Portal',
};

describe.each(testEngines)('stories on %s', (engine) => {
  let t: TestApp;
  let server: Awaited<ReturnType<typeof startFakeServer>>;
  let alice: { cookie: string; userId: number };
  let served: Record<string, FeedItem[]> = {};
  let firstSession = '';

  beforeAll(async () => {
    const routes: Parameters<typeof startFakeServer>[0] = {};
    for (const path of Object.keys(CHANNEL_NAMES)) {
      routes[path] = (req, res) => feedRoutes.ok(rssXml(CHANNEL_NAMES[path] ?? path, served[path] ?? []))(req, res);
    }
    server = await startFakeServer(routes);
    // Every copy's page, for the expand step: the release's text in an article element.
    served = feeds(server.url);
    for (const items of Object.values(served)) {
      for (const item of items) {
        const path = new URL(item.link).pathname;
        routes[path] = (_req, res) =>
          res
            .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
            .end(
              `<!doctype html><html><body><article><h1>${item.title}</h1><p>${item.description}</p></article></body></html>`,
            );
      }
    }
    t = await createTestApp(engine, {
      newsSources: Object.keys(CHANNEL_NAMES).map((path) => createRssSource(`${server.url}${path}`)),
      pipelineJobs: true,
      pipeline: { appOrigin: server.url },
    });
    alice = await signIn(t);
  });
  afterAll(async () => {
    await t.close();
    await server.close();
  });

  const get = (url: string) =>
    t.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: { cookie: alice.cookie } });
  const post = (url: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/${url}`,
      headers: { origin: APP_ORIGIN, cookie: alice.cookie },
      payload,
    });
  const listing = async (sessionId: string): Promise<{ data: Article[]; total: number }> => {
    const page = await get(`articles/session/${sessionId}`);
    expect(page.statusCode, page.body).toBe(200);
    return { data: page.json().data, total: page.json().pagination.total_count };
  };
  const storyTitled = (articles: Article[], title: string) => {
    const found = articles.find((article) => article.title.toLowerCase() === title.toLowerCase());
    if (!found?.story) throw new Error(`no story titled ${title}`);
    return { article: found, story: found.story };
  };

  it('lists copies from three feeds as one story with three sources, and a same-day release apart', async () => {
    const { sessionId, progress } = await fetchToEnd(t, alice.cookie, { dateRange: 7 });
    firstSession = sessionId;
    expect(progress.status).toBe('completed');
    expect(progress.message).toBe('Found 2 articles; 4 items, 2 copies merged');

    const { data, total } = await listing(sessionId);
    expect(total).toBe(2);
    const results = storyTitled(data, RESULTS_TITLE);
    expect(results.story.sources.map((source) => source.name).sort()).toEqual([
      'GlobeNewswire',
      'Newsfile',
      'Taiga Gold Corp.',
    ]);
    expect(results.story.sources.map((source) => source.url)).toContain(`${server.url}/globenewswire/3188`);
    // The primary, listed and first among the sources, is the earliest copy (the company's own here), whichever
    // feed's page was stored first.
    expect(results.story.sources[0]?.article_id).toBe(results.article.article_id);
    expect(results.story.sources[0]?.name).toBe('Taiga Gold Corp.');
    const financing = storyTitled(data, FINANCING_TITLE);
    expect(financing.story.sources.map((source) => source.name)).toEqual(['Newsfile']);
    expect(financing.story.id).not.toBe(results.story.id);
  });

  it('adds a copy from a later fetch to the story it belongs to, in the earlier listing too', async () => {
    served['/portal.xml'] = [
      {
        guid: 'portal-88412',
        title: `RETRANSMISSION: ${RESULTS_TITLE}`,
        link: `${server.url}/portal/88412`,
        description: `${RESULTS_BODY} ${FORWARD_LOOKING}`,
        published: hoursAgo(3),
      },
    ];
    const { sessionId, progress } = await fetchToEnd(t, alice.cookie, { dateRange: 7 });
    expect(progress.message).toBe('Found 2 articles; 5 items, 3 copies merged');
    const later = storyTitled((await listing(sessionId)).data, RESULTS_TITLE);
    expect(later.story.sources.map((source) => source.name)).toContain('Mining Portal');
    expect(later.story.sources).toHaveLength(4);

    const earlier = await listing(firstSession);
    expect(earlier.total).toBe(2);
    expect(storyTitled(earlier.data, RESULTS_TITLE).story).toEqual(later.story);
  });

  it('analyses a story once, whichever copy was chosen, and every copy shows the analysis', async () => {
    const { story } = storyTitled((await listing(firstSession)).data, RESULTS_TITLE);
    const [first, second, third] = story.sources.filter((source) => source.article_id !== story.primary_article_id);
    if (!first || !second || !third) throw new Error('expected three copies besides the primary');

    expect((await post('expand-article', { article_id: first.article_id })).statusCode).toBe(200);
    const analysed = await post('openai/process-article', { article_id: second.article_id });
    expect(analysed.statusCode, analysed.body).toBe(200);
    expect(analysed.json().data).toMatchObject({ article_id: story.primary_article_id, status: 'summarised' });

    for (const source of story.sources) {
      const shown = await get(`article/${source.article_id}`);
      expect(shown.statusCode).toBe(200);
      expect(shown.json().data).toMatchObject({ status: 'summarised', analysis: expect.any(Object) });
      expect(shown.json().data.story.id).toBe(story.id);
    }
    const listed = storyTitled((await listing(firstSession)).data, RESULTS_TITLE);
    expect(listed.article.status).toBe('summarised');
    // The signals inbox holds the story once.
    const signals = await get('signals');
    expect(signals.json().data.map((signal: { title: string }) => signal.title)).toEqual([listed.article.title]);
    expect(signals.json().data[0].story).toEqual(story);
    // Analysing it again through another copy is the same article's step: refused, it is analysed already.
    expect((await post('openai/process-article', { article_id: third.article_id })).statusCode).toBe(409);
  });

  it('pushes a story to the CRM once, whichever copies were selected', async () => {
    const { story } = storyTitled((await listing(firstSession)).data, RESULTS_TITLE);
    const [one, two] = story.sources.filter((source) => source.article_id !== story.primary_article_id);
    if (!one || !two) throw new Error('expected copies');
    const pushed = await post('hubspot/push-article', { article_id: one.article_id });
    expect(pushed.statusCode, pushed.body).toBe(200);
    const again = await post('hubspot/push-article', { article_id: two.article_id });
    expect(again.statusCode).toBe(409);
    // A batch over two copies of the story is one item, pushed already.
    const batch = await post('batch/push-selected', { article_ids: story.sources.map((source) => source.article_id) });
    expect(batch.statusCode, batch.body).toBe(200);
    expect(batch.json().article_count).toBe(1);
    for (let tries = 0; ; tries++) {
      const status = await get(`batch/status/${batch.json().batch_session_id}`);
      if (status.json().status === 'completed') break;
      if (tries > 200) throw new Error('the batch did not finish');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    const outbox = await get('crm-outbox');
    expect(outbox.json().pagination.total_count).toBe(1);
  });

  it('makes one story of copies assigned at the same moment by separate transactions', async () => {
    const db = t.database.handle.db;
    const body = RESULTS_BODY.replaceAll('Taiga Gold', 'Kestrel Copper').replaceAll('TGC', 'KCU');
    const ids: number[] = [];
    const wires = ['Newsfile', 'GlobeNewswire', 'Accesswire', 'Business Wire', 'Kestrel Copper', 'Portal'];
    for (const [index, source] of wires.entries()) {
      const row = await db
        .insertInto('articles')
        .values({
          source_key: `race:${crypto.randomUUID()}`,
          title: 'Kestrel Copper Intersects 12.4 g/t Gold over 8.0 Metres',
          source,
          description: `${source} - ${body}`,
          article_type: 'news',
          raw_json: '{}',
          commodities: [],
          countries: [],
          states: [],
          published_at: hoursAgo(3 - index / 10),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    // Each on a connection of its own (PostgreSQL): without the assignment lock, several would see no story yet.
    await Promise.all(ids.map((id) => t.services.stories.assign([id])));
    // One story (its primary the earliest copy, whichever transaction came first).
    const primaries = await t.services.stories.primaryOf(ids);
    expect(new Set(primaries.values())).toEqual(new Set([ids[0]]));
  });

  it('groups copies stored before stories existed, and their sessions list each story once', async () => {
    // Three copies of one release and a distinct one, stored and listed as before migration 017.
    const db = t.database.handle.db;
    const sessionId = crypto.randomUUID();
    await db
      .insertInto('news_sessions')
      .values({ id: sessionId, user_id: alice.userId, query: '{}', status: 'completed', articles_found: 4 })
      .execute();
    const body = RESULTS_BODY.replaceAll('Taiga Gold', 'Boreal Nickel').replaceAll('TGC', 'BNI');
    const rows = [
      { title: 'Boreal Nickel drills 12.4 g/t over 8.0 metres', source: 'Newsfile', text: `Newsfile Corp. - ${body}` },
      {
        title: 'Boreal Nickel Closes Acquisition of Thompson Belt Claims',
        source: 'Newsfile',
        text: `Boreal Nickel Corp. (TSXV: BNI) has closed the acquisition of 46 mining claims covering 9,800 hectares
          in the Thompson Nickel Belt of Manitoba from a private vendor, for 1,500,000 shares and C$250,000 in cash.
          The claims adjoin the company's Pipe Lake property and host two untested electromagnetic conductors.`,
      },
      {
        title: 'BOREAL NICKEL DRILLS 12.4 G/T OVER 8.0 METRES',
        source: 'GlobeNewswire',
        text: `(GLOBE NEWSWIRE) -- ${body}`,
      },
      { title: 'Boreal Nickel drills 12.4 g/t over 8.0 metres', source: 'Boreal Nickel', text: body },
    ];
    const ids: number[] = [];
    for (const [index, row] of rows.entries()) {
      const inserted = await db
        .insertInto('articles')
        .values({
          source_key: `legacy:${crypto.randomUUID()}`,
          title: row.title,
          source: row.source,
          url: `https://legacy.example/${index}`,
          description: row.text,
          article_type: 'news',
          raw_json: '{}',
          commodities: [],
          countries: [],
          states: [],
          published_at: hoursAgo(10 - index),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(inserted.id);
      await db
        .insertInto('session_articles')
        .values({ session_id: sessionId, article_id: inserted.id, position: index + 1 })
        .execute();
    }
    expect((await listing(sessionId)).total).toBe(4);
    // The GlobeNewswire copy had been analysed and pushed on its own.
    await db
      .updateTable('articles')
      .set({
        status: 'pushed_to_hubspot',
        analysis: JSON.stringify({ buying_intent_score: 'High', signal_summary: 'Boreal drills more.' }),
        analysed_at: new Date(),
        pushed_at: new Date(),
        buying_intent_score: 'High',
        signal_summary: 'Boreal drills more.',
      })
      .where('id', '=', ids[2] ?? 0)
      .execute();

    // Small batches: the grouping goes on across transactions (and would resume after a restart).
    expect(await t.services.stories.backfill({ batchSize: 2 })).toBe(4);
    expect(await t.services.stories.backfill({ batchSize: 2 })).toBe(0);

    const { data, total } = await listing(sessionId);
    expect(total).toBe(2);
    expect(data.map((article) => article.article_id)).toEqual([ids[0], ids[1]]);
    expect(data[0]?.story?.sources.map((source) => source.name)).toEqual([
      'Newsfile',
      'GlobeNewswire',
      'Boreal Nickel',
    ]);
    expect(data[1]?.story?.sources).toHaveLength(1);
    // The story keeps the copy's work, and the inbox lists it once.
    expect(data[0]?.status).toBe('pushed_to_hubspot');
    const signals = await get('signals?q=Boreal');
    expect(signals.json().data.map((signal: { article_id: number }) => signal.article_id)).toEqual([ids[0]]);
    const second = await get(`articles/session/${sessionId}?page=2&page_size=1`);
    expect(second.json().data.map((article: Article) => article.article_id)).toEqual([ids[1]]);
  });
  it('gives the stories stored before migration 027 the title keys ingest now gives (the SQL matches the code)', async () => {
    const db = t.database.handle.db;
    const titles = [
      'Boreal Nickel Corp. Drills 12.4 g/t Gold over 8.0 Metres at Pipe Lake',
      'Drilling Update',
      'Taiga Gold Closes C$4.2 Million Flow-Through Private Placement',
    ];
    const storyIds: number[] = [];
    for (const [index, title] of titles.entries()) {
      const article = await db
        .insertInto('articles')
        .values({
          source_key: `title-keys:${crypto.randomUUID()}`,
          title,
          source: 'Newsfile',
          url: `https://title-keys.example/${index}`,
          description: 'A release of a few words only.',
          article_type: 'news',
          raw_json: '{}',
          commodities: [],
          countries: [],
          states: [],
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.services.stories.assign([article.id]);
      const story = await db
        .selectFrom('articles')
        .select('story_id')
        .where('id', '=', article.id)
        .executeTakeFirstOrThrow();
      storyIds.push(story.story_id ?? 0);
    }
    const keysOf = async () => {
      const rows = await db
        .selectFrom('story_bands')
        .select(['story_id', 'band_key'])
        .where('story_id', 'in', storyIds)
        .where((eb) => eb.or([eb('band_key', 'like', 't.%'), eb('band_key', 'like', 'o.%')]))
        .orderBy('story_id')
        .orderBy('band_key')
        .execute();
      return rows.map((row) => `${row.story_id} ${row.band_key}`);
    };
    const byIngest = await keysOf();
    expect(byIngest.length).toBeGreaterThan(titles.length);
    // As before the migration: no title keys; then the migration's backfill statement.
    await db.deleteFrom('story_bands').where('story_id', 'in', storyIds).execute();
    const migration = await fs.readFile(
      new URL('../../db/migrations/027-story-bands-without-row-checks.sql', import.meta.url),
      'utf8',
    );
    const backfill = migration.slice(migration.indexOf('INSERT INTO story_bands'));
    await sql.raw(backfill).execute(db);
    expect(await keysOf()).toEqual(byIngest);
  });
});
