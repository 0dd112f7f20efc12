import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createFakeHubspotStore,
  HubspotFault,
  type FakeHubspotStoreOptions,
  type FakeAssociation,
  type FakeRecord,
  type ObjectType,
} from './fake-hubspot-store.ts';

/**
 * A small fake of HubSpot's CRM API: exactly the endpoints the CRM adapter's client calls (companies,
 * contacts and notes create / update / search / batch read, contact batch upsert by email, v4 default
 * associations, the v4 list of a record's associations, the account details, company properties and
 * property groups: list and create, 409 for a repeat, 400 for a value of a property not defined; custom
 * object schemas, records and their default associations to companies), with records kept in
 * memory, HubSpot's 100-requests-per-10-seconds limit enforced with 429 and Retry-After, and scripted
 * failures.
 */

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
  /** Search finds a record only this long after its creation, as HubSpot's search index lags (0 by default). */
  searchLagMs?: number;
  /** Properties whose values must be unique, by object type (unique-value custom properties); see the store. */
  uniqueProperties?: FakeHubspotStoreOptions['uniqueProperties'];
}

/** A scripted answer for the next requests that match (counted after authentication and the rate limit). */
export interface ScriptedAnswer {
  method?: string;
  /** Tested against the request's path and query, e.g. /^\/crm\/v3\/objects\/companies$/. */
  path?: RegExp;
  /** How many matching requests it answers (1 by default). */
  times?: number;
  /** Answer with this HubSpot error (its body as HubSpot words errors) instead of doing the request. */
  refuse?: { status: number; category: string; message: string };
  /** Do the request only this long after it came, and answer then: the client may have given up meanwhile. */
  delayMs?: number;
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
  /** Answers the next matching requests as scripted; scripts are tried in the order given. */
  script(answer: ScriptedAnswer): void;
  /** Puts a record in the store as if made in HubSpot's own app `ageMs` ago (so search may find it already). */
  seed(type: ObjectType, properties: Record<string, string>, ageMs?: number): FakeRecord;
  records(type: ObjectType): FakeRecord[];
  associations(): FakeAssociation[];
  /** Names of the custom company properties the portal defines (made through the properties API). */
  companyProperties(): string[];
  /** Gives the portal a custom object (GET /crm/v3/schemas shows it); returns its object type id. */
  defineCustomObject(name: string, singular: string, plural: string, properties: string[]): string;
  customRecords(objectTypeId: string): FakeRecord[];
  /** Companies a custom object's record is associated with. */
  customCompanies(objectTypeId: string, id: string): string[];
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

/** Starts the fake on 127.0.0.1 at a free port. */
export async function startFakeHubspot(options: FakeHubspotOptions = {}): Promise<FakeHubspotServer> {
  const limit = options.rateLimit ?? { requests: 100, windowMs: 10_000 };
  const requests: RecordedRequest[] = [];
  const stats = { served: 0, rateLimited: 0, failed: 0 };
  const crm = createFakeHubspotStore({
    searchLagMs: options.searchLagMs ?? 0,
    uniqueProperties: options.uniqueProperties,
  });
  let scripts: (ScriptedAnswer & { left: number })[] = [];
  let window: number[] = [];
  let failures: (number | null)[] = [];
  let stalls = 0;
  const pending = new Set<NodeJS.Timeout>();

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
      const remaining = String(Math.max(0, limit.requests - window.length));
      const answer = () => {
        try {
          const [status, payload] = crm.route(method, path, body);
          stats.served++;
          send(status, payload, {
            'x-hubspot-ratelimit-interval-milliseconds': String(limit.windowMs),
            'x-hubspot-ratelimit-max': String(limit.requests),
            'x-hubspot-ratelimit-remaining': remaining,
          });
        } catch (error) {
          stats.failed++;
          if (error instanceof HubspotFault) send(error.status, errorBody(error.category, error.message));
          else send(500, errorBody('INTERNAL_ERROR', error instanceof Error ? error.message : String(error)));
        }
      };
      const scripted = scripts.find(
        (rule) =>
          rule.left > 0 && (rule.method === undefined || rule.method === method) && (rule.path?.test(path) ?? true),
      );
      if (scripted) scripted.left--;
      if (scripted?.refuse) {
        stats.failed++;
        send(scripted.refuse.status, errorBody(scripted.refuse.category, scripted.refuse.message));
      } else if (scripted?.delayMs) {
        const timer = setTimeout(() => {
          pending.delete(timer);
          answer();
        }, scripted.delayMs);
        pending.add(timer);
      } else {
        answer();
      }
    });
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    stats,
    failNext: (count, status = 500, after = 0) =>
      void failures.push(...Array.from({ length: after }, () => null), ...Array.from({ length: count }, () => status)),
    stallNext: (count) => void (stalls += count),
    script: (answer) => void scripts.push({ ...answer, left: answer.times ?? 1 }),
    seed: crm.seed,
    records: crm.records,
    associations: crm.associations,
    companyProperties: crm.companyProperties,
    defineCustomObject: crm.defineCustomObject,
    customRecords: crm.customRecords,
    customCompanies: crm.customCompanies,
    associatedIds: crm.associatedIds,
    duplicateCompanies: crm.duplicateCompanies,
    duplicateContacts: crm.duplicateContacts,
    reset: () => {
      crm.clear();
      requests.length = 0;
      Object.assign(stats, { served: 0, rateLimited: 0, failed: 0 });
      window = [];
      failures = [];
      stalls = 0;
      scripts = [];
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of pending) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
