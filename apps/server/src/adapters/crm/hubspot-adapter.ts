import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { AssociationTypes, Client } from '@hubspot/api-client';
import { FilterOperatorEnum, type Filter } from '@hubspot/api-client/lib/codegen/crm/companies/index.js';
import {
  AssociationSpecAssociationCategoryEnum,
  type PublicAssociationsForObject,
} from '@hubspot/api-client/lib/codegen/crm/objects/notes/index.js';
import { parseRetryAfter } from '../http-fetch.ts';
import {
  CrmError,
  contactEmail,
  normaliseDomain,
  uniqueContacts,
  type CrmAdapter,
  type CrmContact,
  type CrmExistingIds,
  type CrmPush,
  type CrmPushResult,
} from './crm-adapter.ts';

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
  /** A custom company property to hold the stock ticker; HubSpot has none by default, so unset sends none. */
  companyTickerProperty?: string;
}

const DEFAULT_BASE_PATH = 'https://api.hubapi.com';
// Starts are spaced a little wider than the allowance, so network jitter never puts 101 requests in a window.
const LIMIT_HEADROOM = 0.98;
const NOTE_BODY_MAX = 60_000;
const BATCH_MAX = 100;

/** The CRM adapter over the official `@hubspot/api-client`, rate limited by the client's own Bottleneck limiter. */
export function createHubspotAdapter(options: HubspotAdapterOptions): CrmAdapter {
  const basePath = (options.basePath ?? DEFAULT_BASE_PATH).replace(/\/+$/, '');
  const rateLimit = options.rateLimit ?? { requests: 100, intervalMs: 10_000 };
  const maxRetries = options.maxRetries ?? 5;
  const retryBaseDelayMs = options.retryBaseDelayMs ?? 500;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 60_000;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const tickerProperty = options.companyTickerProperty;

  // The client's RetryDecorator is left off (numberOfApiCallRetries 0): it ignores Retry-After and only
  // knows HubSpot's own 429 bodies, so `call` below retries instead, through the same limiter.
  const client = new Client({
    accessToken: options.accessToken,
    basePath,
    numberOfApiCallRetries: 0,
    limiterOptions: {
      id: 'mining-hub-hubspot',
      maxConcurrent: options.maxConcurrent ?? 8,
      minTime: Math.ceil(rateLimit.intervalMs / (rateLimit.requests * LIMIT_HEADROOM)),
    },
    httpAgent: agentWithTimeout(basePath, timeoutMs),
  });
  // The client decorates an API object (limiter) when it is first touched, from a process-wide registry
  // that the next `new Client()` replaces: touch them now so they keep this client's limiter.
  const companiesApi = client.crm.companies;
  const contactsApi = client.crm.contacts;
  const notesApi = client.crm.objects.notes;
  const associationsApi = client.crm.associations.v4;

  const companyLock = keyedLock();
  // Companies this process created or found, by key: HubSpot's search index lags behind writes by
  // seconds, so a second article of a new company must not rely on finding it by search.
  const knownCompanies = new Map<string, KnownCompany>();
  // Set after a 429, so concurrent pushes wait with the one that was told to.
  let pausedUntil = 0;

  /** One API request with retries: 429 waits as Retry-After says, 5xx backs off, lost connections retry when safe. */
  async function call<T>(what: string, repeatable: boolean, signal: AbortSignal | undefined, run: () => Promise<T>) {
    for (let attempt = 0; ; attempt++) {
      const paused = pausedUntil - Date.now();
      if (paused > 0) await sleep(paused, signal);
      signal?.throwIfAborted();
      try {
        return await run();
      } catch (error) {
        const status = apiStatus(error);
        const transient =
          status === 429 ||
          (status !== undefined && status >= 500) ||
          (status === undefined && repeatable && isNetworkError(error));
        if (!transient || attempt >= maxRetries) throw describeFailure(error, what, attempt + 1, timeoutMs);
        let delay = retryBaseDelayMs * 2 ** attempt * (0.75 + Math.random() / 2);
        if (status === 429) {
          const asked = retryAfterMs(error);
          if (asked !== undefined && asked > maxRetryAfterMs)
            throw describeFailure(error, what, attempt + 1, timeoutMs);
          delay = asked ?? Math.min(rateLimit.intervalMs, 1_000 * 2 ** attempt);
          pausedUntil = Math.max(pausedUntil, Date.now() + delay);
        }
        await sleep(delay, signal);
      }
    }
  }

  async function upsertCompany(input: CrmPush, key: string, signal: AbortSignal | undefined): Promise<string> {
    const wanted = companyProperties(input.company, tickerProperty);
    const storedId = input.existing.companyId;
    if (storedId) {
      const updated = await ifExists(() =>
        call('updating the company', true, signal, () =>
          companiesApi.basicApi.update(storedId, { properties: wanted }),
        ),
      );
      if (updated) {
        knownCompanies.set(key, { id: updated.id, properties: wanted });
        return updated.id;
      }
    }
    const known = knownCompanies.get(key) ?? (await findCompany(wanted, signal));
    if (known) {
      // A company found by search or from another article keeps its name; only the gaps are filled.
      const gaps = Object.fromEntries(Object.entries(wanted).filter(([name]) => !known.properties[name]));
      if (Object.keys(gaps).length === 0) {
        knownCompanies.set(key, known);
        return known.id;
      }
      const updated = await ifExists(() =>
        call('updating the company', true, signal, () => companiesApi.basicApi.update(known.id, { properties: gaps })),
      );
      if (updated) {
        knownCompanies.set(key, { id: known.id, properties: { ...known.properties, ...gaps } });
        return known.id;
      }
      knownCompanies.delete(key);
      // Deleted in HubSpot meanwhile: create it again below.
    }
    const created = await call('creating the company', false, signal, () =>
      companiesApi.basicApi.create({ properties: wanted, associations: [] }),
    );
    if (knownCompanies.size >= 10_000) knownCompanies.clear();
    knownCompanies.set(key, { id: created.id, properties: wanted });
    return created.id;
  }

  /** By domain, else a same-named company without a domain (adopted); by name when the article gave no domain. */
  async function findCompany(
    wanted: Record<string, string>,
    signal: AbortSignal | undefined,
  ): Promise<KnownCompany | undefined> {
    const name = wanted.name ?? '';
    const domain = wanted.domain;
    const byName: Filter = { propertyName: 'name', operator: FilterOperatorEnum.Eq, value: name };
    const filterGroups = domain
      ? [
          { filters: [{ propertyName: 'domain', operator: FilterOperatorEnum.Eq, value: domain }] },
          { filters: [byName, { propertyName: 'domain', operator: FilterOperatorEnum.NotHasProperty }] },
        ]
      : [{ filters: [byName] }];
    const page = await call('searching for the company', true, signal, () =>
      companiesApi.searchApi.doSearch({
        filterGroups,
        properties: [...new Set([...Object.keys(wanted), 'name', 'domain'])],
        limit: 10,
      }),
    );
    const oldestFirst = [...page.results].sort((a, b) => Number(a.id) - Number(b.id));
    const match =
      oldestFirst.find((company) => domain && normaliseDomain(company.properties.domain ?? null) === domain) ??
      oldestFirst[0];
    if (!match) return undefined;
    const properties: Record<string, string> = {};
    for (const [name, value] of Object.entries(match.properties)) if (value) properties[name] = value;
    return { id: match.id, properties };
  }

  async function upsertContacts(
    input: CrmPush,
    companyId: string,
    progress: CrmExistingIds,
    signal: AbortSignal | undefined,
  ): Promise<Record<string, string>> {
    const contactIds: Record<string, string> = {};
    const contacts = uniqueContacts(input.contacts);
    const withEmail = contacts.filter(({ contact }) => contactEmail(contact) !== null);
    // Upsert by email is atomic in HubSpot: no search, and no duplicate however often it runs.
    for (let start = 0; start < withEmail.length; start += BATCH_MAX) {
      const chunk = withEmail.slice(start, start + BATCH_MAX);
      const response = await call('upserting the contacts', true, signal, () =>
        contactsApi.batchApi.upsert({
          inputs: chunk.map(({ key, contact }) => ({
            id: key,
            idProperty: 'email',
            properties: contactProperties(contact, input.company.name),
          })),
        }),
      );
      if ('errors' in response && response.errors && response.errors.length > 0) {
        const first = response.errors[0];
        throw new CrmError(`HubSpot refused a contact: ${clip(first?.message ?? 'no details')}`, {
          retryable: false,
          partial: progress,
        });
      }
      const byEmail = new Map(response.results.map((result) => [result.properties.email?.toLowerCase(), result.id]));
      for (const [index, { key }] of chunk.entries()) {
        // HubSpot echoes the email; the answer's order is the fallback when it does not.
        const id =
          byEmail.get(key) ?? (response.results.length === chunk.length ? response.results[index]?.id : undefined);
        if (!id)
          throw new CrmError(`HubSpot did not return the contact ${key}`, { retryable: true, partial: progress });
        contactIds[key] = id;
        progress.contactIds[key] = id;
      }
    }
    for (const { key, contact } of contacts) {
      if (contactEmail(contact) !== null) continue;
      const id = await upsertContactWithoutEmail(input, key, contact, signal);
      contactIds[key] = id;
      progress.contactIds[key] = id;
    }
    // Every time, not only for new contacts: a push that failed half-way may have missed some.
    await associateDefault('contacts', 'companies', [...new Set(Object.values(contactIds))], [companyId], signal);
    return contactIds;
  }

  /** By the stored id, else a contact of the same name, company and no email, else a new one. */
  async function upsertContactWithoutEmail(
    input: CrmPush,
    key: string,
    contact: CrmContact,
    signal: AbortSignal | undefined,
  ): Promise<string> {
    const properties = contactProperties(contact, input.company.name);
    const storedId = input.existing.contactIds[key];
    if (storedId) {
      const updated = await ifExists(() =>
        call('updating a contact', true, signal, () => contactsApi.basicApi.update(storedId, { properties })),
      );
      if (updated) return updated.id;
    }
    const eq = (propertyName: string, value: string): Filter => ({
      propertyName,
      operator: FilterOperatorEnum.Eq,
      value,
    });
    const page = await call('searching for a contact', true, signal, () =>
      contactsApi.searchApi.doSearch({
        filterGroups: [
          {
            filters: [
              eq('firstname', contact.firstName.trim()),
              eq('lastname', contact.lastName.trim()),
              eq('company', input.company.name.trim()),
              { propertyName: 'email', operator: FilterOperatorEnum.NotHasProperty },
            ],
          },
        ],
        properties: ['firstname', 'lastname'],
        limit: 1,
      }),
    );
    const found = page.results[0];
    if (found) return found.id;
    const created = await call('creating a contact', false, signal, () =>
      contactsApi.basicApi.create({ properties, associations: [] }),
    );
    return created.id;
  }

  async function upsertNote(
    input: CrmPush,
    companyId: string,
    contactIds: string[],
    signal: AbortSignal | undefined,
  ): Promise<string> {
    const body = noteHtml(input.note);
    const storedId = input.existing.noteId;
    if (storedId) {
      const updated = await ifExists(() =>
        call('updating the note', true, signal, () =>
          notesApi.basicApi.update(storedId, { properties: { hs_note_body: body } }),
        ),
      );
      if (updated) {
        // Re-pushes are rare, and an earlier attempt may have failed before associating everything.
        await associateDefault('notes', 'companies', [updated.id], [companyId], signal);
        await associateDefault('notes', 'contacts', [updated.id], contactIds, signal);
        return updated.id;
      }
    }
    const spec = (associationTypeId: number) => [
      { associationCategory: AssociationSpecAssociationCategoryEnum.HubspotDefined, associationTypeId },
    ];
    const associations: PublicAssociationsForObject[] = [
      { to: { id: companyId }, types: spec(AssociationTypes.noteToCompany) },
      ...contactIds.map((id) => ({ to: { id }, types: spec(AssociationTypes.noteToContact) })),
    ];
    const created = await call('creating the note', false, signal, () =>
      notesApi.basicApi.create({
        properties: { hs_note_body: body, hs_timestamp: new Date().toISOString() },
        associations,
      }),
    );
    return created.id;
  }

  /** Default (unlabelled) associations from every `from` to every `to`, in batches; repeating one is harmless. */
  async function associateDefault(
    fromType: string,
    toType: string,
    fromIds: string[],
    toIds: string[],
    signal: AbortSignal | undefined,
  ): Promise<void> {
    const pairs = fromIds.flatMap((from) => toIds.map((to) => ({ _from: { id: from }, to: { id: to } })));
    for (let start = 0; start < pairs.length; start += BATCH_MAX) {
      const inputs = pairs.slice(start, start + BATCH_MAX);
      const response = await call(`associating ${fromType} with ${toType}`, true, signal, () =>
        associationsApi.batchApi.createDefault(fromType, toType, { inputs }),
      );
      const first = response.errors?.[0];
      if (first) throw new CrmError(`HubSpot refused an association: ${clip(first.message)}`, { retryable: false });
    }
  }

  return {
    name: 'hubspot',
    async push(input, signal) {
      const key = companyKey(input.company);
      const progress: CrmExistingIds = {
        companyId: input.existing.companyId,
        contactIds: { ...input.existing.contactIds },
        noteId: input.existing.noteId,
      };
      try {
        // One push per company at a time in this process: two articles of a new company must not both create it.
        return await companyLock(key, signal, async (): Promise<CrmPushResult> => {
          const companyId = await upsertCompany(input, key, signal);
          progress.companyId = companyId;
          const contactIds = await upsertContacts(input, companyId, progress, signal);
          const noteId = await upsertNote(input, companyId, [...new Set(Object.values(contactIds))], signal);
          progress.noteId = noteId;
          return { companyId, contactIds, noteId };
        });
      } catch (error) {
        if (error instanceof CrmError) {
          throw error.partial
            ? error
            : new CrmError(error.message, {
                retryable: error.retryable,
                status: error.status,
                retryAfterMs: error.retryAfterMs,
                partial: progress,
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

interface KnownCompany {
  id: string;
  /** The values HubSpot holds (as far as this process knows), for filling gaps without overwriting. */
  properties: Record<string, string>;
}

/** The key pushes of one company share: its domain, else its name. */
function companyKey(company: CrmPush['company']): string {
  return normaliseDomain(company.domain) ?? `name:${company.name.trim().replace(/\s+/g, ' ').toLowerCase()}`;
}

function companyProperties(company: CrmPush['company'], tickerProperty: string | undefined): Record<string, string> {
  const properties: Record<string, string> = { name: company.name.trim() || 'Unknown company' };
  const domain = normaliseDomain(company.domain);
  if (domain) properties.domain = domain;
  const ticker = company.ticker?.trim();
  if (tickerProperty && ticker) properties[tickerProperty] = ticker;
  return properties;
}

/** HubSpot's default contact properties; empty values are left out so they never clear what HubSpot holds. */
function contactProperties(contact: CrmContact, companyName: string): Record<string, string> {
  const entries: [string, string | null][] = [
    ['email', contactEmail(contact)],
    ['firstname', contact.firstName.trim()],
    ['lastname', contact.lastName.trim()],
    ['jobtitle', contact.jobTitle?.trim() ?? null],
    ['phone', contact.phone?.trim() ?? null],
    ['company', companyName.trim()],
  ];
  return Object.fromEntries(entries.filter((entry): entry is [string, string] => Boolean(entry[1])));
}

/** hs_note_body is HTML: the title in bold, then the body's paragraphs with their line breaks kept. */
export function noteHtml(note: CrmPush['note']): string {
  const body = note.body.length > NOTE_BODY_MAX ? `${note.body.slice(0, NOTE_BODY_MAX - 1)}…` : note.body;
  const paragraphs = body
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`);
  return `<p><strong>${escapeHtml(note.title.trim())}</strong></p>${paragraphs.join('')}`;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Runs `work` after earlier work of the same key has finished; waiting ends early when `signal` aborts. */
function keyedLock() {
  const tails = new Map<string, Promise<void>>();
  return async <T>(key: string, signal: AbortSignal | undefined, work: () => Promise<T>): Promise<T> => {
    const previous = tails.get(key) ?? Promise.resolve();
    let release: () => void = () => undefined;
    const done = new Promise<void>((resolve) => {
      release = () => resolve();
    });
    const tail = previous.then(() => done);
    tails.set(key, tail);
    try {
      await (signal ? Promise.race([previous, aborted(signal)]) : previous);
      return await work();
    } finally {
      release();
      if (tails.get(key) === tail) tails.delete(key);
    }
  };
}

function aborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    else signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

// ---------------------------------------------------------------------------------------------------
// Transport and errors
// ---------------------------------------------------------------------------------------------------

class HubspotTimeoutError extends Error {
  override readonly name = 'HubspotTimeoutError';
}

/**
 * The client has no request timeout and no abort; with an agent it sends through node:http, so a
 * socket that stays silent for `timeoutMs` is destroyed here, which fails that request.
 */
function agentWithTimeout(basePath: string, timeoutMs: number): http.Agent {
  const options = { keepAlive: true, timeout: timeoutMs };
  const agent = basePath.startsWith('http:') ? new http.Agent(options) : new https.Agent(options);
  const createConnection = agent.createConnection.bind(agent);
  agent.createConnection = (connectOptions, callback) => {
    const socket = createConnection(connectOptions, callback);
    if (socket instanceof net.Socket) {
      socket.setTimeout(timeoutMs);
      socket.on('timeout', () =>
        socket.destroy(new HubspotTimeoutError(`no answer within ${Math.round(timeoutMs / 100) / 10} s`)),
      );
    }
    return socket;
  };
  // A socket back from the pool carries the server's shorter keep-alive timeout; a request gets the full one.
  const reuseSocket = agent.reuseSocket.bind(agent);
  agent.reuseSocket = (socket, request) => {
    reuseSocket(socket, request);
    if (socket instanceof net.Socket) socket.setTimeout(timeoutMs);
  };
  return agent;
}

/** The HTTP status of the client's ApiException (one class per API module, so matched by shape). */
function apiStatus(error: unknown): number | undefined {
  if (error instanceof Error && 'code' in error && typeof error.code === 'number' && 'body' in error) return error.code;
  return undefined;
}

function apiBody(error: unknown): unknown {
  return error instanceof Error && 'body' in error ? error.body : undefined;
}

function retryAfterMs(error: unknown): number | undefined {
  const headers = error instanceof Error && 'headers' in error ? error.headers : undefined;
  if (typeof headers !== 'object' || headers === null) return undefined;
  const value = (headers as Record<string, unknown>)['retry-after'];
  const seconds = parseRetryAfter(typeof value === 'string' ? value : null);
  return seconds === undefined ? undefined : seconds * 1000;
}

function isNetworkError(error: unknown): boolean {
  if (error instanceof HubspotTimeoutError) return true;
  const code = error instanceof Error && 'code' in error ? error.code : undefined;
  return (
    typeof code === 'string' &&
    /^(ECONN|EPIPE|ETIMEDOUT|EAI_AGAIN|ENOTFOUND|EHOSTUNREACH|ENETUNREACH|UND_ERR)/.test(code)
  );
}

/** 404 is the answer for an id deleted in HubSpot since it was stored: the caller finds or creates anew. */
async function ifExists<T>(run: () => Promise<T>): Promise<T | undefined> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof CrmError && error.status === 404) return undefined;
    throw error;
  }
}

function describeFailure(
  error: unknown,
  what: string,
  attempts: number,
  timeoutMs: number,
  partial?: CrmExistingIds,
): CrmError {
  if (error instanceof CrmError) return error;
  const tries = attempts > 1 ? ` (${attempts} attempts)` : '';
  const status = apiStatus(error);
  if (status !== undefined) {
    const detail = serviceMessage(apiBody(error));
    const common = { status, retryAfterMs: retryAfterMs(error), partial, cause: error };
    if (status === 401) {
      return new CrmError(`HubSpot rejected the access token (401) while ${what}: ${detail}`, {
        ...common,
        retryable: false,
      });
    }
    if (status === 403) {
      return new CrmError(`HubSpot refused access (403) while ${what}; check the app's scopes: ${detail}`, {
        ...common,
        retryable: false,
      });
    }
    if (status === 429) {
      return new CrmError(`HubSpot is rate limiting requests (429) while ${what}${tries}: ${detail}`, {
        ...common,
        retryable: true,
      });
    }
    // 409 is a concurrent write to the same record (two upserts of one email), which passes on a retry.
    if (status >= 500 || status === 408 || status === 409) {
      return new CrmError(`HubSpot failed (${status}) while ${what}${tries}: ${detail}`, {
        ...common,
        retryable: true,
      });
    }
    return new CrmError(`HubSpot refused the request (${status}) while ${what}: ${detail}`, {
      ...common,
      retryable: false,
    });
  }
  if (error instanceof HubspotTimeoutError) {
    return new CrmError(`HubSpot gave ${error.message} while ${what}${tries}`, {
      retryable: true,
      partial,
      cause: error,
    });
  }
  const reason = error instanceof Error ? error.message : String(error);
  if (isNetworkError(error) || (error instanceof TypeError && /fetch failed/i.test(reason))) {
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return new CrmError(`Could not reach HubSpot while ${what}${tries}: ${clip(reason)}${cause}`, {
      retryable: true,
      partial,
      cause: error,
    });
  }
  // e.g. a proxy's HTML error page, which the client cannot parse: worth another try later.
  return new CrmError(`Unexpected answer from HubSpot while ${what}: ${clip(reason)}`, {
    retryable: true,
    partial,
    cause: error,
  });
}

function serviceMessage(body: unknown): string {
  if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string') {
    return clip(body.message);
  }
  return typeof body === 'string' && body.trim() !== '' ? clip(body.trim()) : 'no details';
}

const clip = (text: string, max = 300) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
