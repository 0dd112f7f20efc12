import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngines, type TestDatabase } from '../../../test/test-database.ts';
import type { Db } from '../../db/client.ts';
import { CrmError, type CrmPush } from './crm-adapter.ts';
import { createLocalOutboxAdapter } from './local-outbox-adapter.ts';

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
      { email: null, firstName: 'Jane', lastName: 'Doe', jobTitle: 'VP Exploration', phone: null },
    ],
    note: { title: `Sales signal ${id}`, body: 'Buying intent: High' },
    existing: { companyId: null, contactIds: {}, noteId: null },
    ...overrides,
  };
}

async function counts(db: Db) {
  const count = async (table: 'crm_companies' | 'crm_contacts' | 'crm_notes') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    companies: await count('crm_companies'),
    contacts: await count('crm_contacts'),
    notes: await count('crm_notes'),
  };
}

describe.each(testEngines)('local CRM outbox on %s', (kind) => {
  let database: TestDatabase;
  let db: Db;

  beforeEach(async () => {
    database = await createTestDatabase(kind);
    db = database.handle.db;
  });
  afterEach(() => database.drop());

  it('records the company, contacts and note, and a re-push with the stored ids updates them', async () => {
    const outbox = createLocalOutboxAdapter(db);
    const first = await outbox.push(article(1));

    expect(Object.keys(first.contactIds)).toEqual(['brendan.mahlangu@lengasilver.com', 'name:jane doe']);
    const company = await db.selectFrom('crm_companies').selectAll().executeTakeFirstOrThrow();
    expect(company).toMatchObject({ name: 'Lenga Silver Corp.', domain: 'lengasilver.com', ticker: 'TSXV: LGS' });
    expect(String(company.id)).toBe(first.companyId);
    const note = await db.selectFrom('crm_notes').selectAll().executeTakeFirstOrThrow();
    expect(note).toMatchObject({ article_id: 1, company_id: company.id, title: 'Sales signal 1' });
    expect(note.contact_ids.map(String)).toEqual(Object.values(first.contactIds));

    const second = await outbox.push(
      article(1, {
        company: { name: 'Lenga Silver Corporation', domain: 'lengasilver.com', ticker: null },
        contacts: [
          {
            email: 'brendan.mahlangu@lengasilver.com',
            firstName: 'Brendan',
            lastName: 'Mahlangu',
            jobTitle: 'President',
            phone: null,
          },
          { email: null, firstName: 'Jane', lastName: 'Doe', jobTitle: null, phone: '+1 555 0100' },
        ],
        note: { title: 'Sales signal 1 (updated)', body: 'Buying intent: Very High' },
        existing: { companyId: first.companyId, contactIds: first.contactIds, noteId: first.noteId },
      }),
    );

    expect(second).toEqual(first);
    expect(await counts(db)).toEqual({ companies: 1, contacts: 2, notes: 1 });
    // New values replace old ones; a value the article no longer mentions keeps what was recorded.
    expect(await db.selectFrom('crm_companies').select(['name', 'ticker']).executeTakeFirst()).toEqual({
      name: 'Lenga Silver Corporation',
      ticker: 'TSXV: LGS',
    });
    const contacts = await db
      .selectFrom('crm_contacts')
      .select(['email', 'job_title', 'phone'])
      .orderBy('id')
      .execute();
    expect(contacts).toEqual([
      { email: 'brendan.mahlangu@lengasilver.com', job_title: 'President', phone: '+1 (604) 555-0164' },
      { email: null, job_title: 'VP Exploration', phone: '+1 555 0100' },
    ]);
    expect(await db.selectFrom('crm_notes').select(['title', 'body']).executeTakeFirst()).toEqual({
      title: 'Sales signal 1 (updated)',
      body: 'Buying intent: Very High',
    });
  });

  it('matches the company by domain, contacts by email and the note by article without stored ids', async () => {
    const outbox = createLocalOutboxAdapter(db);
    const first = await outbox.push(article(1));
    const again = await outbox.push(article(1));
    const other = await outbox.push(
      article(2, { company: { name: 'Lenga Silver', domain: 'https://www.LengaSilver.com/', ticker: null } }),
    );

    expect(again).toEqual(first);
    expect(other.companyId).toBe(first.companyId);
    expect(other.contactIds).toEqual(first.contactIds);
    expect(other.noteId).not.toBe(first.noteId);
    expect(await counts(db)).toEqual({ companies: 1, contacts: 2, notes: 2 });
  });

  it('creates one company when two articles of it are pushed at the same time', async () => {
    const outbox = createLocalOutboxAdapter(db);
    const results = await Promise.all([outbox.push(article(1)), outbox.push(article(2))]);
    const more = await Promise.all([3, 4, 5, 6].map((id) => outbox.push(article(id))));

    expect(new Set([...results, ...more].map((r) => r.companyId)).size).toBe(1);
    expect(await counts(db)).toEqual({ companies: 1, contacts: 2, notes: 6 });
  });

  it('keys a company without domain by name, whatever the case, and adopts it when a domain turns up', async () => {
    const outbox = createLocalOutboxAdapter(db);
    const named = { name: 'Kestrel Copper Ltd', domain: null, ticker: null };
    const first = await outbox.push(article(1, { company: named, contacts: [] }));
    const second = await Promise.all([
      outbox.push(article(2, { company: { ...named, name: 'KESTREL COPPER LTD' }, contacts: [] })),
      outbox.push(article(3, { company: { ...named, domain: 'kestrelcopper.com' }, contacts: [] })),
    ]);

    expect(second.map((r) => r.companyId)).toEqual([first.companyId, first.companyId]);
    expect(await db.selectFrom('crm_companies').select(['name', 'domain']).execute()).toEqual([
      { name: 'Kestrel Copper Ltd', domain: 'kestrelcopper.com' },
    ]);
  });

  it('ignores ids that are not its own and reports a cancelled push as retryable', async () => {
    const outbox = createLocalOutboxAdapter(db);
    const result = await outbox.push(
      article(1, { existing: { companyId: '17151234', contactIds: { 'name:jane doe': 'hs-1' }, noteId: 'x' } }),
    );
    expect(await counts(db)).toEqual({ companies: 1, contacts: 2, notes: 1 });
    expect(result.companyId).not.toBe('17151234');

    const controller = new AbortController();
    controller.abort();
    const error = await outbox.push(article(2), controller.signal).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CrmError);
    expect(error).toMatchObject({ retryable: true });
  });
});
