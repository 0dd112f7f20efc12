import { ownerFilterFor, type Viewer } from '@mining-hub/contract/auth';
import type { CrmDestination, CrmOutboxQuery, CrmRecord } from '@mining-hub/contract/crm';
import type { Pagination } from '@mining-hub/contract/news';
import {
  contactEmail,
  contactsFromAnalysis,
  uniqueContacts,
  type CrmAdapter,
  type CrmRecordLinks,
} from '../../adapters/crm/crm-adapter.ts';
import { accountRefOf } from '../../db/account-refs.ts';
import { notFound } from '../../errors.ts';
import { absoluteArticleUrl } from '../../lib/article-link.ts';
import { factLines } from '@mining-hub/contract/fact-lines';
import type { MiningFacts } from '@mining-hub/contract/facts';
import { toCsv } from '../../lib/csv.ts';
import { pageOf } from '../../lib/pagination.ts';
import type { CrmRepository, PushedArticleRow } from './crm.repository.ts';

export interface CrmServiceDeps {
  repository: CrmRepository;
  /** The CRM adapter in use: its name for people and its record links. */
  crm: Pick<CrmAdapter, 'destination' | 'recordLinks'>;
}

/** The CRM screen and its CSV export: what was pushed, where, by whom, with links back to the source. */
export function createCrmService(deps: CrmServiceDeps) {
  const hubspot = deps.crm.destination.kind === 'hubspot';

  const linksFor = async (rows: PushedArticleRow[]) =>
    hubspot && rows.length > 0 ? await deps.crm.recordLinks() : null;

  return {
    /** Where pushes go, as buttons and badges name it. */
    destination(): CrmDestination {
      return { ...deps.crm.destination };
    },

    /** A page of what was pushed, newest first: a member's own pushes, everyone's for an admin. */
    async list(
      viewer: Viewer,
      query: CrmOutboxQuery,
      appOrigin: string,
    ): Promise<{ records: CrmRecord[]; pagination: Pagination }> {
      const { rows, total } = await deps.repository.page(ownerFilterFor(viewer), query.page, query.page_size);
      const links = await linksFor(rows);
      return {
        records: rows.map((row) => toRecord(row, appOrigin, hubspot, links)),
        pagination: pageOf(query.page, query.page_size, total),
      };
    },

    /** One pushed article's record with its HubSpot links; 404 when it was not pushed (or is another member's). */
    async record(viewer: Viewer, articleId: number, appOrigin: string): Promise<CrmRecord> {
      const row = await deps.repository.one(ownerFilterFor(viewer), articleId);
      if (!row) throw notFound(`Article ${articleId} has not been pushed to the CRM`);
      return toRecord(row, appOrigin, hubspot, await linksFor([row]));
    },

    /** The same records as CSV, with the outbox's note and every column of the screen. */
    async exportCsv(viewer: Viewer, appOrigin: string): Promise<string> {
      const rows = await deps.repository.all(ownerFilterFor(viewer));
      const links = await linksFor(rows);
      return toCsv(
        rows.map((row) => csvRow(toRecord(row, appOrigin, hubspot, links), row)),
        CSV_COLUMNS,
      );
    },
  };
}
export type CrmService = ReturnType<typeof createCrmService>;

function toRecord(row: PushedArticleRow, appOrigin: string, hubspot: boolean, links: CrmRecordLinks | null): CrmRecord {
  const contacts = uniqueContacts(contactsFromAnalysis(row.contact_details)).map(({ key, contact }) => {
    const id = hubspot ? (row.crm_contact_ids[key] ?? null) : null;
    return {
      name: `${contact.firstName} ${contact.lastName}`.trim(),
      job_title: contact.jobTitle,
      email: contactEmail(contact),
      phone: contact.phone,
      hubspot_id: id,
      hubspot_url: id !== null && links ? links.contact(id) : null,
    };
  });
  return {
    article_id: row.article_id,
    title: row.title,
    company_name: row.outbox_company ?? row.company ?? row.source,
    domain: row.outbox_domain,
    ticker: row.outbox_ticker ?? row.ticker,
    account: accountRefOf(row),
    pushed_account: row.outbox_account ?? null,
    contacts,
    buying_intent_score: row.buying_intent_score,
    signal_summary: row.signal_summary,
    source_url: absoluteArticleUrl([row.url, row.source_link], row.article_id, appOrigin),
    pushed_at: row.pushed_at.toISOString(),
    pushed_by: row.pushed_by_id !== null ? { id: row.pushed_by_id, name: row.pushed_by_name ?? '' } : null,
    hubspot: hubspot
      ? {
          company_id: row.crm_company_id,
          company_url: row.crm_company_id !== null && links ? links.company(row.crm_company_id) : null,
          note_id: row.crm_note_id,
        }
      : null,
  };
}

// SPEC's export columns first (unchanged, so existing spreadsheets keep working), then the screen's.
const CSV_COLUMNS = [
  { key: 'article_id', header: 'Article ID' },
  { key: 'company', header: 'Company' },
  { key: 'domain', header: 'Domain' },
  { key: 'ticker', header: 'Ticker' },
  { key: 'contacts', header: 'Contacts' },
  { key: 'note_title', header: 'Note title' },
  { key: 'note_body', header: 'Note body' },
  { key: 'pushed_at', header: 'Pushed at' },
  { key: 'updated_at', header: 'Updated at' },
  { key: 'buying_intent_score', header: 'Buying intent' },
  { key: 'signal_summary', header: 'Signal summary' },
  { key: 'source_url', header: 'Source URL' },
  { key: 'pushed_by', header: 'Pushed by' },
  { key: 'hubspot_company_id', header: 'HubSpot company ID' },
  { key: 'hubspot_company_url', header: 'HubSpot company link' },
  { key: 'hubspot_contacts', header: 'HubSpot contact links' },
  { key: 'hubspot_note_id', header: 'HubSpot note ID' },
  { key: 'facts', header: 'Facts' },
] as const;
type CsvKey = (typeof CSV_COLUMNS)[number]['key'];

function csvRow(record: CrmRecord, row: PushedArticleRow & { facts: MiningFacts | null }): Record<CsvKey, string> {
  return {
    article_id: String(record.article_id),
    company: record.company_name,
    domain: record.domain ?? '',
    ticker: record.ticker ?? '',
    // One contact per line in the cell.
    contacts: record.contacts
      .map((contact) => [contact.name, contact.job_title, contact.email, contact.phone].filter(Boolean).join(', '))
      .join('\n'),
    note_title: row.note_title ?? '',
    note_body: row.note_body ?? '',
    pushed_at: record.pushed_at,
    updated_at: (row.note_updated_at ?? row.pushed_at).toISOString(),
    buying_intent_score: record.buying_intent_score ?? '',
    signal_summary: record.signal_summary ?? '',
    source_url: record.source_url,
    pushed_by: record.pushed_by?.name ?? '',
    hubspot_company_id: record.hubspot?.company_id ?? '',
    hubspot_company_url: record.hubspot?.company_url ?? '',
    hubspot_contacts: record.contacts
      .flatMap((contact) => (contact.hubspot_url ? [`${contact.name}: ${contact.hubspot_url}`] : []))
      .join('\n'),
    hubspot_note_id: record.hubspot?.note_id ?? '',
    // The release's facts as read today (a note pushed before facts existed has none), one per line.
    facts: row.facts ? factLines(row.facts).join('\n') : '',
  };
}
