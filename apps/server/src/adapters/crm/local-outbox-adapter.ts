import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { Database, OutboxAccount } from '../../db/schema.ts';
import {
  CrmError,
  contactEmail,
  normaliseDomain,
  projectHash,
  uniqueContacts,
  type CrmAccount,
  type CrmProjectRecord,
  type CrmAdapter,
  type CrmContact,
  type CrmPush,
  type CrmPushResult,
} from './crm-adapter.ts';

type Trx = Transaction<Database>;

/**
 * The offline CRM: records the company, contacts and note in the database's outbox tables, in one
 * transaction, with the same idempotency as HubSpot. Concurrent pushes of one company meet on the
 * company row (a unique index and its row lock), so they create it once.
 */
export function createLocalOutboxAdapter(db: Db): CrmAdapter {
  return {
    name: 'local-outbox',
    destination: { kind: 'outbox', label: 'CRM (local outbox)' },
    // The outbox has no web app of its own: the CRM screen and its CSV export are its view.
    recordLinks: async () => null,
    async push(input, signal) {
      if (signal?.aborted) throw new CrmError('The push was cancelled', { retryable: true });
      try {
        return await db.transaction().execute((trx) => pushInTransaction(trx, input));
      } catch (error) {
        throw toCrmError(error);
      }
    },
  };
}

async function pushInTransaction(trx: Trx, input: CrmPush): Promise<CrmPushResult> {
  const companyId = await upsertCompany(trx, input);
  const projects = await writeAccount(trx, companyId, input.account);
  const contactIds: Record<string, string> = {};
  const ids: number[] = [];
  // Key order (uniqueContacts sorts) keeps two pushes sharing contacts from locking rows in opposite orders.
  for (const { key, contact } of uniqueContacts(input.contacts)) {
    const id = await upsertContact(trx, companyId, contact, storedId(input.existing.contactIds[key]));
    contactIds[key] = String(id);
    ids.push(id);
  }
  const note = await trx
    .insertInto('crm_notes')
    .values({
      article_id: input.articleId,
      company_id: companyId,
      title: input.note.title,
      body: input.note.body,
      contact_ids: ids,
    })
    .onConflict((oc) =>
      oc.column('article_id').doUpdateSet((eb) => ({
        company_id: eb.ref('excluded.company_id'),
        title: eb.ref('excluded.title'),
        body: eb.ref('excluded.body'),
        contact_ids: eb.ref('excluded.contact_ids'),
        updated_at: sql<Date>`now()`,
      })),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return { companyId: String(companyId), contactIds, noteId: String(note.id), ...(projects ? { projects } : {}) };
}

/**
 * The account as HubSpot's company properties and project notes would hold it, on the company row (the
 * CRM screen reads it); each project's record is the company's own, so a repush simply replaces it.
 */
async function writeAccount(
  trx: Trx,
  companyId: number,
  account: CrmAccount | undefined,
): Promise<CrmProjectRecord[] | undefined> {
  if (!account) return undefined;
  const value: OutboxAccount = {
    heat: account.heat,
    stage: account.stage,
    latest_facts: account.latestFacts,
    url: account.url,
    projects: account.projects.map(({ id, name, stage, country, commodities }) => ({
      id,
      name,
      stage,
      country,
      commodities,
    })),
  };
  await trx
    .updateTable('crm_companies')
    .set({ account: JSON.stringify(value), updated_at: sql<Date>`now()` })
    .where('id', '=', companyId)
    .execute();
  return account.projects.map((project) => ({
    projectId: project.id,
    kind: 'note',
    crmId: `${companyId}:${project.id}`,
    hash: projectHash(project),
  }));
}

/**
 * By the stored id first (then the article's name and ticker replace the recorded ones), else by domain
 * (adopting a same-named company known without one), else by name; a company found that way keeps its
 * name and only gains the domain or ticker it lacked, as in HubSpot.
 */
async function upsertCompany(trx: Trx, input: CrmPush): Promise<number> {
  const name = input.company.name.trim() || 'Unknown company';
  const domain = normaliseDomain(input.company.domain);
  const ticker = input.company.ticker?.trim() || null;

  const knownId = storedId(input.existing.companyId);
  if (knownId !== null) {
    const updated = await trx
      .updateTable('crm_companies')
      .set({
        name,
        ticker: sql<string | null>`coalesce(${ticker}::text, ticker)`,
        // A domain learnt later is kept, unless another company already owns it.
        domain: sql<string | null>`CASE WHEN domain IS NULL AND ${domain}::text IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM crm_companies other WHERE other.domain = ${domain}::text)
          THEN ${domain}::text ELSE domain END`,
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', knownId)
      .returning('id')
      .executeTakeFirst();
    if (updated) return updated.id;
  }

  if (domain !== null) {
    // The EXISTS guard and `domain IS NULL` recheck make a concurrent adoption fall through to the insert below.
    const adopted = await trx
      .updateTable('crm_companies')
      .set({ domain, ticker: sql<string | null>`coalesce(ticker, ${ticker}::text)`, updated_at: sql<Date>`now()` })
      .where('id', '=', (eb) =>
        eb
          .selectFrom('crm_companies')
          .select('id')
          .where('domain', 'is', null)
          .where(sql<boolean>`lower(name) = lower(${name})`)
          .orderBy('id')
          .limit(1),
      )
      .where('domain', 'is', null)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('crm_companies as other').select('other.id').where('other.domain', '=', domain))),
      )
      .returning('id')
      .executeTakeFirst();
    if (adopted) return adopted.id;
    const row = await trx
      .insertInto('crm_companies')
      .values({ name, domain, ticker })
      .onConflict((oc) =>
        oc
          .column('domain')
          .where('domain', 'is not', null)
          .doUpdateSet({
            ticker: sql<string | null>`coalesce(crm_companies.ticker, excluded.ticker)`,
            updated_at: sql<Date>`now()`,
          }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  const byName = await trx
    .selectFrom('crm_companies')
    .select('id')
    .where(sql<boolean>`lower(name) = lower(${name})`)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (byName) {
    await trx
      .updateTable('crm_companies')
      .set({ ticker: sql<string | null>`coalesce(ticker, ${ticker}::text)`, updated_at: sql<Date>`now()` })
      .where('id', '=', byName.id)
      .execute();
    return byName.id;
  }
  const row = await trx
    .insertInto('crm_companies')
    .values({ name, domain: null, ticker })
    .onConflict((oc) =>
      oc
        .expression(sql`lower(name)`)
        .where('domain', 'is', null)
        .doUpdateSet({
          ticker: sql<string | null>`coalesce(crm_companies.ticker, excluded.ticker)`,
          updated_at: sql<Date>`now()`,
        }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** By email when there is one; otherwise by the stored id, then by name within the company. */
async function upsertContact(
  trx: Trx,
  companyId: number,
  contact: CrmContact,
  knownId: number | null,
): Promise<number> {
  const email = contactEmail(contact);
  const fields = {
    company_id: companyId,
    first_name: contact.firstName.trim(),
    last_name: contact.lastName.trim(),
    job_title: contact.jobTitle?.trim() || null,
    phone: contact.phone?.trim() || null,
  };
  // A field the article does not mention keeps what an earlier push recorded.
  const merged = {
    company_id: companyId,
    first_name: sql<string>`coalesce(nullif(${fields.first_name}, ''), first_name)`,
    last_name: sql<string>`coalesce(nullif(${fields.last_name}, ''), last_name)`,
    job_title: sql<string | null>`coalesce(${fields.job_title}::text, job_title)`,
    phone: sql<string | null>`coalesce(${fields.phone}::text, phone)`,
    updated_at: sql<Date>`now()`,
  };
  if (email !== null) {
    const row = await trx
      .insertInto('crm_contacts')
      .values({ ...fields, email })
      .onConflict((oc) =>
        oc
          .column('email')
          .where('email', 'is not', null)
          .doUpdateSet({
            company_id: companyId,
            first_name: sql<string>`coalesce(nullif(excluded.first_name, ''), crm_contacts.first_name)`,
            last_name: sql<string>`coalesce(nullif(excluded.last_name, ''), crm_contacts.last_name)`,
            job_title: sql<string | null>`coalesce(excluded.job_title, crm_contacts.job_title)`,
            phone: sql<string | null>`coalesce(excluded.phone, crm_contacts.phone)`,
            updated_at: sql<Date>`now()`,
          }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
  if (knownId !== null) {
    const updated = await trx
      .updateTable('crm_contacts')
      .set(merged)
      .where('id', '=', knownId)
      .returning('id')
      .executeTakeFirst();
    if (updated) return updated.id;
  }
  // Same-company pushes are serialised by the company row's lock, so this find-then-insert cannot race.
  const byName = await trx
    .selectFrom('crm_contacts')
    .select('id')
    .where('company_id', '=', companyId)
    .where('email', 'is', null)
    .where(
      sql<boolean>`lower(first_name) = lower(${fields.first_name}) AND lower(last_name) = lower(${fields.last_name})`,
    )
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (byName) {
    await trx.updateTable('crm_contacts').set(merged).where('id', '=', byName.id).execute();
    return byName.id;
  }
  const row = await trx
    .insertInto('crm_contacts')
    .values({ ...fields, email: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An id this adapter could have issued (a positive integer), else null: ids of another CRM are ignored. */
function storedId(id: string | null | undefined): number | null {
  if (id === null || id === undefined || !/^\d{1,9}$/.test(id)) return null;
  const value = Number(id);
  return value > 0 ? value : null;
}

// Transaction conflicts, unique races and lost connections pass on a retry; anything else will not.
const RETRYABLE_SQLSTATE = /^(40001|40P01|23505|55P03|57P0[1-3]|08\d{3})$/;

function toCrmError(error: unknown): CrmError {
  if (error instanceof CrmError) return error;
  const code =
    typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
      ? error.code
      : undefined;
  const reason = error instanceof Error ? error.message : String(error);
  const retryable = code === undefined ? /connect|terminat|closed/i.test(reason) : RETRYABLE_SQLSTATE.test(code);
  return new CrmError(`Could not record the push in the local CRM outbox: ${reason}`, { retryable, cause: error });
}
