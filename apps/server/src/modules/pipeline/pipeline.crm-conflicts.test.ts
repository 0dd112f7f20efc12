import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Article } from '@mining-hub/contract/news';
import type { BatchStatus } from '@mining-hub/contract/pipeline';
import type { Signal } from '@mining-hub/contract/signals';
import { createHubspotAdapter } from '../../adapters/crm/hubspot-adapter.ts';
import { APP_ORIGIN, createTestApp, signIn, type TestApp } from '../../../test/test-app.ts';
import { startFakeHubspot, type FakeHubspotServer } from '../../../test/fake-hubspot-server.ts';
import { seedFetchedSignals, type SeedSignal } from '../../../test/signal-factory.ts';
import { testEngines } from '../../../test/test-database.ts';

const TOKEN = 'crm-conflicts-token';
const TICKER = 'ticker_symbol';
const COMPANY_CREATE = /^\/crm\/v3\/objects\/companies$/;

/**
 * Push batches against a fake HubSpot that answers as the real one does when a record exists (409 naming
 * it), refuses a request (409 without id, 400) or is slow, observed through the API as a user sees them.
 */
describe.each(testEngines)('CRM conflicts and refusals in push batches on %s', (engine) => {
  let t: TestApp;
  let hubspot: FakeHubspotServer;
  let user: { cookie: string; userId: number };

  beforeAll(async () => {
    // The account made the ticker a unique-value property; the search index lags a minute behind writes.
    hubspot = await startFakeHubspot({
      accessToken: TOKEN,
      searchLagMs: 60_000,
      uniqueProperties: { companies: [TICKER] },
    });
    t = await createTestApp(engine, {
      pipelineJobs: true,
      pipeline: {
        crm: createHubspotAdapter({
          accessToken: TOKEN,
          basePath: hubspot.url,
          rateLimit: { requests: 1_000, intervalMs: 1_000 },
          retryBaseDelayMs: 10,
          companyTickerProperty: TICKER,
        }),
        // One push at a time, so that one article waits its turn while another is pushed.
        concurrency: { push: 1 },
      },
    });
    user = await signIn(t);
  });
  afterAll(async () => {
    await t.close();
    await hubspot.close();
  });

  const get = async <T>(url: string): Promise<T> => {
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: { cookie: user.cookie } });
    expect(response.statusCode).toBe(200);
    return response.json<T>();
  };
  const article = async (id: number) => (await get<{ data: Article }>(`article/${id}`)).data;
  const signals = async () => (await get<{ data: Signal[] }>('signals?page_size=100&sort=newest')).data;

  async function pushBatch(articleIds: number[]): Promise<string> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/batch/push-selected',
      headers: { origin: APP_ORIGIN, cookie: user.cookie },
      payload: { article_ids: articleIds },
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ batch_session_id: string }>().batch_session_id;
  }

  async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const value = await read();
      if (done(value)) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const finished = (batchId: string) =>
    until(
      'the batch',
      () => get<BatchStatus>(`batch/status/${batchId}`),
      (status) => status.status === 'completed',
    );

  const lenga = (title: string): SeedSignal => ({
    title,
    company: 'Lenga Silver Corp.',
    contacts: [
      { first_name: 'Brendan', last_name: 'Mahlangu', email: 'brendan.mahlangu@lengasilver.com', job_title: 'CEO' },
      { first_name: 'Ira', last_name: 'Relations', email: 'ir@lengasilver.com' },
    ],
  });

  it('uses the company and the contact HubSpot names in its 409s: every article pushed, records updated, none duplicated', async () => {
    hubspot.reset();
    // Made in HubSpot by hand, under another name and without a domain: search would not find it anyway.
    const company = hubspot.seed('companies', { name: 'Lenga Silver', [TICKER]: 'TSXV: LGS' });
    const contact = hubspot.seed('contacts', {
      email: 'b.mahlangu@mahlangu.example',
      hs_additional_emails: 'brendan.mahlangu@lengasilver.com',
      firstname: 'Brendan',
      lastname: 'Mahlangu',
    });
    const ids = await seedFetchedSignals(t.database.handle.db, user.userId, [
      lenga('Lenga Silver starts drilling'),
      lenga('Lenga Silver closes a placement'),
      lenga('Lenga Silver files a resource'),
    ]);
    await t.database.handle.db.updateTable('articles').set({ ticker: 'TSXV: LGS' }).where('id', 'in', ids).execute();

    const status = await finished(await pushBatch(ids));

    expect(status).toMatchObject({ total_articles: 3, completed: 3, failed: 0, failures: [] });
    expect(status.results.pushed_to_hubspot).toBe(3);
    for (const id of ids) {
      expect(await article(id)).toMatchObject({
        status: 'pushed_to_hubspot',
        failure_reason: null,
        activity: null,
        crm_company_id: company.id,
      });
    }
    expect(hubspot.records('companies').map((record) => record.id)).toEqual([company.id]);
    expect(hubspot.records('companies')[0]?.properties).toMatchObject({
      name: 'Lenga Silver',
      domain: 'lengasilver.com',
    });
    expect(hubspot.duplicateContacts()).toEqual([]);
    expect(hubspot.records('contacts')).toHaveLength(2);
    expect(hubspot.records('contacts').find((record) => record.id === contact.id)?.properties).toMatchObject({
      email: 'b.mahlangu@mahlangu.example',
      jobtitle: 'CEO',
    });
    expect(hubspot.associatedIds('companies', company.id, 'contacts')).toContain(contact.id);
    expect(hubspot.records('notes')).toHaveLength(3);
    // 409s were answers, not faults: nothing was sent again and again.
    expect(
      hubspot.requests.filter((request) => request.status === 409 && COMPANY_CREATE.test(request.path)),
    ).toHaveLength(1);
  }, 90_000);

  it('fails the articles at once with HubSpot’s message on a 409 without id and on a 400, then, queued again, shows them queued and processing until they are pushed', async () => {
    hubspot.reset();
    const conflict = 'Conflict: the object was changed by another request';
    const invalid =
      'Property values were not valid: [{"isValid":false,"message":"Property \\"ticker_symbol\\" does not exist","error":"PROPERTY_DOESNT_EXIST","name":"ticker_symbol"}]';
    hubspot.script({
      method: 'POST',
      path: COMPANY_CREATE,
      refuse: { status: 409, category: 'CONFLICT', message: conflict },
    });
    hubspot.script({
      method: 'POST',
      path: COMPANY_CREATE,
      refuse: { status: 400, category: 'VALIDATION_ERROR', message: invalid },
    });
    const ids = await seedFetchedSignals(t.database.handle.db, user.userId, [
      { title: 'Kestrel Copper starts drilling', company: 'Kestrel Copper' },
      { title: 'Ptarmigan Nickel closes a placement', company: 'Ptarmigan Nickel' },
    ]);

    const failed = await finished(await pushBatch(ids));

    expect(failed).toMatchObject({ total_articles: 2, completed: 0, failed: 2 });
    const reasons = await Promise.all(ids.map(async (id) => (await article(id)).failure_reason ?? ''));
    expect(reasons.sort()).toEqual([
      expect.stringContaining(`HubSpot refused the request (400) while creating the company: ${invalid.slice(0, 100)}`),
      `HubSpot reported a conflict (409) while creating the company: ${conflict}`,
    ]);
    expect(failed.failures.map((failure) => failure.reason).sort()).toEqual(reasons);
    for (const id of ids) expect(await article(id)).toMatchObject({ status: 'failed_push', activity: null });
    // Each create was tried once: neither refusal was taken for a passing fault.
    expect(hubspot.requests.filter((request) => COMPANY_CREATE.test(request.path))).toHaveLength(2);

    // Pushed again with HubSpot back to normal, but slow: while one is pushed, the other waits its turn.
    hubspot.script({ method: 'POST', path: COMPANY_CREATE, delayMs: 2_000, times: 2 });
    const again = await pushBatch(ids);
    const during = await until(
      'one article processing',
      async () => (await signals()).filter((signal) => ids.includes(signal.article_id)),
      (rows) => rows.some((row) => row.activity === 'processing'),
    );
    expect(during.map((row) => row.activity).sort()).toEqual(['processing', 'queued']);
    // The status stays the last outcome until the push ends; the activity is what the card shows.
    expect(during.map((row) => row.status)).toEqual(['failed_push', 'failed_push']);
    const processing = during.find((row) => row.activity === 'processing');
    expect((await article(processing?.article_id ?? 0)).activity).toBe('processing');

    expect(await finished(again)).toMatchObject({ completed: 2, failed: 0, failures: [] });
    for (const id of ids) {
      expect(await article(id)).toMatchObject({ status: 'pushed_to_hubspot', failure_reason: null, activity: null });
    }
    expect(hubspot.records('companies')).toHaveLength(2);
  }, 90_000);
});
