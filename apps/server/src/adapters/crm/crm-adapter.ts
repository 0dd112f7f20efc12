/** A person named in the article, to be upserted as a CRM contact. */
export interface CrmContact {
  email: string | null;
  firstName: string;
  lastName: string;
  jobTitle: string | null;
  phone: string | null;
}

/** Ids a previous push of the same article stored, so that pushing again updates instead of duplicating. */
export interface CrmExistingIds {
  companyId: string | null;
  /** Contact id by `contactKey(contact)`: the lower-cased email, or `name:<first> <last>` without one. */
  contactIds: Record<string, string>;
  noteId: string | null;
  /** In a failure's `partial`: the project records written before it, to keep so a retry updates them. */
  projects?: CrmProjectRecord[];
}

/** One article's push: its company, the contacts found and the sales note, plus the ids of earlier pushes. */
export interface CrmPush {
  articleId: number;
  company: { name: string; domain: string | null; ticker: string | null };
  contacts: CrmContact[];
  /** The signal summary, buying intent, talking points and email draft, as plain text for a CRM note. */
  note: { title: string; body: string };
  existing: CrmExistingIds;
  /**
   * The company an earlier push of the same company (`companyKey`) got from this CRM, as the database
   * recorded it: a CRM whose search lags behind its writes (HubSpot) may not find that company yet.
   */
  companyOfKey?: string | null;
  /** The story's account (modules/accounts): its heat, stage and latest facts, and its projects. */
  account?: CrmAccount;
}

/** A project pushed with its company; `written` is what an earlier push left in the CRM (crm_project_records). */
export interface CrmProject {
  id: number;
  name: string;
  stage: string | null;
  country: string | null;
  commodities: string[];
  written: CrmProjectRecord | null;
}

/** What a push wrote for one project: a note (or custom-object record) id and the hash of what it said. */
export interface CrmProjectRecord {
  projectId: number;
  kind: 'object' | 'note';
  crmId: string;
  hash: string;
}

/** The account side of a push: company properties and the company's projects. */
export interface CrmAccount {
  /** Today's heat, rounded to one decimal. */
  heat: number;
  /** The most advanced stage of its projects. */
  stage: string | null;
  /** The latest dated events, newest first, e.g. '2026-11-20 financing closed C$5M; 2026-11-18 …'. */
  latestFacts: string;
  /** The company's page in this app. */
  url: string;
  projects: CrmProject[];
}

/** The CRM's ids after a push; store them on the article and pass them back as `existing` next time. */
export interface CrmPushResult {
  companyId: string;
  contactIds: Record<string, string>;
  noteId: string;
  /** The project records written (or found unchanged); only with `account`. */
  projects?: CrmProjectRecord[];
}

/** The hash a project record is compared by: a repush writes again only when what it says changed. */
export function projectHash(project: Omit<CrmProject, 'written' | 'id'>): string {
  return JSON.stringify([project.name, project.stage, project.country, [...project.commodities].sort()]);
}

/** A project's record text: its name, stage, country and commodities. */
export function projectLine(project: Omit<CrmProject, 'written' | 'id'>): string {
  return [
    project.name,
    `stage: ${project.stage ?? 'unknown'}`,
    project.country ? `country: ${project.country}` : '',
    project.commodities.length ? `commodities: ${project.commodities.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join('; ');
}

/** Where pushes go, as buttons and badges name it. */
export interface CrmDestination {
  kind: 'outbox' | 'hubspot';
  label: string;
}

/** Pages of records in the CRM's own web app, by the ids a push returned. */
export interface CrmRecordLinks {
  company(id: string): string;
  contact(id: string): string;
}

/**
 * The CRM port: HubSpot or the local outbox. A push is idempotent: with `existing` ids it updates the
 * company, contacts and note; without, it finds the company by domain (by name when there is none) and
 * contacts by email before creating anything.
 */
export interface CrmAdapter {
  /** Shown in logs and kept with the stored ids, e.g. 'hubspot' or 'local-outbox'. */
  name: string;
  destination: CrmDestination;
  /** Links to records in the CRM's web app; null when it has none (the outbox) or cannot say right now. */
  recordLinks(): Promise<CrmRecordLinks | null>;
  /** Throws CrmError. */
  push(input: CrmPush, signal?: AbortSignal): Promise<CrmPushResult>;
}

export interface CrmErrorOptions {
  /** True for faults worth another attempt later: 429, 5xx, timeouts, lost connections. */
  retryable: boolean;
  /** HTTP status of the CRM's answer, when there was one. */
  status?: number;
  /** How long the CRM asked us to wait before trying again (Retry-After), when it said. */
  retryAfterMs?: number;
  /** What the push had already created or found before it failed; see `CrmError.partial`. */
  partial?: CrmExistingIds;
  /** The record a 409 named as the one that already exists ('Existing ID: 123'). */
  existingId?: string;
  /** The request was sent and no answer came (timeout, lost connection): a write may have happened. */
  unanswered?: boolean;
  cause?: unknown;
}

/** Why a push failed; `message` is written for people and stored as the article's failure reason. */
export class CrmError extends Error {
  override readonly name = 'CrmError';
  readonly retryable: boolean;
  readonly status: number | undefined;
  readonly retryAfterMs: number | undefined;
  /**
   * Ids of records this push created or found before failing. Store them like a result's ids, so that a
   * retry updates them rather than creating the company or note a second time.
   */
  readonly partial: CrmExistingIds | undefined;
  /** The id of the record a 409 said already exists, when its answer named one. */
  readonly existingId: string | undefined;
  /** No answer came to a request that was sent: a create may have happened all the same. */
  readonly unanswered: boolean;

  constructor(message: string, options: CrmErrorOptions) {
    super(message, { cause: options.cause });
    this.retryable = options.retryable;
    this.status = options.status;
    this.retryAfterMs = options.retryAfterMs;
    this.partial = options.partial;
    this.existingId = options.existingId;
    this.unanswered = options.unanswered ?? false;
  }
}

const EMAIL = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/;

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The named people of an analysis's `contact_details` (the default prompt's schema), as the push sends them. */
export function contactsFromAnalysis(contactDetails: unknown): CrmContact[] {
  return (Array.isArray(contactDetails) ? contactDetails : [])
    .filter((c): c is Record<string, unknown> => typeof c === 'object' && c !== null)
    .map((c) => ({
      email: text(c.email).toLowerCase() || null,
      firstName: text(c.first_name),
      lastName: text(c.last_name),
      jobTitle: text(c.job_title) || null,
      phone: text(c.phone_number) || null,
    }))
    .filter((c) => c.firstName || c.lastName);
}

/** The contact's email, lower-cased, when it looks like one (CRMs refuse malformed emails); else null. */
export function contactEmail(contact: CrmContact): string | null {
  const email = contact.email?.trim().toLowerCase() ?? '';
  return EMAIL.test(email) ? email : null;
}

/** The stable key of a contact in `contactIds`: its email, or `name:<first> <last>` (lower case) without one. */
export function contactKey(contact: CrmContact): string {
  const name = `${contact.firstName} ${contact.lastName}`.trim().replace(/\s+/g, ' ').toLowerCase();
  return contactEmail(contact) ?? `name:${name}`;
}

/** A bare host name (`lengasilver.com`) from a domain or URL as written in an article; null when there is none. */
export function normaliseDomain(domain: string | null): string | null {
  const trimmed = domain?.trim().toLowerCase() ?? '';
  if (trimmed === '') return null;
  const host = trimmed
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/[/?#:].*$/, '')
    .replace(/^www\./, '')
    .replace(/\.$/, '');
  return /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(host) ? host : null;
}

/** The key pushes of one company share: its domain, else its name. */
export function companyKey(company: CrmPush['company']): string {
  return normaliseDomain(company.domain) ?? `name:${company.name.trim().replace(/\s+/g, ' ').toLowerCase()}`;
}

/** Contacts with the same key merged (the later mention fills the gaps), in key order for stable locking. */
export function uniqueContacts(contacts: CrmContact[]): { key: string; contact: CrmContact }[] {
  const byKey = new Map<string, CrmContact>();
  for (const contact of contacts) {
    if (contact.firstName.trim() === '' && contact.lastName.trim() === '' && contactEmail(contact) === null) continue;
    const key = contactKey(contact);
    const earlier = byKey.get(key);
    byKey.set(
      key,
      earlier
        ? {
            email: earlier.email ?? contact.email,
            firstName: earlier.firstName || contact.firstName,
            lastName: earlier.lastName || contact.lastName,
            jobTitle: earlier.jobTitle ?? contact.jobTitle,
            phone: earlier.phone ?? contact.phone,
          }
        : contact,
    );
  }
  return [...byKey.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, contact]) => ({ key, contact }));
}
