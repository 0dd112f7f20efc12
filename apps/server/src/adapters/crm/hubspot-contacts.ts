import { FilterOperatorEnum, type Filter } from '@hubspot/api-client/lib/codegen/crm/companies/index.js';
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

/** Creates or updates an article's contacts in HubSpot (by email, else by name at the company) and ties them to it. */
export function createHubspotContacts({ contactsApi, call }: HubspotTransport, associateDefault: AssociateDefault) {
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
