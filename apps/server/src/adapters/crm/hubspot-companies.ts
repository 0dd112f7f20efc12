import { setTimeout as sleep } from 'node:timers/promises';
import { FilterOperatorEnum, type Filter } from '@hubspot/api-client/lib/codegen/crm/companies/index.js';
import { CrmError, normaliseDomain, type CrmPush } from './crm-adapter.ts';
import { ifExists, type HubspotTransport } from './hubspot-transport.ts';

/** Creates or updates an article's company in HubSpot: by stored id, by domain or name, else a new one. */
export function createHubspotCompanies(
  { companiesApi, call, searchRetryDelaysMs }: HubspotTransport,
  tickerProperty: string | undefined,
) {
  // Companies this process created or found, by key: HubSpot's search index lags behind writes by
  // seconds, so a second article of a new company must not rely on finding it by search.
  const knownCompanies = new Map<string, KnownCompany>();

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
    const known =
      knownCompanies.get(key) ??
      (input.companyOfKey ? await readCompany(input.companyOfKey, wanted, signal) : undefined) ??
      (await findCompany(wanted, signal));
    if (known) {
      const id = await adopt(known, wanted, signal);
      if (id) {
        knownCompanies.set(key, { id, properties: { ...wanted, ...known.properties } });
        return id;
      }
      knownCompanies.delete(key);
      // Deleted in HubSpot meanwhile: create it again below.
    }
    const created = await createCompany(wanted, signal);
    if (knownCompanies.size >= 10_000) knownCompanies.clear();
    knownCompanies.set(key, created);
    return created.id;
  }

  /**
   * Fills the gaps of a company found by search, from another article or named by a 409 (it keeps its
   * name and what it holds); undefined when it was deleted in HubSpot meanwhile.
   */
  async function adopt(
    known: KnownCompany,
    wanted: Record<string, string>,
    signal: AbortSignal | undefined,
  ): Promise<string | undefined> {
    const gaps = Object.fromEntries(Object.entries(wanted).filter(([name]) => !known.properties[name]));
    if (Object.keys(gaps).length === 0) return known.id;
    const updated = await ifExists(() =>
      call('updating the company', true, signal, () => companiesApi.basicApi.update(known.id, { properties: gaps })),
    );
    if (updated) known.properties = { ...known.properties, ...gaps };
    return updated ? known.id : undefined;
  }

  /**
   * Creates the company. HubSpot has no idempotency key for creates, so a create left without an answer
   * may have happened: its search index is given time to show it (a few waits, doubling) before a second
   * create. A 409 naming an existing company ('Company already exists. Existing ID: 123', from a
   * unique-value property) adopts that company.
   */
  async function createCompany(wanted: Record<string, string>, signal: AbortSignal | undefined): Promise<KnownCompany> {
    const create = async () => {
      const created = await call('creating the company', false, signal, () =>
        companiesApi.basicApi.create({ properties: wanted, associations: [] }),
      );
      return { id: created.id, properties: { ...wanted } };
    };
    try {
      return await create();
    } catch (error) {
      if (!(error instanceof CrmError)) throw error;
      if (error.status === 409 && error.existingId) return conflicting(error.existingId, wanted, error, signal);
      if (!error.unanswered) throw error;
      for (const delayMs of [0, ...searchRetryDelaysMs]) {
        if (delayMs > 0) await sleep(delayMs, undefined, { signal });
        const found = await findCompany(wanted, signal);
        if (found && (await adopt(found, wanted, signal))) return found;
      }
    }
    try {
      return await create();
    } catch (error) {
      if (error instanceof CrmError && error.status === 409 && error.existingId) {
        return conflicting(error.existingId, wanted, error, signal);
      }
      throw error;
    }
  }

  async function conflicting(
    id: string,
    wanted: Record<string, string>,
    conflict: CrmError,
    signal: AbortSignal | undefined,
  ): Promise<KnownCompany> {
    const existing = await readCompany(id, wanted, signal);
    if (existing && (await adopt(existing, wanted, signal))) return existing;
    // Named by the 409 yet gone when read: a merge or delete in between; the next attempt looks again.
    throw new CrmError(`${conflict.message}, but company ${id} could not be read`, {
      retryable: true,
      status: conflict.status,
      cause: conflict,
    });
  }

  /** The company by id (another process created it, so search may not show it yet); undefined once deleted. */
  async function readCompany(
    id: string,
    wanted: Record<string, string>,
    signal: AbortSignal | undefined,
  ): Promise<KnownCompany | undefined> {
    const company = await ifExists(() =>
      call('reading the company', true, signal, () =>
        companiesApi.basicApi.getById(id, [...new Set([...Object.keys(wanted), 'name', 'domain'])]),
      ),
    );
    if (!company) return undefined;
    const properties: Record<string, string> = {};
    for (const [name, value] of Object.entries(company.properties)) if (value) properties[name] = value;
    return { id: company.id, properties };
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

  return upsertCompany;
}

interface KnownCompany {
  id: string;
  /** The values HubSpot holds (as far as this process knows), for filling gaps without overwriting. */
  properties: Record<string, string>;
}

function companyProperties(company: CrmPush['company'], tickerProperty: string | undefined): Record<string, string> {
  const properties: Record<string, string> = { name: company.name.trim() || 'Unknown company' };
  const domain = normaliseDomain(company.domain);
  if (domain) properties.domain = domain;
  const ticker = company.ticker?.trim();
  if (tickerProperty && ticker) properties[tickerProperty] = ticker;
  return properties;
}
