import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { COUNTRIES } from '@mining-hub/contract/reference-data';
import {
  startFakeMiningHubProjectsServer,
  type FakeMiningHubProjectsServer,
} from '../../../test/fake-mininghub-projects-server.ts';
import { loadDemoDirectory } from '../../demo/directory/demo-directory.ts';
import { createMiningHubProjectsSource } from './mininghub-projects-source.ts';
import type { CrawlRequest, CrawlResponse } from './project-source.ts';

/** GETs a crawl request with its headers, as the crawler does; any status is handed back. */
async function fetchAnswer(
  request: CrawlRequest,
): Promise<CrawlResponse & { status: number; retryAfter: string | null }> {
  const response = await fetch(request.url, { headers: request.headers });
  return {
    url: request.url,
    body: await response.text(),
    contentType: response.headers.get('content-type') ?? '',
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
  };
}

describe('MiningHub projects source against the fake API', () => {
  let fake: FakeMiningHubProjectsServer;
  beforeAll(async () => {
    // Pages of 25 at most, so Australia's 60 projects come in three pages.
    fake = await startFakeMiningHubProjectsServer({ token: 'secret-token', maxPerPage: 25 });
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.requests.length = 0;
    fake.failures.serverErrorGids.clear();
    fake.failures.malformedGids.clear();
    fake.failures.malformedCountries.clear();
    fake.failures.rateLimit.remaining = 0;
  });

  const source = () => createMiningHubProjectsSource({ token: 'secret-token', baseUrl: `${fake.baseUrl}/` });

  it('discovers a country through its paged projects filter, with the token in the Authorization header', async () => {
    const mininghub = source();
    const [first] = mininghub.discoveryRequests('au');
    if (!first) throw new Error('no discovery request');
    expect(first.url).toBe(`${fake.baseUrl}/projects?country=AU&page=1&per_page=100`);
    expect(first.headers).toMatchObject({ authorization: 'Bearer secret-token' });

    const page1 = mininghub.parseDiscovery(await fetchAnswer(first));
    expect(page1.gids).toHaveLength(25);
    expect(page1.next.map((r) => new URL(r.url).searchParams.get('page'))).toEqual(['2', '3']);
    const rest = await Promise.all(page1.next.map(async (r) => mininghub.parseDiscovery(await fetchAnswer(r))));
    // Later pages queue nothing more: page 1 already queued them all.
    expect(rest.map((r) => r.next)).toEqual([[], []]);
    const gids = [...page1.gids, ...rest.flatMap((r) => r.gids)];
    expect(gids).toEqual(fake.projects.filter((p) => p.country === 'AU').map((p) => p.gid));
    expect(gids).toHaveLength(60);
  });

  it('reads an unpaged answer and an empty country', () => {
    const mininghub = source();
    const url = `${fake.baseUrl}/projects?country=NZ&page=1&per_page=100`;
    const answer = (body: unknown) => ({ url, body: JSON.stringify(body), contentType: 'application/json' });
    expect(mininghub.parseDiscovery(answer([{ gid: 7 }, { gid: '8' }, { gid: 7 }]))).toEqual({
      gids: ['7', '8'],
      next: [],
    });
    expect(mininghub.parseDiscovery(answer({ data: [], meta: { current_page: 1, last_page: 1 } }))).toEqual({
      gids: [],
      next: [],
    });
  });

  it('assembles a project from its relationships: owner company, contacts and details', async () => {
    const mininghub = source();
    const demo = loadDemoDirectory().projects[0];
    const fakeProject = fake.projects[0];
    if (!demo || !fakeProject) throw new Error('no projects');
    const request = mininghub.projectRequest(fakeProject.gid);
    expect(request.url).toBe(`${fake.baseUrl}/projects/${fakeProject.gid}/relationships`);
    const result = mininghub.parseProject(fakeProject.gid, await fetchAnswer(request));
    expect(result).toEqual({
      kind: 'project',
      project: {
        gid: fakeProject.gid,
        name: demo.name,
        commodities: demo.commodities,
        stage: demo.stage,
        country: demo.country,
        region: demo.region,
        location: demo.location,
        owner: {
          name: demo.owner.name,
          ticker: demo.owner.ticker,
          exchange: demo.owner.exchange,
          market_cap_musd: demo.owner.market_cap_musd,
          website: demo.owner.website,
        },
        joint_venture: [
          { name: demo.owner.name, ticker: demo.owner.ticker, exchange: demo.owner.exchange, share_pct: 100 },
        ],
        contacts: demo.contacts,
        source_url: request.url,
      },
    });
  });

  it('takes the largest joint-venture holder as owner and reads names, country names and contact variants', () => {
    const mininghub = source();
    const body = {
      project: {
        gid: 42,
        project_name: ' Red Hill ',
        commodities: 'Gold, Copper',
        stage: '',
        country: 'Canada',
        state: 'Ontario',
        location: null,
      },
      jv: [
        { id: 1, company_name: 'Minority Partner Ltd', percentage: 20, root_ticker: 'MIN', exchange: 'TSXV' },
        { id: 2, company_name: 'Major Owner Corp.', percentage: 80, ticker: 'MAJ', exchange: 'TSX', market_cap: 310.5 },
      ],
      option: [[{ id: 3, company_name: 'Optionee Inc.' }]],
      contacts: [
        {
          first_name: 'Ada',
          last_name: 'Lovelace',
          job_title: 'CEO',
          email: 'ada@major.example',
          phone_number: '+1 555',
        },
        { name: '', email: 'nobody@major.example' },
      ],
    };
    const url = `${fake.baseUrl}/projects/42/relationships`;
    const result = mininghub.parseProject('42', { url, body: JSON.stringify(body), contentType: 'application/json' });
    expect(result).toEqual({
      kind: 'project',
      project: {
        gid: '42',
        name: 'Red Hill',
        commodities: ['Au', 'Cu'],
        stage: null,
        country: 'CA',
        region: 'Ontario',
        location: null,
        owner: { name: 'Major Owner Corp.', ticker: 'MAJ', exchange: 'TSX', market_cap_musd: 310.5, website: null },
        joint_venture: [
          { name: 'Minority Partner Ltd', ticker: 'MIN', exchange: 'TSXV', share_pct: 20 },
          { name: 'Major Owner Corp.', ticker: 'MAJ', exchange: 'TSX', share_pct: 80 },
        ],
        contacts: [{ name: 'Ada Lovelace', title: 'CEO', email: 'ada@major.example', phone: '+1 555' }],
        source_url: url,
      },
    });
    const optionOnly = { ...body, jv: [] };
    const withOption = mininghub.parseProject('42', {
      url,
      body: JSON.stringify(optionOnly),
      contentType: 'application/json',
    });
    expect(withOption.kind === 'project' && withOption.project.owner?.name).toBe('Optionee Inc.');
  });

  it('throws with a reason for malformed or mismatched answers', async () => {
    const mininghub = source();
    const [a, b] = fake.projects;
    if (!a || !b) throw new Error('no projects');
    fake.failures.malformedGids.add(a.gid);
    const malformed = await fetchAnswer(mininghub.projectRequest(a.gid));
    expect(malformed.status).toBe(200);
    expect(() => mininghub.parseProject(a.gid, malformed)).toThrow('not JSON');
    const other = await fetchAnswer(mininghub.projectRequest(b.gid));
    expect(() => mininghub.parseProject(a.gid, other)).toThrow(`answered project ${b.gid} for ${a.gid}`);
    const wrongShape = { ...other, body: JSON.stringify({ project: { gid: b.gid } }) };
    expect(() => mininghub.parseProject(b.gid, wrongShape)).toThrow('malformed MiningHub relationships answer');

    fake.failures.malformedCountries.add('AU');
    const [discovery] = mininghub.discoveryRequests('AU');
    if (!discovery) throw new Error('no discovery request');
    const cutOff = await fetchAnswer(discovery);
    expect(cutOff.status).toBe(200);
    expect(() => mininghub.parseDiscovery(cutOff)).toThrow('not JSON');
    expect(() =>
      mininghub.parseDiscovery({ url: discovery.url, body: '{"data": "none"}', contentType: 'application/json' }),
    ).toThrow('malformed MiningHub projects page');
  });

  it('simulates the failures the crawler must survive: 500 for a gid, 429 with Retry-After, a wrong token', async () => {
    const mininghub = source();
    const [a, b] = fake.projects;
    if (!a || !b) throw new Error('no projects');
    fake.failures.serverErrorGids.add(a.gid);
    expect((await fetchAnswer(mininghub.projectRequest(a.gid))).status).toBe(500);
    expect((await fetchAnswer(mininghub.projectRequest(b.gid))).status).toBe(200);

    fake.failures.rateLimit = { remaining: 1, retryAfterSeconds: 2 };
    const limited = await fetchAnswer(mininghub.projectRequest(b.gid));
    expect([limited.status, limited.retryAfter]).toEqual([429, '2']);
    expect((await fetchAnswer(mininghub.projectRequest(b.gid))).status).toBe(200);

    const intruder = createMiningHubProjectsSource({ token: 'wrong', baseUrl: fake.baseUrl });
    expect((await fetchAnswer(intruder.projectRequest(b.gid))).status).toBe(401);
    expect((await fetchAnswer(mininghub.projectRequest('999'))).status).toBe(404);
  });

  it('covers every ISO country in production mode and never needs the browser', async () => {
    const mininghub = source();
    expect(await mininghub.listCountries()).toEqual(COUNTRIES.map((c) => c.code));
    expect(mininghub.browserReadySelector).toBe('body');
  });
});
