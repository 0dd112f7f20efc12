import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small fake of HubSpot's CRM API: exactly the endpoints the CRM adapter's client calls (companies,
 * contacts and notes create / update / search, contact batch upsert by email, v4 default associations),
 * with records kept in memory, HubSpot's 100-requests-per-10-seconds limit enforced with 429 and
 * Retry-After, and scripted failures.
 */

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

export interface RecordedRequest {
  at: number;
  method: string;
  /** Path and query, e.g. '/crm/v3/objects/companies/search'. */
  path: string;
  body: unknown;
  /** What the fake answered; 0 when it never answered (stalled, or the client gave up first). */
  status: number;
}

export interface FakeHubspotOptions {
  /** Answer only requests bearing this token; others get 401. Unset: any bearer token. */
  accessToken?: string;
  /** A rolling window: at most `requests` answered per `windowMs`; beyond it 429 with Retry-After. */
  rateLimit?: { requests: number; windowMs: number };
  /** Added before every answer, like the real service's latency. */
  latencyMs?: number;
}

export interface FakeHubspotServer {
  /** Base path for the client's `basePath` (no trailing slash). */
  url: string;
  requests: RecordedRequest[];
  stats: { served: number; rateLimited: number; failed: number };
  /**
   * After `after` more requests are served normally (default 0), the next `count` answer `status`
   * (default 500). Counted after authentication and the rate limit.
   */
  failNext(count: number, status?: number, after?: number): void;
  /** The next `count` requests are never answered (for client timeouts). */
  stallNext(count: number): void;
  records(type: ObjectType): FakeRecord[];
  associations(): FakeAssociation[];
  /** Ids of `toType` records associated with the given record, in either direction. */
  associatedIds(fromType: ObjectType, fromId: string, toType: ObjectType): string[];
  /** Domains (or `name:<name>` for companies without one) held by more than one company. */
  duplicateCompanies(): string[];
  /** Emails held by more than one contact. */
  duplicateContacts(): string[];
  /** Forgets records, associations, requests, stats, scripts and the rate window. */
  reset(): void;
  close(): Promise<void>;
}

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
const OBJECT_TYPES = new Set<string>(['companies', 'contacts', 'notes']);
const DEFAULT_PROPERTIES: Record<ObjectType, string[]> = {
  companies: ['name', 'domain'],
  contacts: ['email', 'firstname', 'lastname'],
  notes: ['hs_note_body', 'hs_timestamp'],
};

class HubspotFault extends Error {
  readonly status: number;
  readonly category: string;
  constructor(status: number, category: string, message: string) {
    super(message);
    this.status = status;
    this.category = category;
  }
}

const isType = (value: string | undefined): value is ObjectType => value !== undefined && OBJECT_TYPES.has(value);
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Starts the fake on 127.0.0.1 at a free port. */
export async function startFakeHubspot(options: FakeHubspotOptions = {}): Promise<FakeHubspotServer> {
  const limit = options.rateLimit ?? { requests: 100, windowMs: 10_000 };
  const requests: RecordedRequest[] = [];
  const stats = { served: 0, rateLimited: 0, failed: 0 };
  const store: Record<ObjectType, Map<string, FakeRecord>> = {
    companies: new Map(),
    contacts: new Map(),
    notes: new Map(),
  };
  let links: FakeAssociation[] = [];
  let nextId = 1001;
  let window: number[] = [];
  let failures: (number | null)[] = [];
  let stalls = 0;
  const pending = new Set<NodeJS.Timeout>();

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

  function contactByEmail(email: string): FakeRecord | undefined {
    const wanted = email.toLowerCase();
    return [...store.contacts.values()].find((contact) => contact.properties.email === wanted);
  }

  function writeProperties(type: ObjectType, record: FakeRecord, properties: Record<string, string>): void {
    if (type === 'contacts' && properties.email !== undefined) {
      properties.email = properties.email.toLowerCase();
      const other = contactByEmail(properties.email);
      if (other && other.id !== record.id) {
        throw new HubspotFault(409, 'CONFLICT', `Contact already exists. Existing ID: ${other.id}`);
      }
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

  function createRecord(type: ObjectType, properties: Record<string, string>): FakeRecord {
    const at = now();
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
    const matches = [...store[type].values()]
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

  /** Status and body for an authenticated, admitted request. */
  function route(method: string, path: string, body: unknown): [number, unknown] {
    const parts = path.split('/').filter(Boolean);
    const [api, version, kind, type, rest, extra] = parts;
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

  function errorBody(category: string, message: string) {
    return { status: 'error', message, correlationId: crypto.randomUUID(), category };
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const method = req.method ?? 'GET';
      const path = req.url ?? '/';
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      const entry: RecordedRequest = { at: Date.now(), method, path, body: text, status: 0 };
      requests.push(entry);
      const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
        const respond = () => {
          entry.status = status;
          if (res.destroyed) return;
          res.writeHead(status, { 'content-type': 'application/json;charset=utf-8', ...headers });
          res.end(JSON.stringify(payload));
        };
        if (!options.latencyMs) return respond();
        const timer = setTimeout(() => {
          pending.delete(timer);
          respond();
        }, options.latencyMs);
        pending.add(timer);
      };

      if (options.accessToken !== undefined && req.headers.authorization !== `Bearer ${options.accessToken}`) {
        stats.failed++;
        send(
          401,
          errorBody(
            'INVALID_AUTHENTICATION',
            'Authentication credentials not found. This API supports OAuth 2.0 authentication.',
          ),
        );
        return;
      }
      const at = Date.now();
      window = window.filter((time) => time > at - limit.windowMs);
      const oldest = window[0];
      if (window.length >= limit.requests && oldest !== undefined) {
        stats.rateLimited++;
        const waitMs = oldest + limit.windowMs - at;
        send(
          429,
          {
            ...errorBody('RATE_LIMITS', 'You have reached your ten_secondly_rolling limit.'),
            errorType: 'RATE_LIMIT',
            policyName: 'TEN_SECONDLY_ROLLING',
            groupName: 'fake-hubspot',
          },
          {
            'retry-after': String(Math.max(1, Math.ceil(waitMs / 1000))),
            'x-hubspot-ratelimit-interval-milliseconds': String(limit.windowMs),
            'x-hubspot-ratelimit-max': String(limit.requests),
            'x-hubspot-ratelimit-remaining': '0',
          },
        );
        return;
      }
      window.push(at);
      if (stalls > 0) {
        stalls--;
        return;
      }
      const failure = failures.shift();
      if (failure !== undefined && failure !== null) {
        stats.failed++;
        send(failure, errorBody('INTERNAL_ERROR', 'An internal error occurred.'));
        return;
      }
      try {
        body = text === '' ? undefined : JSON.parse(text);
        entry.body = body;
      } catch {
        stats.failed++;
        send(400, errorBody('VALIDATION_ERROR', 'Invalid input JSON'));
        return;
      }
      try {
        const [status, payload] = route(method, path.split('?')[0] ?? '/', body);
        stats.served++;
        send(status, payload, {
          'x-hubspot-ratelimit-interval-milliseconds': String(limit.windowMs),
          'x-hubspot-ratelimit-max': String(limit.requests),
          'x-hubspot-ratelimit-remaining': String(Math.max(0, limit.requests - window.length)),
        });
      } catch (error) {
        stats.failed++;
        if (error instanceof HubspotFault) send(error.status, errorBody(error.category, error.message));
        else send(500, errorBody('INTERNAL_ERROR', error instanceof Error ? error.message : String(error)));
      }
    });
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const duplicates = (keys: string[]) => {
    const counts = new Map<string, number>();
    for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
    return [...counts].filter(([, count]) => count > 1).map(([key]) => key);
  };

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    stats,
    failNext: (count, status = 500, after = 0) =>
      void failures.push(...Array.from({ length: after }, () => null), ...Array.from({ length: count }, () => status)),
    stallNext: (count) => void (stalls += count),
    records: (type) => [...store[type].values()].map((record) => ({ ...record, properties: { ...record.properties } })),
    associations: () => links.map((link) => ({ ...link })),
    associatedIds: (fromType, fromId, toType) => [
      ...new Set(
        links.flatMap((link) => {
          if (link.fromType === fromType && link.fromId === fromId && link.toType === toType) return [link.toId];
          if (link.toType === fromType && link.toId === fromId && link.fromType === toType) return [link.fromId];
          return [];
        }),
      ),
    ],
    duplicateCompanies: () =>
      duplicates(
        [...store.companies.values()].map(
          (company) =>
            company.properties.domain?.toLowerCase() ?? `name:${company.properties.name?.toLowerCase() ?? ''}`,
        ),
      ),
    duplicateContacts: () =>
      duplicates([...store.contacts.values()].flatMap((contact) => contact.properties.email ?? [])),
    reset: () => {
      for (const type of OBJECT_TYPES) if (isType(type)) store[type].clear();
      links = [];
      requests.length = 0;
      Object.assign(stats, { served: 0, rateLimited: 0, failed: 0 });
      window = [];
      failures = [];
      stalls = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of pending) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
