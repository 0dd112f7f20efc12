import { isRecord } from '@mining-hub/contract/is-record';

/** The fake HubSpot's CRM data in memory: records, associations, search and batch upserts, answering its routes. */

export type ObjectType = 'companies' | 'contacts' | 'notes';

export interface FakeRecord {
  id: string;
  properties: Record<string, string>;
  createdAt: string;
  updatedAt: string;
}

export interface FakeAssociation {
  fromType: ObjectType;
  fromId: string;
  toType: ObjectType;
  toId: string;
  typeId: number;
}

/** What `GET /account-info/v3/details` answers (the fields the adapter reads, and a few beside them). */
export const FAKE_ACCOUNT = {
  portalId: 24681357,
  accountType: 'STANDARD',
  timeZone: 'US/Eastern',
  companyCurrency: 'USD',
  uiDomain: 'app.hubspot.com',
  dataHostingLocation: 'na1',
};

/** HubSpot-defined association type ids for the pairs the adapter writes. */
const ASSOCIATION_TYPES: Record<number, { from: ObjectType; to: ObjectType }> = {
  1: { from: 'contacts', to: 'companies' },
  279: { from: 'contacts', to: 'companies' },
  280: { from: 'companies', to: 'contacts' },
  189: { from: 'companies', to: 'notes' },
  190: { from: 'notes', to: 'companies' },
  201: { from: 'contacts', to: 'notes' },
  202: { from: 'notes', to: 'contacts' },
};
const DEFAULT_TYPE: Record<string, number> = {
  'contacts->companies': 279,
  'companies->contacts': 280,
  'notes->companies': 190,
  'companies->notes': 189,
  'notes->contacts': 202,
  'contacts->notes': 201,
};
/** The type id HubSpot reports when an association is read from its other end. */
const REVERSE_TYPE: Record<number, number> = { 1: 2, 279: 280, 280: 279, 189: 190, 190: 189, 201: 202, 202: 201 };
export const OBJECT_TYPES = new Set<string>(['companies', 'contacts', 'notes']);
const DEFAULT_PROPERTIES: Record<ObjectType, string[]> = {
  companies: ['name', 'domain'],
  contacts: ['email', 'firstname', 'lastname'],
  notes: ['hs_note_body', 'hs_timestamp'],
};

export class HubspotFault extends Error {
  readonly status: number;
  readonly category: string;
  constructor(status: number, category: string, message: string) {
    super(message);
    this.status = status;
    this.category = category;
  }
}

export const isType = (value: string | undefined): value is ObjectType =>
  value !== undefined && OBJECT_TYPES.has(value);

/** The fake's records and the answers to its routes; `route` throws a HubspotFault for an error answer. */
export interface FakeHubspotStoreOptions {
  /** Search finds a record only this long after its last write, as HubSpot's search index lags. */
  searchLagMs: number;
  /**
   * Properties whose values must be unique, by object type, as an account's unique-value custom
   * properties are: a create or update repeating one is answered 409 naming the record that holds it.
   * Contacts' emails (primary and secondary) are always unique.
   */
  uniqueProperties?: Partial<Record<ObjectType, string[]>>;
}

const SINGULAR: Record<ObjectType, string> = { companies: 'Company', contacts: 'Contact', notes: 'Note' };

export function createFakeHubspotStore({ searchLagMs, uniqueProperties = {} }: FakeHubspotStoreOptions) {
  const store: Record<ObjectType, Map<string, FakeRecord>> = {
    companies: new Map(),
    contacts: new Map(),
    notes: new Map(),
  };
  let links: FakeAssociation[] = [];
  let nextId = 1001;
  // The portal's custom company properties and groups (HubSpot's own are not listed, only what the adapter adds).
  let companyProperties = new Map<string, Record<string, unknown>>();
  let propertyGroups = new Set<string>(['companyinformation']);
  // Custom objects (GET /crm/v3/schemas): their schemas, records by object type id, and links to companies.
  let schemas: Record<string, unknown>[] = [];
  let custom = new Map<string, Map<string, FakeRecord>>();
  let customLinks: { objectTypeId: string; fromId: string; companyId: string }[] = [];

  const newId = () => String(nextId++);
  const now = () => new Date().toISOString();

  function requireRecord(type: ObjectType, id: string): FakeRecord {
    const record = store[type].get(id);
    if (!record) throw new HubspotFault(404, 'OBJECT_NOT_FOUND', `Object not found. objectId: ${id}`);
    return record;
  }

  function readProperties(body: unknown): Record<string, string> {
    if (!isRecord(body) || !isRecord(body.properties)) {
      throw new HubspotFault(400, 'VALIDATION_ERROR', 'Invalid input JSON: properties is required');
    }
    const properties: Record<string, string> = {};
    for (const [name, value] of Object.entries(body.properties)) {
      if (value === null || value === undefined) continue;
      if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
        throw new HubspotFault(400, 'VALIDATION_ERROR', `Property values were not valid: ${name}`);
      }
      properties[name] = String(value);
    }
    return properties;
  }

  /** The contact whose primary email this is (what upsert by email matches). */
  function contactByEmail(email: string): FakeRecord | undefined {
    const wanted = email.toLowerCase();
    return [...store.contacts.values()].find((contact) => contact.properties.email === wanted);
  }

  /** The contact holding this address as its primary or one of its secondary emails (hs_additional_emails). */
  function contactHoldingEmail(email: string): FakeRecord | undefined {
    const wanted = email.toLowerCase();
    return [...store.contacts.values()].find(
      (contact) =>
        contact.properties.email === wanted ||
        (contact.properties.hs_additional_emails ?? '')
          .split(';')
          .map((address) => address.trim().toLowerCase())
          .includes(wanted),
    );
  }

  /** HubSpot's 409 for a value another record holds: `Contact already exists. Existing ID: 123`. */
  const alreadyExists = (type: ObjectType, id: string) =>
    new HubspotFault(409, 'CONFLICT', `${SINGULAR[type]} already exists. Existing ID: ${id}`);

  function writeProperties(type: ObjectType, record: FakeRecord, properties: Record<string, string>): void {
    // HubSpot refuses a property the portal does not define; the fake knows only the adapter's custom ones.
    if (type === 'companies') {
      const unknown = Object.keys(properties).find(
        (name) => name.startsWith('mining_hub_') && !companyProperties.has(name),
      );
      if (unknown) throw new HubspotFault(400, 'VALIDATION_ERROR', `Property "${unknown}" does not exist`);
    }
    if (type === 'contacts' && properties.email !== undefined) {
      properties.email = properties.email.toLowerCase();
      const other = contactHoldingEmail(properties.email);
      if (other && other.id !== record.id) throw alreadyExists(type, other.id);
    }
    for (const name of uniqueProperties[type] ?? []) {
      const value = properties[name]?.toLowerCase();
      if (!value) continue;
      const other = [...store[type].values()].find((held) => held.properties[name]?.toLowerCase() === value);
      if (other && other.id !== record.id) throw alreadyExists(type, other.id);
    }
    if (type === 'notes' && !record.properties.hs_timestamp && !properties.hs_timestamp) {
      throw new HubspotFault(400, 'VALIDATION_ERROR', 'Property values were not valid: hs_timestamp is required');
    }
    // An empty string clears a property, as in HubSpot.
    record.properties = Object.fromEntries(
      Object.entries({ ...record.properties, ...properties }).filter(([, value]) => value !== ''),
    );
    record.updatedAt = now();
  }

  function createRecord(type: ObjectType, properties: Record<string, string>, createdAt?: Date): FakeRecord {
    const at = createdAt?.toISOString() ?? now();
    const record: FakeRecord = { id: newId(), properties: {}, createdAt: at, updatedAt: at };
    writeProperties(type, record, properties);
    record.properties.hs_object_id = record.id;
    record.properties.createdate = at;
    store[type].set(record.id, record);
    return record;
  }

  function associate(fromType: ObjectType, fromId: string, toType: ObjectType, toId: string, typeId: number): void {
    requireRecord(fromType, fromId);
    if (!store[toType].has(toId)) {
      throw new HubspotFault(400, 'VALIDATION_ERROR', `${toType} ${toId} does not exist, so it cannot be associated`);
    }
    const exists = links.some(
      (link) => link.fromType === fromType && link.fromId === fromId && link.toType === toType && link.toId === toId,
    );
    if (!exists) links.push({ fromType, fromId, toType, toId, typeId });
  }

  function createAssociations(type: ObjectType, id: string, associations: unknown): void {
    if (associations === undefined) return;
    if (!Array.isArray(associations)) throw new HubspotFault(400, 'VALIDATION_ERROR', 'associations must be an array');
    for (const association of associations) {
      const toId = isRecord(association) && isRecord(association.to) ? association.to.id : undefined;
      const types = isRecord(association) && Array.isArray(association.types) ? association.types : [];
      if (typeof toId !== 'string' || types.length === 0) {
        throw new HubspotFault(400, 'VALIDATION_ERROR', 'Each association needs to.id and types');
      }
      for (const spec of types) {
        const typeId = isRecord(spec) ? spec.associationTypeId : undefined;
        const known = typeof typeId === 'number' ? ASSOCIATION_TYPES[typeId] : undefined;
        if (typeof typeId !== 'number' || !known || known.from !== type) {
          throw new HubspotFault(400, 'VALIDATION_ERROR', `Invalid association type ${String(typeId)} from ${type}`);
        }
        associate(type, id, known.to, toId, typeId);
      }
    }
  }

  function publicRecord(record: FakeRecord, names?: string[]) {
    const wanted = names ?? [];
    const properties: Record<string, string | null> = {
      hs_object_id: record.id,
      createdate: record.createdAt,
      hs_lastmodifieddate: record.updatedAt,
    };
    for (const name of wanted) properties[name] = record.properties[name] ?? null;
    return { id: record.id, properties, createdAt: record.createdAt, updatedAt: record.updatedAt, archived: false };
  }

  function fullRecord(record: FakeRecord) {
    return { ...publicRecord(record), properties: { ...record.properties } };
  }

  function search(type: ObjectType, body: unknown) {
    if (!isRecord(body)) throw new HubspotFault(400, 'VALIDATION_ERROR', 'Invalid search request');
    const groups = Array.isArray(body.filterGroups) ? body.filterGroups : [];
    if (groups.length > 5) throw new HubspotFault(400, 'VALIDATION_ERROR', 'Too many filter groups (maximum 5)');
    const predicates = groups.map((group) => {
      const filters = isRecord(group) && Array.isArray(group.filters) ? group.filters : [];
      if (filters.length > 6)
        throw new HubspotFault(400, 'VALIDATION_ERROR', 'Too many filters in a group (maximum 6)');
      const tests = filters.map((filter) => filterTest(filter));
      return (record: FakeRecord) => tests.every((test) => test(record));
    });
    const limitValue = typeof body.limit === 'number' ? body.limit : 10;
    if (limitValue > 200) throw new HubspotFault(400, 'VALIDATION_ERROR', 'limit must be at most 200');
    const indexedBefore = Date.now() - searchLagMs;
    const matches = [...store[type].values()]
      .filter((record) => Date.parse(record.createdAt) <= indexedBefore)
      .filter((record) => predicates.length === 0 || predicates.some((matches) => matches(record)))
      .sort((a, b) => Number(a.id) - Number(b.id));
    const names = Array.isArray(body.properties)
      ? body.properties.filter((name): name is string => typeof name === 'string')
      : DEFAULT_PROPERTIES[type];
    return {
      total: matches.length,
      results: matches.slice(0, limitValue).map((record) => publicRecord(record, names)),
    };
  }

  function filterTest(filter: unknown): (record: FakeRecord) => boolean {
    if (!isRecord(filter) || typeof filter.propertyName !== 'string' || typeof filter.operator !== 'string') {
      throw new HubspotFault(400, 'VALIDATION_ERROR', 'Each filter needs propertyName and operator');
    }
    const name = filter.propertyName;
    const value = typeof filter.value === 'string' ? filter.value.toLowerCase() : undefined;
    const values = Array.isArray(filter.values) ? filter.values.map((v) => String(v).toLowerCase()) : [];
    const get = (record: FakeRecord) => record.properties[name]?.toLowerCase();
    switch (filter.operator) {
      case 'EQ':
        return (record) => value !== undefined && get(record) === value;
      case 'NEQ':
        return (record) => get(record) !== value;
      case 'IN':
        return (record) => values.includes(get(record) ?? '');
      case 'HAS_PROPERTY':
        return (record) => get(record) !== undefined;
      case 'NOT_HAS_PROPERTY':
        return (record) => get(record) === undefined;
      default:
        throw new HubspotFault(400, 'VALIDATION_ERROR', `The fake does not support operator ${filter.operator}`);
    }
  }

  function batchUpsertContacts(body: unknown) {
    const inputs = isRecord(body) && Array.isArray(body.inputs) ? body.inputs : undefined;
    if (!inputs || inputs.length === 0 || inputs.length > 100) {
      throw new HubspotFault(400, 'VALIDATION_ERROR', 'inputs must hold 1 to 100 items');
    }
    const startedAt = now();
    const results = inputs.map((input) => {
      if (!isRecord(input) || input.idProperty !== 'email' || typeof input.id !== 'string') {
        throw new HubspotFault(400, 'VALIDATION_ERROR', 'Unable to perform update/upsert by non-unique 0-1 property');
      }
      const properties = { ...readProperties(input), email: input.id.toLowerCase() };
      const existing = contactByEmail(input.id);
      if (existing) {
        writeProperties('contacts', existing, properties);
        return { ...fullRecord(existing), new: false };
      }
      return { ...fullRecord(createRecord('contacts', properties)), new: true };
    });
    return { status: 'COMPLETE', results, startedAt, completedAt: now() };
  }

  function batchAssociateDefault(fromType: ObjectType, toType: ObjectType, body: unknown) {
    const typeId = DEFAULT_TYPE[`${fromType}->${toType}`];
    const inputs = isRecord(body) && Array.isArray(body.inputs) ? body.inputs : undefined;
    if (typeId === undefined || !inputs || inputs.length === 0 || inputs.length > 100) {
      throw new HubspotFault(400, 'VALIDATION_ERROR', 'Invalid association batch');
    }
    const startedAt = now();
    const results = inputs.map((input) => {
      const fromId = isRecord(input) && isRecord(input.from) ? input.from.id : undefined;
      const toId = isRecord(input) && isRecord(input.to) ? input.to.id : undefined;
      if (typeof fromId !== 'string' || typeof toId !== 'string') {
        throw new HubspotFault(400, 'VALIDATION_ERROR', 'Each input needs from.id and to.id');
      }
      associate(fromType, fromId, toType, toId, typeId);
      return {
        from: { id: fromId },
        to: { id: toId },
        associationSpec: { associationCategory: 'HUBSPOT_DEFINED', associationTypeId: typeId },
      };
    });
    return { status: 'COMPLETE', results, startedAt, completedAt: now() };
  }

  /** GET /crm/v4/objects/{type}/{id}/associations/{toType}: pages of at most 500, by id, from either end. */
  function associationsPage(fromType: ObjectType, fromId: string, toType: ObjectType, query: URLSearchParams) {
    requireRecord(fromType, fromId);
    const limit = Number(query.get('limit') ?? 500);
    if (!Number.isInteger(limit) || limit < 1 || limit > 500) {
      throw new HubspotFault(400, 'VALIDATION_ERROR', 'limit must be between 1 and 500');
    }
    const byId = new Map<string, number[]>();
    for (const link of links) {
      const [toId, typeId] =
        link.fromType === fromType && link.fromId === fromId && link.toType === toType
          ? [link.toId, link.typeId]
          : link.toType === fromType && link.toId === fromId && link.fromType === toType
            ? [link.fromId, REVERSE_TYPE[link.typeId] ?? link.typeId]
            : [undefined, 0];
      if (toId !== undefined && store[toType].has(toId)) byId.set(toId, [...(byId.get(toId) ?? []), typeId]);
    }
    const all = [...byId].sort(([a], [b]) => Number(a) - Number(b));
    const start = Number(query.get('after') ?? 0);
    const results = all.slice(start, start + limit).map(([toId, typeIds]) => ({
      toObjectId: Number(toId),
      associationTypes: [...new Set(typeIds)].map((typeId) => ({
        category: 'HUBSPOT_DEFINED',
        typeId,
        label: typeId === 1 || typeId === 2 ? 'Primary' : null,
      })),
    }));
    const next = start + limit < all.length ? String(start + limit) : undefined;
    return next ? { results, paging: { next: { after: next, link: `?after=${next}` } } } : { results };
  }

  /** POST /crm/v3/objects/{type}/batch/read by id: 207 with an error naming the ids it does not hold. */
  function batchRead(type: ObjectType, body: unknown): [number, unknown] {
    const inputs = isRecord(body) && Array.isArray(body.inputs) ? body.inputs : undefined;
    if (!inputs || inputs.length === 0 || inputs.length > 100) {
      throw new HubspotFault(400, 'VALIDATION_ERROR', 'inputs must hold 1 to 100 items');
    }
    const ids = inputs.map((input) => (isRecord(input) ? input.id : undefined));
    if (!ids.every((id): id is string => typeof id === 'string')) {
      throw new HubspotFault(400, 'VALIDATION_ERROR', 'Each input needs an id');
    }
    const names = isRecord(body) && Array.isArray(body.properties) ? body.properties.map(String) : undefined;
    const startedAt = now();
    const found = ids.flatMap((id) => store[type].get(id) ?? []);
    const results = found.map((record) => publicRecord(record, names ?? DEFAULT_PROPERTIES[type]));
    const missing = ids.filter((id) => !store[type].has(id));
    const answer = { status: 'COMPLETE', results, startedAt, completedAt: now() };
    if (missing.length === 0) return [200, answer];
    const error = {
      status: 'error',
      category: 'OBJECT_NOT_FOUND',
      message: `Could not get some ${type} objects, they may be deleted or not exist. Check that ids are valid.`,
      context: { ids: missing },
    };
    return [207, { ...answer, numErrors: 1, errors: [error] }];
  }

  /** Status and body for an authenticated, admitted request. */
  /** `/crm/v3/properties/companies` (list, create) and its `/groups` (create), with HubSpot's 409 for a repeat. */
  function propertiesRoute(method: string, group: boolean, body: unknown): [number, unknown] {
    if (method === 'GET' && !group) return [200, { results: [...companyProperties.values()] }];
    if (method !== 'POST' || !isRecord(body) || typeof body.name !== 'string') {
      throw new HubspotFault(400, 'VALIDATION_ERROR', 'Invalid input JSON: name is required');
    }
    const name = body.name;
    if (group) {
      if (propertyGroups.has(name)) {
        throw new HubspotFault(409, 'OBJECT_ALREADY_EXISTS', `A property group named '${name}' already exists.`);
      }
      propertyGroups.add(name);
      return [201, { name, label: body.label, displayOrder: body.displayOrder ?? -1, archived: false }];
    }
    if (companyProperties.has(name)) {
      throw new HubspotFault(409, 'OBJECT_ALREADY_EXISTS', `Property named '${name}' already exists.`);
    }
    if (typeof body.groupName !== 'string' || !propertyGroups.has(body.groupName)) {
      throw new HubspotFault(400, 'VALIDATION_ERROR', `Property group '${String(body.groupName)}' does not exist.`);
    }
    const property = { ...body, hidden: false, formField: false, calculated: false, createdAt: now(), archived: false };
    companyProperties.set(name, property);
    return [201, property];
  }

  /**
   * A custom object's records (POST /crm/v3/objects/{objectTypeId}, PATCH …/{id}) and default associations
   * to companies (POST /crm/v4/associations/{objectTypeId}/companies/batch/associate/default).
   */
  function customRoute(method: string, parts: string[], body: unknown): [number, unknown] {
    const [, version, kind, objectTypeId = '', rest, ...tail] = parts;
    const records = custom.get(objectTypeId) ?? new Map<string, FakeRecord>();
    const schema = schemas.find((candidate) => candidate.objectTypeId === objectTypeId);
    const defined = new Set(
      (Array.isArray(schema?.properties) ? schema.properties : []).map((p: unknown) => (isRecord(p) ? p.name : '')),
    );
    const checked = (properties: Record<string, string>) => {
      const unknown = Object.keys(properties).find((name) => !defined.has(name));
      if (unknown) throw new HubspotFault(400, 'VALIDATION_ERROR', `Property "${unknown}" does not exist`);
      return properties;
    };
    if (version === 'v3' && kind === 'objects' && method === 'POST' && rest === undefined) {
      const at = now();
      const record: FakeRecord = {
        id: newId(),
        properties: checked(readProperties(body)),
        createdAt: at,
        updatedAt: at,
      };
      records.set(record.id, record);
      return [201, fullRecord(record)];
    }
    if (version === 'v3' && kind === 'objects' && method === 'PATCH' && rest !== undefined) {
      const record = records.get(rest);
      if (!record) throw new HubspotFault(404, 'OBJECT_NOT_FOUND', `Object not found. objectId: ${rest}`);
      record.properties = { ...record.properties, ...checked(readProperties(body)) };
      record.updatedAt = now();
      return [200, fullRecord(record)];
    }
    if (
      version === 'v4' &&
      kind === 'associations' &&
      method === 'POST' &&
      rest === 'companies' &&
      tail.join('/') === 'batch/associate/default'
    ) {
      const inputs = isRecord(body) && Array.isArray(body.inputs) ? body.inputs : [];
      for (const input of inputs) {
        const fromId = isRecord(input) && isRecord(input.from) ? String(input.from.id) : '';
        const companyId = isRecord(input) && isRecord(input.to) ? String(input.to.id) : '';
        if (!records.has(fromId) || !store.companies.has(companyId)) {
          throw new HubspotFault(
            400,
            'VALIDATION_ERROR',
            `${objectTypeId} ${fromId} or company ${companyId} does not exist`,
          );
        }
        if (
          !customLinks.some((l) => l.objectTypeId === objectTypeId && l.fromId === fromId && l.companyId === companyId)
        ) {
          customLinks.push({ objectTypeId, fromId, companyId });
        }
      }
      return [200, { status: 'COMPLETE', results: [], startedAt: now(), completedAt: now() }];
    }
    throw new HubspotFault(404, 'OBJECT_NOT_FOUND', `No route for ${method} /${parts.join('/')}`);
  }

  function route(method: string, target: string, body: unknown): [number, unknown] {
    const [path = '/', query = ''] = target.split('?');
    const parts = path.split('/').filter(Boolean);
    const [api, version, kind, type, rest, extra] = parts;
    if (method === 'GET' && path === '/account-info/v3/details') return [200, FAKE_ACCOUNT];
    // The client reads /crm-object-schemas/v3/schemas; /crm/v3/schemas is the same API under the CRM prefix.
    if (method === 'GET' && (path === '/crm-object-schemas/v3/schemas' || path === '/crm/v3/schemas')) {
      return [200, { results: schemas }];
    }
    const customType = parts[3];
    if (customType && custom.has(customType)) return customRoute(method, parts, body);
    if (path === '/crm/v3/properties/companies' || path === '/crm/v3/properties/companies/groups') {
      return propertiesRoute(method, path.endsWith('/groups'), body);
    }
    if (api === 'crm' && version === 'v3' && kind === 'objects' && isType(type)) {
      if (method === 'POST' && parts.length === 4) {
        const record = createRecord(type, readProperties(body));
        try {
          createAssociations(type, record.id, isRecord(body) ? body.associations : undefined);
        } catch (error) {
          store[type].delete(record.id);
          throw error;
        }
        return [201, fullRecord(record)];
      }
      if (method === 'POST' && rest === 'search' && parts.length === 5) return [200, search(type, body)];
      if (method === 'POST' && type === 'contacts' && rest === 'batch' && extra === 'upsert') {
        return [200, batchUpsertContacts(body)];
      }
      if (method === 'POST' && rest === 'batch' && extra === 'read' && parts.length === 6) return batchRead(type, body);
      if (rest !== undefined && parts.length === 5 && rest !== 'search' && rest !== 'batch') {
        const record = requireRecord(type, rest);
        if (method === 'GET') return [200, fullRecord(record)];
        if (method === 'PATCH') {
          writeProperties(type, record, readProperties(body));
          return [200, fullRecord(record)];
        }
      }
    }
    const [, , , from, to, batch, associateWord, defaultWord] = parts;
    const [, , , , fromId, associationsWord, toType] = parts;
    if (
      method === 'GET' &&
      api === 'crm' &&
      version === 'v4' &&
      kind === 'objects' &&
      isType(type) &&
      fromId !== undefined &&
      associationsWord === 'associations' &&
      isType(toType) &&
      parts.length === 7
    ) {
      return [200, associationsPage(type, fromId, toType, new URLSearchParams(query))];
    }
    if (
      method === 'POST' &&
      api === 'crm' &&
      version === 'v4' &&
      kind === 'associations' &&
      isType(from) &&
      isType(to) &&
      batch === 'batch' &&
      associateWord === 'associate' &&
      defaultWord === 'default'
    ) {
      return [200, batchAssociateDefault(from, to, body)];
    }
    throw new HubspotFault(404, 'OBJECT_NOT_FOUND', `No route for ${method} ${path}`);
  }

  const duplicates = (keys: string[]) => {
    const counts = new Map<string, number>();
    for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
    return [...counts].filter(([, count]) => count > 1).map(([key]) => key);
  };

  return {
    route,
    /** A record put straight into the store, as one made in HubSpot's own app `ageMs` ago. */
    seed: (type: ObjectType, properties: Record<string, string>, ageMs = 0): FakeRecord => {
      const record = createRecord(type, properties, new Date(Date.now() - ageMs));
      record.updatedAt = record.createdAt;
      return { ...record, properties: { ...record.properties } };
    },
    records: (type: ObjectType): FakeRecord[] =>
      [...store[type].values()].map((record) => ({ ...record, properties: { ...record.properties } })),
    associations: (): FakeAssociation[] => links.map((link) => ({ ...link })),
    associatedIds: (fromType: ObjectType, fromId: string, toType: ObjectType): string[] => [
      ...new Set(
        links.flatMap((link) => {
          if (link.fromType === fromType && link.fromId === fromId && link.toType === toType) return [link.toId];
          if (link.toType === fromType && link.toId === fromId && link.fromType === toType) return [link.fromId];
          return [];
        }),
      ),
    ],
    duplicateCompanies: (): string[] =>
      duplicates(
        [...store.companies.values()].map(
          (company) =>
            company.properties.domain?.toLowerCase() ?? `name:${company.properties.name?.toLowerCase() ?? ''}`,
        ),
      ),
    duplicateContacts: (): string[] =>
      duplicates([...store.contacts.values()].flatMap((contact) => contact.properties.email ?? [])),
    clear: () => {
      for (const type of OBJECT_TYPES) if (isType(type)) store[type].clear();
      links = [];
      companyProperties = new Map();
      propertyGroups = new Set(['companyinformation']);
      schemas = [];
      custom = new Map();
      customLinks = [];
    },
    /** Defines a custom object as the portal's schema API shows it; returns its object type id. */
    defineCustomObject: (name: string, singular: string, plural: string, properties: string[]): string => {
      const objectTypeId = `2-${9000 + schemas.length}`;
      schemas.push({
        id: String(9000 + schemas.length),
        objectTypeId,
        name,
        fullyQualifiedName: `p${FAKE_ACCOUNT.portalId}_${name}`,
        labels: { singular, plural },
        primaryDisplayProperty: properties[0],
        requiredProperties: [properties[0]],
        searchableProperties: [properties[0]],
        secondaryDisplayProperties: [],
        properties: properties.map((property) => ({
          name: property,
          label: property,
          type: 'string',
          fieldType: 'text',
          groupName: `${name}_information`,
          description: '',
          options: [],
        })),
        associations: [],
        createdAt: now(),
        updatedAt: now(),
        archived: false,
      });
      custom.set(objectTypeId, new Map());
      return objectTypeId;
    },
    customRecords: (objectTypeId: string): FakeRecord[] =>
      [...(custom.get(objectTypeId)?.values() ?? [])].map((record) => ({
        ...record,
        properties: { ...record.properties },
      })),
    /** Companies a custom object's record is associated with. */
    customCompanies: (objectTypeId: string, id: string): string[] =>
      customLinks.filter((l) => l.objectTypeId === objectTypeId && l.fromId === id).map((l) => l.companyId),
    /** Names of the custom company properties defined in the portal. */
    companyProperties: (): string[] => [...companyProperties.keys()],
  };
}
