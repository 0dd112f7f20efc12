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
  { contactsApi, associationsApi, call }: HubspotTransport,
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
          // Associated as it is created, so a push that fails after this still finds it at the company next time.
          const created = await call('creating a contact', false, signal, () =>
            contactsApi.basicApi.create({
              properties,
              associations: [{ to: { id: companyId }, types: CONTACT_TO_COMPANY }],
            }),
          );
          id = created.id;
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
