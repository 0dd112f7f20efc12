import { setTimeout as sleep } from 'node:timers/promises';
import { AssociationTypes } from '@hubspot/api-client';
import { AssociationSpecAssociationCategoryEnum } from '@hubspot/api-client/lib/codegen/crm/contacts/index.js';
import { clip } from '../../lib/text.ts';
import {
  CrmError,
  contactEmail,
  uniqueContacts,
  type CrmContact,
  type CrmExistingIds,
  type CrmPush,
} from './crm-adapter.ts';
import type { AssociateDefault } from './hubspot-associations.ts';
import { BATCH_MAX, ifExists, type HubspotTransport } from './hubspot-transport.ts';

const CONTACT_TO_COMPANY = [
  {
    associationCategory: AssociationSpecAssociationCategoryEnum.HubspotDefined,
    associationTypeId: AssociationTypes.contactToCompany,
  },
];
// The largest page the v4 associations API gives.
const ASSOCIATIONS_PAGE = 500;

interface NamedContact {
  id: string;
  /** `personName` of its first and last name. */
  name: string;
}

/** First and last name compared without case, accents or extra spaces ("José  Núñez" = "jose nunez"). */
function personName(firstName: string | null | undefined, lastName: string | null | undefined): string {
  return `${firstName ?? ''} ${lastName ?? ''}`
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** Creates or updates an article's contacts in HubSpot (by email, else by name at the company) and ties them to it. */
export function createHubspotContacts(
  { contactsApi, associationsApi, call, searchRetryDelaysMs }: HubspotTransport,
  associateDefault: AssociateDefault,
) {
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
      for (const [key, id] of await upsertByEmail(chunk, input.company.name, progress, signal)) {
        contactIds[key] = id;
        progress.contactIds[key] = id;
      }
    }
    const withoutEmail = contacts.filter(({ contact }) => contactEmail(contact) === null);
    // Read once per push and only when needed: the company's contacts, which new ones join as they are created.
    let companyContacts: NamedContact[] | undefined;
    for (const { key, contact } of withoutEmail) {
      const properties = contactProperties(contact, input.company.name);
      const storedId = input.existing.contactIds[key];
      let id = storedId
        ? (
            await ifExists(() =>
              call('updating a contact', true, signal, () => contactsApi.basicApi.update(storedId, { properties })),
            )
          )?.id
        : undefined;
      if (!id) {
        companyContacts ??= await contactsOfCompany(companyId, signal);
        const name = personName(contact.firstName, contact.lastName);
        id = companyContacts.find((known) => known.name === name)?.id;
        if (!id) {
          id = await createContact(properties, name, companyId, signal);
          companyContacts.push({ id, name });
        }
      }
      contactIds[key] = id;
      progress.contactIds[key] = id;
    }
    // Every time, not only for new contacts: a push that failed half-way may have missed some.
    await associateDefault('contacts', 'companies', [...new Set(Object.values(contactIds))], [companyId], signal);
    return contactIds;
  }

  /**
   * Upserts contacts by email; returns their ids by key. A 409 naming an existing contact (HubSpot holds
   * the address on another contact, as a secondary email say) makes the chunk go one contact at a time, so
   * that each 409 names its own contact, which is then updated (its addresses left as they are) and used.
   */
  async function upsertByEmail(
    chunk: { key: string; contact: CrmContact }[],
    companyName: string,
    progress: CrmExistingIds,
    signal: AbortSignal | undefined,
  ): Promise<Map<string, string>> {
    const ids = new Map<string, string>();
    let response;
    try {
      response = await call('upserting the contacts', true, signal, () =>
        contactsApi.batchApi.upsert({
          inputs: chunk.map(({ key, contact }) => ({
            id: key,
            idProperty: 'email',
            properties: contactProperties(contact, companyName),
          })),
        }),
      );
    } catch (error) {
      if (!(error instanceof CrmError && error.status === 409 && error.existingId)) throw error;
      const [only] = chunk;
      if (chunk.length === 1 && only) {
        const { email: _address, ...properties } = contactProperties(only.contact, companyName);
        ids.set(only.key, await updateConflicting(error, properties, signal));
        return ids;
      }
      for (const one of chunk) {
        for (const [key, id] of await upsertByEmail([one], companyName, progress, signal)) ids.set(key, id);
      }
      return ids;
    }
    if ('errors' in response && response.errors && response.errors.length > 0) {
      const first = response.errors[0];
      throw new CrmError(`HubSpot refused a contact: ${clip(first?.message ?? 'no details', 300)}`, {
        retryable: false,
        partial: progress,
      });
    }
    const byEmail = new Map(response.results.map((result) => [result.properties.email?.toLowerCase(), result.id]));
    for (const [index, { key }] of chunk.entries()) {
      // HubSpot echoes the email; the answer's order is the fallback when it does not.
      const id =
        byEmail.get(key) ?? (response.results.length === chunk.length ? response.results[index]?.id : undefined);
      if (!id) throw new CrmError(`HubSpot did not return the contact ${key}`, { retryable: true, partial: progress });
      ids.set(key, id);
    }
    return ids;
  }

  /** Updates the contact a 409 named and answers its id; retryable when it is gone by the time it is written. */
  async function updateConflicting(
    conflict: CrmError,
    properties: Record<string, string>,
    signal: AbortSignal | undefined,
  ): Promise<string> {
    const id = conflict.existingId ?? '';
    const updated = await ifExists(() =>
      call('updating a contact', true, signal, () => contactsApi.basicApi.update(id, { properties })),
    );
    if (updated) return updated.id;
    throw new CrmError(`${conflict.message}, but contact ${id} could not be updated`, {
      retryable: true,
      status: conflict.status,
      cause: conflict,
    });
  }

  /**
   * Creates a contact without email, associated with the company as it is created (so a push that fails
   * after this still finds it there). A create left without an answer may have happened: the company's
   * contacts are read again a few times before a second create. A 409 naming a contact updates and uses it.
   */
  async function createContact(
    properties: Record<string, string>,
    name: string,
    companyId: string,
    signal: AbortSignal | undefined,
  ): Promise<string> {
    const create = async () => {
      try {
        const created = await call('creating a contact', false, signal, () =>
          contactsApi.basicApi.create({
            properties,
            associations: [{ to: { id: companyId }, types: CONTACT_TO_COMPANY }],
          }),
        );
        return created.id;
      } catch (error) {
        if (error instanceof CrmError && error.status === 409 && error.existingId) {
          return updateConflicting(error, properties, signal);
        }
        throw error;
      }
    };
    try {
      return await create();
    } catch (error) {
      if (!(error instanceof CrmError && error.unanswered)) throw error;
      for (const delayMs of [0, ...searchRetryDelaysMs]) {
        if (delayMs > 0) await sleep(delayMs, undefined, { signal });
        const found = (await contactsOfCompany(companyId, signal)).find((known) => known.name === name);
        if (found) return found.id;
      }
    }
    return create();
  }

  /**
   * The contacts associated with the company, oldest first, with their names. The associations API
   * answers from the records themselves, whereas search lags seconds behind writes: a contact created by
   * the previous push would not be found by search yet.
   */
  async function contactsOfCompany(companyId: string, signal: AbortSignal | undefined): Promise<NamedContact[]> {
    const ids: string[] = [];
    let after: string | undefined;
    do {
      const page = await call("listing the company's contacts", true, signal, () =>
        associationsApi.basicApi.getPage('companies', companyId, 'contacts', after, ASSOCIATIONS_PAGE),
      );
      ids.push(...page.results.map((result) => String(result.toObjectId)));
      after = page.paging?.next?.after;
    } while (after);
    const named: NamedContact[] = [];
    const unique = [...new Set(ids)];
    for (let start = 0; start < unique.length; start += BATCH_MAX) {
      const inputs = unique.slice(start, start + BATCH_MAX).map((id) => ({ id }));
      const response = await call("reading the company's contacts", true, signal, () =>
        contactsApi.batchApi.read({ inputs, properties: ['firstname', 'lastname'], propertiesWithHistory: [] }),
      );
      for (const record of response.results) {
        named.push({ id: record.id, name: personName(record.properties.firstname, record.properties.lastname) });
      }
    }
    return named.sort((a, b) => Number(a.id) - Number(b.id));
  }

  return upsertContacts;
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
