import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadDemoDirectory } from '../src/demo/directory/demo-directory.ts';

/** One project as the fake API holds it: the relationships answer is built from it. */
export interface FakeMiningHubProject {
  gid: string;
  project_name: string;
  commodities: string[];
  stage: string | null;
  /** ISO code. */
  country: string;
  state: string | null;
  location: string | null;
  owner: {
    id: number;
    company_name: string;
    root_ticker: string | null;
    exchange: string | null;
    market_cap: number | null;
    website: string | null;
  } | null;
  contacts: { name: string; title: string | null; email: string | null; phone: string | null }[];
  /** Joint-venture partners beside the owner, with their shares; the owner holds the rest. */
  partners?: {
    id: number;
    company_name: string;
    root_ticker: string | null;
    exchange: string | null;
    percentage: number;
  }[];
}

/** Misbehaviour to simulate; mutable while the server runs. */
export interface FakeMiningHubFailures {
  /** Relationship requests for these gids answer 500 (every time, until removed). */
  serverErrorGids: Set<string>;
  /** Relationship answers for these gids are cut-off JSON. */
  malformedGids: Set<string>;
  /** Discovery pages of these countries are cut-off JSON. */
  malformedCountries: Set<string>;
  /** The next `remaining` requests (any endpoint) answer 429 with this Retry-After. */
  rateLimit: { remaining: number; retryAfterSeconds: number };
}

export interface FakeMiningHubProjectsServer {
  /** The API root to give the source: http://127.0.0.1:port/v1 */
  baseUrl: string;
  projects: readonly FakeMiningHubProject[];
  failures: FakeMiningHubFailures;
  /** Path and query of every request, in order. */
  requests: string[];
  close(): Promise<void>;
}

export interface FakeMiningHubProjectsOptions {
  token?: string;
  /** Defaults to the demo directory's projects, with numeric gids from 100001. */
  projects?: readonly FakeMiningHubProject[];
  /** Largest page the fake serves, whatever per_page asks (default 100). */
  maxPerPage?: number;
  failures?: Partial<FakeMiningHubFailures>;
}

/** The demo directory as MiningHub would hold it: gid 100001 is the first demo project, and so on. */
export function fakeProjectsFromDemoDirectory(): FakeMiningHubProject[] {
  const companyIds = new Map<string, number>();
  return loadDemoDirectory().projects.map((project, index) => {
    const owner = project.owner;
    let ownerId = companyIds.get(owner.id);
    if (ownerId === undefined) {
      ownerId = 5000 + companyIds.size;
      companyIds.set(owner.id, ownerId);
    }
    return {
      gid: String(100_001 + index),
      project_name: project.name,
      commodities: [...project.commodities],
      stage: project.stage,
      country: project.country,
      state: project.region,
      location: project.location,
      owner: {
        id: ownerId,
        company_name: owner.name,
        root_ticker: owner.ticker,
        exchange: owner.exchange,
        market_cap: owner.market_cap_musd,
        website: owner.website,
      },
      contacts: project.contacts.map((contact) => ({ ...contact })),
    };
  });
}

const json = (response: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
  response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));

/**
 * A local stand-in for MiningHub's projects API over real HTTP on a free port: `GET /v1/projects`
 * filtered by country and paged, and `GET /v1/projects/{gid}/relationships`, with the Bearer token
 * checked and failures (500 for a gid, 429 with Retry-After, malformed bodies) on demand.
 */
export async function startFakeMiningHubProjectsServer(
  options: FakeMiningHubProjectsOptions = {},
): Promise<FakeMiningHubProjectsServer> {
  const token = options.token ?? 'test-token';
  const projects = options.projects ?? fakeProjectsFromDemoDirectory();
  const byGid = new Map(projects.map((project) => [project.gid, project]));
  const maxPerPage = options.maxPerPage ?? 100;
  const failures: FakeMiningHubFailures = {
    serverErrorGids: options.failures?.serverErrorGids ?? new Set(),
    malformedGids: options.failures?.malformedGids ?? new Set(),
    malformedCountries: options.failures?.malformedCountries ?? new Set(),
    rateLimit: options.failures?.rateLimit ?? { remaining: 0, retryAfterSeconds: 0 },
  };
  const requests: string[] = [];

  const server = http.createServer((request, response) => {
    requests.push(request.url ?? '');
    const url = new URL(request.url ?? '/', 'http://fake');
    if (request.method !== 'GET') return json(response, 405, { message: 'Method not allowed' });
    if (request.headers.authorization !== `Bearer ${token}`)
      return json(response, 401, { message: 'Unauthenticated.' });
    if (failures.rateLimit.remaining > 0) {
      failures.rateLimit.remaining -= 1;
      return json(
        response,
        429,
        { message: 'Too Many Attempts.' },
        { 'retry-after': String(failures.rateLimit.retryAfterSeconds) },
      );
    }

    if (url.pathname === '/v1/projects') {
      const country = (url.searchParams.get('country') ?? '').toUpperCase();
      if (failures.malformedCountries.has(country)) {
        return response.writeHead(200, { 'content-type': 'application/json' }).end('{"data": [{"gid": 1');
      }
      const perPage = Math.min(maxPerPage, Math.max(1, Number(url.searchParams.get('per_page')) || 25));
      const page = Math.max(1, Number(url.searchParams.get('page')) || 1);
      const matching = projects.filter((project) => project.country === country);
      const lastPage = Math.max(1, Math.ceil(matching.length / perPage));
      const data = matching.slice((page - 1) * perPage, page * perPage).map((project) => ({
        gid: Number(project.gid),
        project_name: project.project_name,
        stage: project.stage,
        location: [project.state, project.country].filter(Boolean).join(', '),
      }));
      return json(response, 200, { data, meta: { current_page: page, last_page: lastPage, total: matching.length } });
    }

    const match = /^\/v1\/projects\/([^/]+)\/relationships$/.exec(url.pathname);
    if (match?.[1]) {
      const gid = decodeURIComponent(match[1]);
      const project = byGid.get(gid);
      if (!project) return json(response, 404, { message: `Project ${gid} not found.` });
      if (failures.serverErrorGids.has(gid)) return json(response, 500, { message: 'Server Error' });
      if (failures.malformedGids.has(gid)) {
        return response.writeHead(200, { 'content-type': 'application/json' }).end('{"project": {"gid": ');
      }
      const { owner, contacts, partners = [], ...fields } = project;
      const ownerShare = 100 - partners.reduce((sum, partner) => sum + partner.percentage, 0);
      return json(response, 200, {
        project: fields,
        jv: owner ? [{ ...owner, percentage: ownerShare }, ...partners] : partners,
        option: [],
        nsrs: [],
        contacts,
      });
    }
    return json(response, 404, { message: 'Not found.' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    projects,
    failures,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
