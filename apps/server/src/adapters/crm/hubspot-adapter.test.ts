import { describe, expect, it } from 'vitest';
import { startFakeHubspot, type FakeHubspotServer } from '../../../test/fake-hubspot-server.ts';
import { useFakeHubspot } from '../../../test/fake-hubspot-suite.ts';
import { CrmError, type CrmPush } from './crm-adapter.ts';
import { createHubspotAdapter } from './hubspot-adapter.ts';
import { noteHtml } from './hubspot-notes.ts';

const TOKEN = 'pat-na1-test-token';

function article(id: number, overrides: Partial<CrmPush> = {}): CrmPush {
  return {
    articleId: id,
    company: { name: 'Lenga Silver Corp.', domain: 'lengasilver.com', ticker: 'TSXV: LGS' },
    contacts: [
      {
        email: 'Brendan.Mahlangu@lengasilver.com',
        firstName: 'Brendan',
        lastName: 'Mahlangu',
        jobTitle: 'CEO & Director',
        phone: '+1 (604) 555-0164',
      },
      { email: 'ir@lengasilver.com', firstName: 'Investor', lastName: 'Relations', jobTitle: null, phone: null },
    ],
    note: {
      title: 'Sales signal: Lenga Silver announces 12,000-metre drill program',
      body: 'Signal: 12,000 m of drilling from Q2 2026.\nBuying intent: High\n\nTalking points:\n- drill <contractors> & assays',
    },
    existing: { companyId: null, contactIds: {}, noteId: null },
    ...overrides,
  };
}

async function failure(promise: Promise<unknown>): Promise<CrmError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof CrmError) return error;
    throw error;
  }
  throw new Error('expected the push to fail');
}

describe('hubspot adapter against a fake HubSpot', () => {
  // The allowance is tested below; here the limiter's spacing would only slow the suite down.
  const hubspot = useFakeHubspot({ accessToken: TOKEN });
  const { adapter } = hubspot;

  it('creates the company, upserts the contacts and creates a note associated with both', async () => {
    const result = await adapter().push(article(1));

    const [company] = hubspot.fake.records('companies');
    expect(hubspot.fake.records('companies')).toHaveLength(1);
    expect(company?.properties).toMatchObject({ name: 'Lenga Silver Corp.', domain: 'lengasilver.com' });
    expect(result.companyId).toBe(company?.id);

    const contacts = hubspot.fake.records('contacts');
    expect(contacts.map((c) => c.properties.email).sort()).toEqual([
      'brendan.mahlangu@lengasilver.com',
      'ir@lengasilver.com',
    ]);
    const brendan = contacts.find((c) => c.properties.email === 'brendan.mahlangu@lengasilver.com');
    expect(brendan?.properties).toMatchObject({
      firstname: 'Brendan',
      lastname: 'Mahlangu',
      jobtitle: 'CEO & Director',
      phone: '+1 (604) 555-0164',
      company: 'Lenga Silver Corp.',
    });
    expect(brendan?.properties.jobtitle).toBe('CEO & Director');
    expect(result.contactIds).toEqual({
      'brendan.mahlangu@lengasilver.com': brendan?.id,
      'ir@lengasilver.com': contacts.find((c) => c.properties.email === 'ir@lengasilver.com')?.id,
    });

    const [note] = hubspot.fake.records('notes');
    expect(result.noteId).toBe(note?.id);
    expect(note?.properties.hs_note_body).toBe(noteHtml(article(1).note));
    expect(note?.properties.hs_note_body).toContain('drill &lt;contractors&gt; &amp; assays');
    expect(note?.properties.hs_timestamp).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(hubspot.fake.associatedIds('notes', result.noteId, 'companies')).toEqual([result.companyId]);
    expect(hubspot.fake.associatedIds('notes', result.noteId, 'contacts').sort()).toEqual(
      Object.values(result.contactIds).sort(),
    );
    expect(hubspot.fake.associatedIds('companies', result.companyId, 'contacts').sort()).toEqual(
      Object.values(result.contactIds).sort(),
    );
    // Search, create company, upsert contacts, associate them, create the note: the whole budget of a new article.
    expect(hubspot.fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /crm/v3/objects/companies/search',
      'POST /crm/v3/objects/companies',
      'POST /crm/v3/objects/contacts/batch/upsert',
      'POST /crm/v4/associations/contacts/companies/batch/associate/default',
      'POST /crm/v3/objects/notes',
    ]);
  });

  it('updates the company, contacts and note on a re-push with the stored ids, creating nothing', async () => {
    const crm = adapter();
    const first = await crm.push(article(1));
    hubspot.fake.requests.length = 0;

    const changed = article(1, {
      company: { name: 'Lenga Silver Corporation', domain: 'lengasilver.com', ticker: null },
      note: { title: 'Sales signal: updated', body: 'Buying intent: Very High' },
      existing: { companyId: first.companyId, contactIds: first.contactIds, noteId: first.noteId },
    });
    changed.contacts[0] = { ...changed.contacts[0], jobTitle: 'President & CEO' } as CrmPush['contacts'][number];
    const second = await crm.push(changed);

    expect(second).toEqual(first);
    expect(hubspot.fake.records('companies')).toHaveLength(1);
    expect(hubspot.fake.records('contacts')).toHaveLength(2);
    expect(hubspot.fake.records('notes')).toHaveLength(1);
    expect(hubspot.fake.duplicateCompanies()).toEqual([]);
    expect(hubspot.fake.duplicateContacts()).toEqual([]);
    expect(hubspot.fake.records('companies')[0]?.properties.name).toBe('Lenga Silver Corporation');
    expect(hubspot.fake.records('notes')[0]?.properties.hs_note_body).toBe(
      '<p><strong>Sales signal: updated</strong></p><p>Buying intent: Very High</p>',
    );
    const brendan = hubspot.fake
      .records('contacts')
      .find((c) => c.properties.email === 'brendan.mahlangu@lengasilver.com');
    expect(brendan?.properties.jobtitle).toBe('President & CEO');
    expect(hubspot.fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `PATCH /crm/v3/objects/companies/${first.companyId}`,
      'POST /crm/v3/objects/contacts/batch/upsert',
      'POST /crm/v4/associations/contacts/companies/batch/associate/default',
      `PATCH /crm/v3/objects/notes/${first.noteId}`,
      'POST /crm/v4/associations/notes/companies/batch/associate/default',
      'POST /crm/v4/associations/notes/contacts/batch/associate/default',
    ]);
    expect(hubspot.fake.associations()).toHaveLength(5);
  });

  it('finds an existing company by domain and contacts by email instead of duplicating them', async () => {
    await adapter().push(article(1));
    // A new adapter (another process, say) has no memory of the company: it must find it by search.
    const second = await adapter().push(
      article(2, { company: { name: 'Lenga Silver', domain: 'https://www.LengaSilver.com/news', ticker: null } }),
    );

    expect(hubspot.fake.records('companies')).toHaveLength(1);
    expect(second.companyId).toBe(hubspot.fake.records('companies')[0]?.id);
    // Found by search, the company keeps the name it has in HubSpot.
    expect(hubspot.fake.records('companies')[0]?.properties.name).toBe('Lenga Silver Corp.');
    expect(hubspot.fake.records('contacts')).toHaveLength(2);
    expect(hubspot.fake.records('notes')).toHaveLength(2);
    expect(hubspot.fake.duplicateCompanies()).toEqual([]);
    expect(hubspot.fake.duplicateContacts()).toEqual([]);
  });

  it('finds a company by name when there is no domain, and adopts it once a domain is known', async () => {
    const noDomain = { name: 'Kestrel Copper Ltd', domain: null, ticker: null };
    const first = await adapter().push(article(1, { company: noDomain, contacts: [] }));
    const second = await adapter().push(
      article(2, { company: { ...noDomain, name: 'KESTREL COPPER LTD' }, contacts: [] }),
    );
    const third = await adapter().push(
      article(3, { company: { ...noDomain, domain: 'kestrelcopper.com' }, contacts: [] }),
    );

    expect(new Set([first.companyId, second.companyId, third.companyId]).size).toBe(1);
    expect(hubspot.fake.records('companies')).toHaveLength(1);
    expect(hubspot.fake.records('companies')[0]?.properties.domain).toBe('kestrelcopper.com');
    expect(hubspot.fake.records('notes')).toHaveLength(3);
  });

  it('creates a new company once when several of its articles are pushed at the same time', async () => {
    const crm = adapter();
    const results = await Promise.all([1, 2, 3, 4, 5].map((id) => crm.push(article(id))));

    expect(new Set(results.map((r) => r.companyId)).size).toBe(1);
    expect(hubspot.fake.records('companies')).toHaveLength(1);
    expect(hubspot.fake.records('notes')).toHaveLength(5);
    expect(hubspot.fake.duplicateCompanies()).toEqual([]);
    expect(hubspot.fake.duplicateContacts()).toEqual([]);
  });

  it('creates a contact without email once and remembers it by name', async () => {
    const contacts = [{ email: null, firstName: 'Jane', lastName: 'Doe', jobTitle: 'VP Exploration', phone: null }];
    const crm = adapter();
    const first = await crm.push(article(1, { contacts }));
    expect(Object.keys(first.contactIds)).toEqual(['name:jane doe']);

    const again = await crm.push(article(1, { contacts, existing: { ...first, noteId: first.noteId } }));
    const otherArticle = await adapter().push(article(2, { contacts }));

    expect(again.contactIds).toEqual(first.contactIds);
    expect(otherArticle.contactIds).toEqual(first.contactIds);
    expect(hubspot.fake.records('contacts')).toHaveLength(1);
    expect(hubspot.fake.records('contacts')[0]?.properties).toMatchObject({
      firstname: 'Jane',
      jobtitle: 'VP Exploration',
    });
  });

  it('recreates records whose stored ids were deleted in HubSpot', async () => {
    const result = await adapter().push(
      article(1, { existing: { companyId: '999999', contactIds: {}, noteId: '888888' } }),
    );
    expect(hubspot.fake.records('companies').map((c) => c.id)).toEqual([result.companyId]);
    expect(hubspot.fake.records('notes').map((n) => n.id)).toEqual([result.noteId]);
  });

  it('retries a 500 and succeeds', async () => {
    hubspot.fake.failNext(2);
    const result = await adapter().push(article(1));

    expect(hubspot.fake.requests.filter((r) => r.status === 500)).toHaveLength(2);
    expect(hubspot.fake.records('companies').map((c) => c.id)).toEqual([result.companyId]);
    expect(hubspot.fake.records('notes')).toHaveLength(1);
  });

  it('fails with a retryable CrmError after repeated 500s, keeping the ids created so far for the retry', async () => {
    // The company search and create pass; the contacts upsert then fails on every attempt.
    hubspot.fake.failNext(2, 500, 2);
    const error = await failure(adapter({ maxRetries: 1 }).push(article(1)));

    expect(error.retryable).toBe(true);
    expect(error.status).toBe(500);
    expect(error.message).toMatch(/HubSpot failed \(500\) while upserting the contacts \(2 attempts\)/);
    const companyId = hubspot.fake.records('companies')[0]?.id;
    expect(error.partial).toEqual({ companyId, contactIds: {}, noteId: null });

    const retried = await adapter().push(article(1, { existing: error.partial ?? article(1).existing }));
    expect(retried.companyId).toBe(companyId);
    expect(hubspot.fake.records('companies')).toHaveLength(1);
    expect(hubspot.fake.records('notes')).toHaveLength(1);
  });

  it('answers a rejected token with a CrmError that is not retryable', async () => {
    const error = await failure(
      createHubspotAdapter({ accessToken: 'wrong', basePath: hubspot.fake.url }).push(article(1)),
    );

    expect(error.retryable).toBe(false);
    expect(error.status).toBe(401);
    expect(error.message).toMatch(/^HubSpot rejected the access token \(401\) while searching for the company: /);
    expect(hubspot.fake.records('companies')).toHaveLength(0);
  });

  it('gives up on a silent HubSpot with a retryable CrmError', async () => {
    hubspot.fake.stallNext(2);
    const started = Date.now();
    const error = await failure(adapter({ timeoutMs: 300, maxRetries: 1 }).push(article(1)));

    expect(error.retryable).toBe(true);
    expect(error.message).toMatch(/HubSpot gave no answer within 0.3 s while searching for the company \(2 attempts\)/);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('stops when the push is cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await failure(adapter().push(article(1), controller.signal));

    expect(error.retryable).toBe(true);
    expect(error.message).toBe('The push to HubSpot was cancelled');
    expect(hubspot.fake.requests).toHaveLength(0);
  });
});

describe("hubspot contacts without email, with a search index that lags as HubSpot's does", () => {
  const hubspot = useFakeHubspot({
    accessToken: TOKEN,
    searchLagMs: 60_000,
    rateLimit: { requests: 10_000, windowMs: 1_000 },
  });
  const { adapter } = hubspot;
  const person = (firstName: string, lastName: string) => ({
    email: null,
    firstName,
    lastName,
    jobTitle: null,
    phone: null,
  });

  it('finds the contact by name at the company, whatever its case and accents, instead of creating it again', async () => {
    const crm = adapter();
    const first = await crm.push(article(1, { contacts: [person('José', 'Núñez')] }));
    // Another article of the same company seconds later (a batch), where search cannot see the contact yet.
    const second = await crm.push(article(2, { contacts: [person('JOSE ', ' nunez')] }));
    // The first article pushed again, its stored id lost (pushed from the outbox export, say).
    const third = await crm.push(article(1, { contacts: [person('José', 'Núñez')] }));

    expect(hubspot.fake.records('contacts')).toHaveLength(1);
    const id = hubspot.fake.records('contacts')[0]?.id;
    expect(Object.values(first.contactIds)).toEqual([id]);
    expect(Object.values(second.contactIds)).toEqual([id]);
    expect(Object.values(third.contactIds)).toEqual([id]);
    expect(hubspot.fake.associatedIds('companies', first.companyId, 'contacts')).toEqual([id]);
    expect(
      hubspot.fake.requests.filter((r) => r.method === 'POST' && r.path === '/crm/v3/objects/contacts'),
    ).toHaveLength(1);
  });

  it('keeps two people of the same name at two companies apart', async () => {
    const crm = adapter();
    const john = [person('John', 'Smith')];
    const lenga = await crm.push(article(1, { contacts: john }));
    const kestrel = await crm.push(
      article(2, { company: { name: 'Kestrel Copper', domain: 'kestrelcopper.com', ticker: null }, contacts: john }),
    );
    await crm.push(article(3, { contacts: john }));
    await crm.push(
      article(4, { company: { name: 'Kestrel Copper', domain: 'kestrelcopper.com', ticker: null }, contacts: john }),
    );

    expect(hubspot.fake.records('contacts')).toHaveLength(2);
    const [lengaJohn] = hubspot.fake.associatedIds('companies', lenga.companyId, 'contacts');
    const [kestrelJohn] = hubspot.fake.associatedIds('companies', kestrel.companyId, 'contacts');
    expect(lengaJohn).toBeDefined();
    expect(kestrelJohn).toBeDefined();
    expect(lengaJohn).not.toBe(kestrelJohn);
    expect(hubspot.fake.associatedIds('contacts', lengaJohn ?? '', 'companies')).toEqual([lenga.companyId]);
  });

  it('reads a company with more contacts than one batch read holds', async () => {
    const crm = adapter();
    const many = Array.from({ length: 120 }, (_, n) => person('Person', `Number ${n}`));
    await crm.push(article(1, { contacts: many }));
    await crm.push(article(2, { contacts: [person('person', 'number 119'), person('Person', 'Number 0')] }));

    expect(hubspot.fake.records('contacts')).toHaveLength(120);
  });
});

describe('hubspot adapter and rate limits', () => {
  it('waits out 429s as Retry-After says and then succeeds', async () => {
    const fake = await startFakeHubspot({ accessToken: TOKEN, rateLimit: { requests: 3, windowMs: 1_000 } });
    try {
      const started = Date.now();
      const result = await createHubspotAdapter({ accessToken: TOKEN, basePath: fake.url }).push(article(1));

      expect(fake.stats.rateLimited).toBeGreaterThan(0);
      const limited = fake.requests.filter((r) => r.status === 429);
      expect(limited.length).toBe(fake.stats.rateLimited);
      // The first 429 said 'Retry-After: 1': nothing more was sent until that second had passed.
      const firstLimited = limited[0]?.at ?? 0;
      const next = fake.requests.find((r) => r.at > firstLimited && r.status !== 429);
      expect((next?.at ?? 0) - firstLimited).toBeGreaterThanOrEqual(950);
      expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
      expect(fake.records('notes').map((n) => n.id)).toEqual([result.noteId]);
      expect(fake.duplicateCompanies()).toEqual([]);
    } finally {
      await fake.close();
    }
  });

  it("keeps under the account's allowance with the client's limiter, so no 429 is ever received", async () => {
    const fake = await startFakeHubspot({ accessToken: TOKEN, rateLimit: { requests: 20, windowMs: 1_000 } });
    try {
      const crm = createHubspotAdapter({
        accessToken: TOKEN,
        basePath: fake.url,
        rateLimit: { requests: 20, intervalMs: 1_000 },
      });
      const pushes = Array.from({ length: 8 }, (_, index) =>
        crm.push(
          article(index + 1, {
            company: { name: `Company ${index}`, domain: `company-${index}.com`, ticker: null },
            contacts: [
              {
                email: `ceo@company-${index}.com`,
                firstName: 'Chief',
                lastName: `Officer ${index}`,
                jobTitle: null,
                phone: null,
              },
            ],
          }),
        ),
      );
      await Promise.all(pushes);

      expect(fake.stats.rateLimited).toBe(0);
      expect(fake.requests.length).toBe(40);
      const times = fake.requests.map((r) => r.at);
      const busiestSecond = Math.max(
        ...times.map((start) => times.filter((t) => t >= start && t < start + 1_000).length),
      );
      expect(busiestSecond).toBeLessThanOrEqual(20);
      expect(fake.records('companies')).toHaveLength(8);
      expect(fake.duplicateContacts()).toEqual([]);
    } finally {
      await fake.close();
    }
  });
});

describe('hubspot adapter and conflicts (409) and refusals', () => {
  const TICKER = 'ticker_symbol';
  // The account made the ticker a unique-value property; search lags a minute behind writes.
  const hubspot = useFakeHubspot({
    accessToken: TOKEN,
    searchLagMs: 60_000,
    uniqueProperties: { companies: [TICKER] },
  });
  const adapter = () => hubspot.adapter({ companyTickerProperty: TICKER });

  it('uses the company a 409 names, filling its gaps, instead of retrying or creating another', async () => {
    const existing = hubspot.fake.seed('companies', { name: 'Lenga Silver', [TICKER]: 'TSXV: LGS' });

    const result = await adapter().push(article(1));

    expect(result.companyId).toBe(existing.id);
    expect(hubspot.fake.records('companies')).toHaveLength(1);
    // It keeps its name; the domain it lacked is filled in.
    expect(hubspot.fake.records('companies')[0]?.properties).toMatchObject({
      name: 'Lenga Silver',
      domain: 'lengasilver.com',
    });
    expect(hubspot.fake.associatedIds('notes', result.noteId, 'companies')).toEqual([existing.id]);
    expect(hubspot.fake.associatedIds('companies', existing.id, 'contacts')).toHaveLength(2);
    expect(hubspot.fake.requests.filter((r) => r.status === 409)).toHaveLength(1);
  });

  it('updates and associates the contact a 409 names (the address is its secondary email), creating none', async () => {
    const existing = hubspot.fake.seed('contacts', {
      email: 'brendan@mahlangu.example',
      hs_additional_emails: 'brendan.mahlangu@lengasilver.com',
      firstname: 'Brendan',
      lastname: 'Mahlangu',
    });

    const result = await adapter().push(article(1));

    expect(result.contactIds['brendan.mahlangu@lengasilver.com']).toBe(existing.id);
    expect(hubspot.fake.records('contacts')).toHaveLength(2);
    expect(hubspot.fake.duplicateContacts()).toEqual([]);
    const updated = hubspot.fake.records('contacts').find((contact) => contact.id === existing.id);
    // Updated, its own addresses kept.
    expect(updated?.properties).toMatchObject({ email: 'brendan@mahlangu.example', jobtitle: 'CEO & Director' });
    expect(hubspot.fake.associatedIds('contacts', existing.id, 'companies')).toEqual([result.companyId]);
    expect(hubspot.fake.associatedIds('notes', result.noteId, 'contacts')).toContain(existing.id);
  });

  it.each([
    { status: 409, category: 'CONFLICT', message: 'Conflict: the object was changed by another request' },
    {
      status: 400,
      category: 'VALIDATION_ERROR',
      message:
        'Property values were not valid: [{"isValid":false,"message":"Property \\"ticker_symbol\\" does not exist","error":"PROPERTY_DOESNT_EXIST","name":"ticker_symbol"}]',
    },
    {
      status: 403,
      category: 'MISSING_SCOPES',
      message: "This app hasn't been granted all required scopes to make this call.",
    },
  ])('fails at once, not to be retried, on a $status $category, with HubSpot’s message', async (refusal) => {
    hubspot.fake.script({ method: 'POST', path: /^\/crm\/v3\/objects\/companies$/, refuse: refusal });

    const error = await failure(adapter().push(article(1)));

    expect(error.retryable).toBe(false);
    expect(error.status).toBe(refusal.status);
    expect(error.message).toContain(refusal.message.slice(0, 60));
    expect(hubspot.fake.requests.filter((r) => r.path === '/crm/v3/objects/companies')).toHaveLength(1);
    expect(hubspot.fake.records('companies')).toHaveLength(0);
  });
});

describe.concurrent('hubspot adapter and a create answered after its 30 s timeout', () => {
  // HubSpot takes 40 s to answer the first create, which it does carry out; its search shows records 3 s later.
  const slowFake = () => startFakeHubspot({ accessToken: TOKEN, searchLagMs: 3_000 });
  const adapter = (fake: FakeHubspotServer) =>
    createHubspotAdapter({ accessToken: TOKEN, basePath: fake.url, rateLimit: { requests: 1_000, intervalMs: 1_000 } });

  it('never makes two companies, in the push that timed out nor in a retry', async () => {
    const fake = await slowFake();
    try {
      fake.script({ method: 'POST', path: /^\/crm\/v3\/objects\/companies$/, delayMs: 40_000 });

      const first = await adapter(fake).push(article(1));
      // The article pushed again by another process, which knows nothing of the first.
      const again = await adapter(fake).push(article(2));

      expect(fake.records('companies')).toHaveLength(1);
      expect(fake.duplicateCompanies()).toEqual([]);
      expect([first.companyId, again.companyId]).toEqual([fake.records('companies')[0]?.id, first.companyId]);
      expect(fake.duplicateContacts()).toEqual([]);
      expect(fake.records('contacts')).toHaveLength(2);
    } finally {
      await fake.close();
    }
  }, 120_000);

  it('never makes two contacts of a person without email', async () => {
    const fake = await slowFake();
    try {
      const contacts = [{ email: null, firstName: 'Jane', lastName: 'Doe', jobTitle: null, phone: null }];
      fake.script({ method: 'POST', path: /^\/crm\/v3\/objects\/contacts$/, delayMs: 40_000 });

      const first = await adapter(fake).push(article(1, { contacts }));
      const again = await adapter(fake).push(article(2, { contacts }));

      expect(fake.records('contacts')).toHaveLength(1);
      expect(Object.values(first.contactIds)).toEqual([fake.records('contacts')[0]?.id]);
      expect(again.contactIds).toEqual(first.contactIds);
      expect(fake.records('companies')).toHaveLength(1);
    } finally {
      await fake.close();
    }
  }, 120_000);
});
