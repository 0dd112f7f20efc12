import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Viewer } from '@mining-hub/contract/auth';
import { createHubspotAdapter } from '../../adapters/crm/hubspot-adapter.ts';
import { createLocalOutboxAdapter } from '../../adapters/crm/local-outbox-adapter.ts';
import { createServices } from '../../services.ts';
import { startFakeHubspot, type FakeHubspotServer } from '../../../test/fake-hubspot-server.ts';
import { seedAdmin, seedFetchedSignals } from '../../../test/signal-factory.ts';
import { createTestDatabase, testEngines, type TestDatabase } from '../../../test/test-database.ts';

const TOKEN = 'crm-account-token';
const APP = 'http://127.0.0.1:8000';

/**
 * A push carries the story's account (issue 34): the company with heat, stage, latest facts and its page,
 * and one note per project, written once across repushes, other stories of the company and retried jobs.
 */
describe.each(testEngines)('a push carries its account on %s', (engine) => {
  let database: TestDatabase;
  let hubspot: FakeHubspotServer;
  let admin: Viewer;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    hubspot = await startFakeHubspot({ accessToken: TOKEN });
    admin = await seedAdmin(database.handle.db, 'account-push@example.com');
  });
  afterAll(async () => {
    await database.drop();
    await hubspot.close();
  });
  beforeEach(() => hubspot.reset());

  const db = () => database.handle.db;

  /** Two analysed articles of one company, each its own story, the company with two projects and two events. */
  async function seedAccount(name: string, domain: string) {
    const ids = await seedFetchedSignals(db(), admin.id, [
      {
        title: `${name} closes C$5M financing`,
        company: name,
        contacts: [{ first_name: 'Ada', last_name: 'Ng', email: `ada@${domain}` }],
      },
      { title: `${name} plans 5,000 m of drilling`, company: name, contacts: [] },
    ]);
    const company = await db().insertInto('companies').values({ name }).returning('id').executeTakeFirstOrThrow();
    const projects = [];
    for (const [project, stage, country] of [
      [`${name} North`, 'pfs', 'CA'],
      [`${name} South`, 'exploration', 'CL'],
    ] as const) {
      const row = await db()
        .insertInto('projects')
        .values({ name: project, name_key: project.toLowerCase(), stage, country, commodities: sql`ARRAY['Cu','Au']` })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db().insertInto('project_owners').values({ project_id: row.id, company_id: company.id }).execute();
      projects.push(row.id);
    }
    for (const [index, articleId] of ids.entries()) {
      const story = await db()
        .insertInto('stories')
        .values({ primary_article_id: articleId, title_key: `${name}-${index}`, fingerprint: '{}' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db().updateTable('articles').set({ story_id: story.id }).where('id', '=', articleId).execute();
      await db().insertInto('company_stories').values({ company_id: company.id, story_id: story.id }).execute();
      // Read into accounts, as the sync leaves a story (a push reads one it has not: see the last test).
      await db().insertInto('account_story_sync').values({ story_id: story.id }).execute();
      await db()
        .insertInto('company_events')
        .values({
          company_id: company.id,
          story_id: story.id,
          kind: index === 0 ? 'financing_closed' : 'programme_planned',
          occurred_at: new Date(Date.now() - (index === 0 ? 1 : 3) * 86_400_000),
          weight: 3,
          base: 3,
          summary: index === 0 ? 'financing closed C$5M' : 'drilling planned 5,000 m',
        })
        .execute();
    }
    return { ids, companyId: company.id, projects };
  }

  const projectNotes = () =>
    hubspot.records('notes').filter((note) => note.properties.hs_note_body?.includes('Project:'));

  it('HubSpot: the company carries heat, stage, facts and link; one note per project, never duplicated', async () => {
    const services = createServices(db(), {
      pipeline: {
        crm: createHubspotAdapter({ accessToken: TOKEN, basePath: hubspot.url, retryBaseDelayMs: 10 }),
        appOrigin: APP,
      },
    });
    const { ids, companyId, projects } = await seedAccount('Lanternfish Copper', 'lanternfish.example');
    const [first, second] = ids as [number, number];

    expect((await services.pipeline.runStep(admin, 'push', first)).status).toBe('pushed_to_hubspot');
    const page = await services.accounts.get(companyId);
    const [company] = hubspot.records('companies');
    expect(company?.properties).toMatchObject({
      mining_hub_heat: String(Math.round(page.heat * 10) / 10),
      mining_hub_stage: 'pfs',
      mining_hub_account_url: `${APP}/companies/${companyId}`,
    });
    expect(company?.properties.mining_hub_latest_facts).toMatch(
      /^\d{4}-\d\d-\d\d financing closed C\$5M; \d{4}-\d\d-\d\d drilling planned 5,000 m$/,
    );
    expect(projectNotes()).toHaveLength(2);
    for (const note of projectNotes())
      expect(hubspot.associatedIds('notes', note.id, 'companies')).toEqual([company?.id]);

    // The company's other story: the same project notes, no new ones.
    await services.pipeline.runStep(admin, 'push', second);
    expect(projectNotes()).toHaveLength(2);

    // A stage change updates that project's note in place.
    await db()
      .updateTable('projects')
      .set({ stage: 'fs' })
      .where('id', '=', projects[0] ?? 0)
      .execute();
    await db().updateTable('articles').set({ status: 'summarised' }).where('id', '=', first).execute();
    await services.pipeline.runStep(admin, 'push', first);
    expect(projectNotes()).toHaveLength(2);
    expect(projectNotes().filter((note) => note.properties.hs_note_body?.includes('stage: fs'))).toHaveLength(1);
    expect(hubspot.records('companies')[0]?.properties.mining_hub_stage).toBe('fs');
    expect(hubspot.companyProperties()).toHaveLength(4);
  });

  it('HubSpot: a job retried after a failed project note writes only the missing note', async () => {
    const services = createServices(db(), {
      pipeline: {
        crm: createHubspotAdapter({ accessToken: TOKEN, basePath: hubspot.url, retryBaseDelayMs: 5, maxRetries: 1 }),
        appOrigin: APP,
      },
    });
    const { ids } = await seedAccount('Bluegill Metals', 'bluegill.example');
    const [first] = ids as [number];
    // The sales note and the first project note go through; the second project note fails (503 twice).
    hubspot.script({ method: 'POST', path: /^\/crm\/v3\/objects\/notes$/, times: 2 });
    hubspot.script({
      method: 'POST',
      path: /^\/crm\/v3\/objects\/notes$/,
      times: 2,
      refuse: { status: 503, category: 'INTERNAL_ERROR', message: 'Service unavailable' },
    });
    await services.pipeline.runStep(admin, 'push', first).catch(() => undefined);
    expect(projectNotes()).toHaveLength(1);
    const retried = await services.pipeline.runStep(admin, 'push', first);
    expect(retried.status).toBe('pushed_to_hubspot');
    expect(projectNotes()).toHaveLength(2);
    expect(hubspot.records('notes')).toHaveLength(3);
  });

  it('the local outbox keeps the same shape on the company', async () => {
    const services = createServices(db(), { pipeline: { crm: createLocalOutboxAdapter(db()), appOrigin: APP } });
    const { ids, companyId } = await seedAccount('Perch Gold', 'perchgold.example');
    await services.pipeline.runStep(admin, 'push', ids[0] ?? 0);
    const row = await db()
      .selectFrom('crm_companies')
      .select('account')
      .where('domain', '=', 'perchgold.example')
      .executeTakeFirstOrThrow();
    expect(row.account).toMatchObject({
      stage: 'pfs',
      url: `${APP}/companies/${companyId}`,
      projects: [
        { name: 'Perch Gold North', stage: 'pfs', country: 'CA', commodities: ['Cu', 'Au'] },
        { name: 'Perch Gold South', stage: 'exploration', country: 'CL', commodities: ['Cu', 'Au'] },
      ],
    });
    expect(row.account?.latest_facts).toContain('financing closed C$5M');
    // The CRM view's record shows it.
    const record = await services.crm.record(admin, ids[0] ?? 0, APP);
    expect(record.pushed_account).toEqual(row.account);
  });

  it('a push made before the sync read its story reads it first, so the company still carries its account', async () => {
    const services = createServices(db(), { pipeline: { crm: createLocalOutboxAdapter(db()), appOrigin: APP } });
    const [id] = await seedFetchedSignals(db(), admin.id, [
      { title: 'Wolffish Gold closes C$3M placement', company: 'Wolffish Gold Corp.', contacts: [] },
    ]);
    await services.stories.assign([id ?? 0]);
    // No sync round has run: the story is in no company yet.
    expect(
      await services.accounts.list(
        { ...admin, email: 'admin@example.com', name: 'Admin' },
        { sort: 'heat', window: '7d', q: 'Wolffish', page: 1, page_size: 20 },
      ),
    ).toMatchObject({
      data: [],
    });
    await services.pipeline.runStep(admin, 'push', id ?? 0);
    const [company] = (
      await services.accounts.list(
        { ...admin, email: 'admin@example.com', name: 'Admin' },
        { sort: 'heat', window: '7d', q: 'Wolffish', page: 1, page_size: 20 },
      )
    ).data;
    expect(company?.name).toBe('Wolffish Gold Corp.');
    const record = await services.crm.record(admin, id ?? 0, APP);
    expect(record.pushed_account?.url).toBe(`${APP}/companies/${company?.id}`);
  });
});
