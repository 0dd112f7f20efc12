import { keyedLock } from '../../lib/keyed-lock.ts';
import { CrmError, companyKey, type CrmAdapter, type CrmExistingIds, type CrmPushResult } from './crm-adapter.ts';
import { createHubspotAccountSync } from './hubspot-account-sync.ts';
import { createHubspotRecordLinks } from './hubspot-account.ts';
import { createHubspotAssociations } from './hubspot-associations.ts';
import { createHubspotCompanies } from './hubspot-companies.ts';
import { createHubspotContacts } from './hubspot-contacts.ts';
import { createHubspotNotes } from './hubspot-notes.ts';
import { createHubspotTransport, describeFailure } from './hubspot-transport.ts';

export interface HubspotAdapterOptions {
  /** A private app's access token (scopes: crm.objects.companies/contacts read+write, notes come with them). */
  accessToken: string;
  /** HubSpot's API origin; tests point it at the fake server (HUBSPOT_BASE_URL). */
  basePath?: string;
  /** The account's request allowance; HubSpot's is 100 per 10 s on Free/Starter, 190 on Professional. */
  rateLimit?: { requests: number; intervalMs: number };
  /** Requests in flight at once (the limiter also spaces their starts evenly). */
  maxConcurrent?: number;
  /** Further attempts of one request after a 429 or 5xx (and, for requests safe to repeat, a lost connection). */
  maxRetries?: number;
  /** First wait after a 5xx, doubling with each attempt. */
  retryBaseDelayMs?: number;
  /** A 429 asking for a longer wait than this fails the push (retryable) instead of holding it. */
  maxRetryAfterMs?: number;
  /** A request whose connection stays silent this long is abandoned. */
  timeoutMs?: number;
  /**
   * After a create got no answer (it may have happened), the waits between looks for the record before a
   * second create: HubSpot's search index shows a new record seconds after the write.
   */
  searchRetryDelaysMs?: number[];
  /** A custom company property to hold the stock ticker; HubSpot has none by default, so unset sends none. */
  companyTickerProperty?: string;
  /** Where a once-only warning goes (the server's log), e.g. a token that cannot create properties. */
  warn?: (message: string) => void;
}

const DEFAULT_BASE_PATH = 'https://api.hubapi.com';

/** The CRM adapter over the official `@hubspot/api-client`, rate limited by the client's own Bottleneck limiter. */
export function createHubspotAdapter(options: HubspotAdapterOptions): CrmAdapter {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const basePath = (options.basePath ?? DEFAULT_BASE_PATH).replace(/\/+$/, '');
  const transport = createHubspotTransport({
    accessToken: options.accessToken,
    basePath,
    rateLimit: options.rateLimit ?? { requests: 100, intervalMs: 10_000 },
    maxConcurrent: options.maxConcurrent ?? 8,
    maxRetries: options.maxRetries ?? 5,
    retryBaseDelayMs: options.retryBaseDelayMs ?? 500,
    maxRetryAfterMs: options.maxRetryAfterMs ?? 60_000,
    timeoutMs,
    searchRetryDelaysMs: options.searchRetryDelaysMs ?? [1_000, 2_000, 4_000, 8_000, 16_000],
  });
  const associateDefault = createHubspotAssociations(transport);
  const upsertCompany = createHubspotCompanies(transport, options.companyTickerProperty);
  const upsertContacts = createHubspotContacts(transport, associateDefault);
  const upsertNote = createHubspotNotes(transport, associateDefault);
  const accountSync = createHubspotAccountSync(
    transport,
    associateDefault,
    options.warn ?? ((message) => console.warn(message)),
  );
  const companyLock = keyedLock();

  return {
    name: 'hubspot',
    destination: { kind: 'hubspot', label: 'HubSpot' },
    // A screen listing records should not wait long for links.
    recordLinks: createHubspotRecordLinks({ basePath, accessToken: options.accessToken, timeoutMs: 5_000 }),
    async push(input, signal) {
      const key = companyKey(input.company);
      const progress: CrmExistingIds = {
        companyId: input.existing.companyId,
        contactIds: { ...input.existing.contactIds },
        noteId: input.existing.noteId,
      };
      try {
        // One push per company at a time in this process: two articles of a new company must not both create it.
        return await companyLock(
          key,
          async (): Promise<CrmPushResult> => {
            const companyId = await upsertCompany(input, key, signal);
            progress.companyId = companyId;
            const contactIds = await upsertContacts(input, companyId, progress, signal);
            const noteId = await upsertNote(input, companyId, [...new Set(Object.values(contactIds))], signal);
            progress.noteId = noteId;
            if (!input.account) return { companyId, contactIds, noteId };
            const properties = await accountSync.companyProperties(input.account, signal);
            if (Object.keys(properties).length > 0) {
              await transport.call("updating the company's account properties", true, signal, () =>
                transport.companiesApi.basicApi.update(companyId, { properties }),
              );
            }
            progress.projects = [];
            const projects = await accountSync.projects(input.account, companyId, progress.projects, signal);
            return { companyId, contactIds, noteId, projects };
          },
          signal,
        );
      } catch (error) {
        if (error instanceof CrmError) {
          throw error.partial
            ? error
            : new CrmError(error.message, {
                retryable: error.retryable,
                status: error.status,
                retryAfterMs: error.retryAfterMs,
                partial: progress,
                existingId: error.existingId,
                unanswered: error.unanswered,
                cause: error.cause,
              });
        }
        if (signal?.aborted) {
          throw new CrmError('The push to HubSpot was cancelled', { retryable: true, partial: progress, cause: error });
        }
        throw describeFailure(error, 'pushing', 1, timeoutMs, progress);
      }
    },
  };
}
