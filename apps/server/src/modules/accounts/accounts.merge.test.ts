import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAdmin, seedFetchedSignals } from '../../../test/signal-factory.ts';
import { createTestDatabase, testEngines, type TestDatabase } from '../../../test/test-database.ts';
import type { Db } from '../../db/client.ts';
import { createAccountsRepository, type MergeMoves } from './accounts.repository.ts';

// A merge moves each kind of a company's rows to the survivor, except a row the survivor has an equal of
// already; a split moves back exactly what the merge moved. Every kind of row, with one such equal each.
describe.each(testEngines)('merging and splitting companies on %s', (engine) => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  let survivor: number;
  let other: number;

  /** Everything each table holds of `companyId`, in a stable order. */
  async function rowsOf(companyId: number) {
    const column = async <T>(rows: Promise<{ value: T }[]>) => (await rows).map((row) => row.value).sort();
    return {
      names: await column(
        db().selectFrom('company_names').select('name as value').where('company_id', '=', companyId).execute(),
      ),
      tickers: await column(
        db().selectFrom('company_tickers').select('ticker as value').where('company_id', '=', companyId).execute(),
      ),
      events: await column(
        db().selectFrom('company_events').select('summary as value').where('company_id', '=', companyId).execute(),
      ),
      contacts: await column(
        db().selectFrom('company_contacts').select('name as value').where('company_id', '=', companyId).execute(),
      ),
      crm: await column(
        db()
          .selectFrom('company_crm_links')
          .select('crm_company_id as value')
          .where('company_id', '=', companyId)
          .execute(),
      ),
      projects: await column(
        db().selectFrom('project_owners').select('project_id as value').where('company_id', '=', companyId).execute(),
      ),
      stories: await column(
        db().selectFrom('company_stories').select('story_id as value').where('company_id', '=', companyId).execute(),
      ),
    };
  }

  async function addEvent(trx: Db, companyId: number, storyId: number | null, summary: string) {
    await trx
      .insertInto('company_events')
      .values({
        company_id: companyId,
        story_id: storyId,
        kind: 'financing_closed',
        occurred_at: new Date(),
        weight: 1,
        base: 1,
        summary,
      })
      .execute();
  }

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const accounts = createAccountsRepository(db());
    const admin = await seedAdmin(db(), 'admin@example.com');
    const articles = await seedFetchedSignals(db(), admin.id, [{ title: 'Shared' }, { title: 'Own' }]);
    const [shared = 0, own = 0] = await Promise.all(
      articles.map(async (articleId, index) => {
        const story = await db()
          .insertInto('stories')
          .values({ primary_article_id: articleId, title_key: `story-${index}`, fingerprint: '{}' })
          .returning('id')
          .executeTakeFirstOrThrow();
        return story.id;
      }),
    );
    const [sharedProject = 0, ownProject = 0] = (
      await db()
        .insertInto('projects')
        .values([
          { name: 'Shared Project', name_key: 'shared project' },
          { name: 'Own Project', name_key: 'own project' },
        ])
        .returning('id')
        .execute()
    ).map((row) => row.id);
    const crm = await db()
      .insertInto('crm_companies')
      .values({ name: 'Other Gold', domain: 'other.example' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db()
      .transaction()
      .execute(async (trx) => {
        survivor = await accounts.insertCompany(trx, { name: 'Survivor Gold' });
        other = await accounts.insertCompany(trx, { name: 'Other Gold' });
        for (const company of [survivor, other]) {
          await accounts.addName(trx, company, 'Gold Twins', 'alias');
          await accounts.upsertContacts(trx, company, [
            { name: 'Ada Ng', email: 'ada@example.com', job_title: null, phone: null, source: 'news' },
          ]);
          await addEvent(trx, company, shared, `shared story (${company === survivor ? 'survivor' : 'other'})`);
          await accounts.addOwner(trx, sharedProject, company, null);
          await accounts.linkStory(trx, company, shared);
        }
        await accounts.addTickers(trx, survivor, ['TSX:SG']);
        await accounts.addTickers(trx, other, ['ASX:OG']);
        await accounts.upsertContacts(trx, other, [
          { name: 'Bo Li', email: 'bo@example.com', job_title: null, phone: null, source: 'news' },
        ]);
        await addEvent(trx, other, own, 'own story');
        await addEvent(trx, other, null, 'no story');
        await accounts.linkCrm(trx, crm.id, other);
        await accounts.addOwner(trx, ownProject, other, null);
        await accounts.linkStory(trx, other, own);
      });
  });
  afterAll(async () => database?.drop());

  it('moves what the survivor lacks, records it, and a split puts each row back', async () => {
    const accounts = createAccountsRepository(db());
    const before = { survivor: await rowsOf(survivor), other: await rowsOf(other) };
    const mergeId = await db()
      .transaction()
      .execute((trx) => accounts.merge(survivor, other, null, trx));

    const merged = { survivor: await rowsOf(survivor), other: await rowsOf(other) };
    expect(merged.survivor).toEqual({
      names: ['Gold Twins', 'Other Gold', 'Survivor Gold'],
      tickers: ['ASX:OG', 'TSX:SG'],
      events: ['no story', 'own story', 'shared story (survivor)'],
      contacts: ['Ada Ng', 'Bo Li'],
      crm: before.other.crm,
      // Project owners and story links are copied: the merged company keeps its own for a split.
      projects: before.other.projects,
      stories: before.other.stories,
    });
    expect(merged.other).toEqual({
      names: ['Gold Twins'],
      tickers: [],
      events: ['shared story (other)'],
      contacts: ['Ada Ng'],
      crm: [],
      projects: before.other.projects,
      stories: before.other.stories,
    });
    const record = await db()
      .selectFrom('company_merges')
      .select('moved')
      .where('id', '=', mergeId)
      .executeTakeFirstOrThrow();
    const moved = record.moved as MergeMoves;
    expect({
      names: moved.names.length,
      tickers: moved.tickers,
      events: moved.events.length,
      contacts: moved.contacts.length,
      crm: moved.crm,
      projects: moved.projects.length,
      stories: moved.stories.length,
    }).toEqual({
      names: 1,
      tickers: ['ASX:OG'],
      events: 2,
      contacts: 1,
      crm: before.other.crm,
      projects: 1,
      stories: 1,
    });

    await db()
      .transaction()
      .execute((trx) => accounts.split(mergeId, trx));
    expect({ survivor: await rowsOf(survivor), other: await rowsOf(other) }).toEqual(before);
  });
});
