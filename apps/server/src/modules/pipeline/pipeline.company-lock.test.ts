import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Viewer } from '@mining-hub/contract/auth';
import { createHubspotAdapter } from '../../adapters/crm/hubspot-adapter.ts';
import { createLocalOutboxAdapter } from '../../adapters/crm/local-outbox-adapter.ts';
import { openDatabase, type Db } from '../../db/client.ts';
import { createServices, type Services } from '../../services.ts';
import { startFakeHubspot, type FakeHubspotServer } from '../../../test/fake-hubspot-server.ts';
import { seedAdmin, seedFetchedSignals } from '../../../test/signal-factory.ts';
import { createTestDatabase, testEngines, type TestDatabase } from '../../../test/test-database.ts';

const TOKEN = 'company-lock-token';

/**
 * Two workers push articles of one company the CRM has never seen, at the same moment. On PostgreSQL
 * each worker has its own connections (as separate processes do), so only the database lock keeps them
 * apart; PGlite has one process.
 */
describe.each(testEngines)('pushes of one new company from two workers on %s', (engine) => {
  let database: TestDatabase;
  let secondHandle: Awaited<ReturnType<typeof openDatabase>> | undefined;
  let hubspot: FakeHubspotServer;
  let admin: Viewer;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    // HubSpot's search index lags behind its writes: a company created a moment ago is not found by search.
    hubspot = await startFakeHubspot({ accessToken: TOKEN, latencyMs: 20, searchLagMs: 30_000 });
    admin = await seedAdmin(database.handle.db, 'locks@example.com');
    if (database.url) secondHandle = await openDatabase({ databaseUrl: database.url });
  });
  afterAll(async () => {
    await secondHandle?.close();
    await database.drop();
    await hubspot.close();
  });

  /** The two workers' databases: their own connections on PostgreSQL, the one PGlite otherwise. */
  const workerDatabases = (): [Db, Db] => [database.handle.db, secondHandle?.db ?? database.handle.db];

  async function twoArticlesOf(company: string, domain: string): Promise<number[]> {
    const contact = (first: string) => ({ first_name: first, last_name: 'Ng', email: `${first}@${domain}` });
    return seedFetchedSignals(database.handle.db, admin.id, [
      { title: `${company} starts drilling`, company, contacts: [contact('ada')] },
      { title: `${company} closes a placement`, company, contacts: [contact('bo')] },
    ]);
  }

  async function pushBoth(workers: [Services, Services], ids: number[]): Promise<void> {
    const [first, second] = ids;
    if (first === undefined || second === undefined) throw new Error('two articles expected');
    const pushed = await Promise.all([
      workers[0].pipeline.runStep(admin, 'push', first),
      workers[1].pipeline.runStep(admin, 'push', second),
    ]);
    expect(pushed.map((article) => article.status)).toEqual(['pushed_to_hubspot', 'pushed_to_hubspot']);
  }

  async function companyIdsOf(ids: number[]): Promise<(string | null)[]> {
    const rows = await database.handle.db
      .selectFrom('articles')
      .select('crm_company_id')
      .where('id', 'in', ids)
      .execute();
    return rows.map((row) => row.crm_company_id);
  }

  it('creates the company once in HubSpot', async () => {
    // Each worker its own adapter, as each process has: neither knows what the other created.
    const workers = workerDatabases().map((db) =>
      createServices(db, { pipeline: { crm: createHubspotAdapter({ accessToken: TOKEN, basePath: hubspot.url }) } }),
    ) as [Services, Services];
    const ids = await twoArticlesOf('Kestrel Copper', 'kestrelcopper.com');

    await pushBoth(workers, ids);

    expect(hubspot.records('companies').map((company) => company.properties.domain)).toEqual(['kestrelcopper.com']);
    const [companyId] = hubspot.records('companies').map((company) => company.id);
    expect(await companyIdsOf(ids)).toEqual([companyId, companyId]);
    expect(hubspot.records('notes')).toHaveLength(2);
  });

  it('creates the company once in the local outbox', async () => {
    const workers = workerDatabases().map((db) =>
      createServices(db, { pipeline: { crm: createLocalOutboxAdapter(db) } }),
    ) as [Services, Services];
    const ids = await twoArticlesOf('Ptarmigan Nickel', 'ptarmigannickel.com');

    await pushBoth(workers, ids);

    const companies = await database.handle.db
      .selectFrom('crm_companies')
      .select(['id', 'domain'])
      .where('domain', '=', 'ptarmigannickel.com')
      .execute();
    expect(companies).toHaveLength(1);
    expect(await companyIdsOf(ids)).toEqual([String(companies[0]?.id), String(companies[0]?.id)]);
  });
});
