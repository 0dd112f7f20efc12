import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyDetail, CompanySummary } from '@mining-hub/contract/accounts';
import {
  fakeProjectsFromDemoDirectory,
  startFakeMiningHubProjectsServer,
  type FakeMiningHubProjectsServer,
} from '../../../test/fake-mininghub-projects-server.ts';
import { scraperApi } from '../../../test/scraper-api.ts';
import { createTestApp, signIn, type TestApp } from '../../../test/test-app.ts';
import { testEngines } from '../../../test/test-database.ts';

/*
 * MiningHub's companies and projects, when configured (MININGHUB_TOKEN): the scraper crawls MiningHub's
 * projects API instead of the demo directory, and accounts import the run's output as they import any run's.
 * Here over real HTTP against the fake API, from the scraper's child process to /companies.
 */
describe.each(testEngines)('MiningHub companies into accounts on %s', (engine) => {
  let fake: FakeMiningHubProjectsServer;
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    // The first Australian project is a joint venture: a listed partner holds 30 per cent beside its owner.
    const projects = fakeProjectsFromDemoDirectory();
    const jv = projects.find((project) => project.country === 'AU');
    if (jv)
      jv.partners = [
        { id: 9001, company_name: 'Wombat Partners Ltd', root_ticker: 'WOM', exchange: 'ASX', percentage: 30 },
      ];
    fake = await startFakeMiningHubProjectsServer({ token: 'mh-token', projects });
    t = await createTestApp(engine, {
      scraperSupervisor: { source: { kind: 'mininghub', baseUrl: fake.baseUrl, token: 'mh-token' } },
    });
    cookie = (await signIn(t, { role: 'admin' })).cookie;
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it("a MiningHub run's companies and projects become accounts, each company once", { timeout: 90_000 }, async () => {
    const api = scraperApi(t, cookie);
    const started = await api.call('POST', '/start', {
      mode: 'production',
      countries: 'Australia',
      max_projects: 8,
      max_workers: 4,
      max_concurrency: 2,
      batch_size: 10,
    });
    expect(started.statusCode, started.body).toBe(200);
    expect(await api.until('completion', (p) => p.status !== 'running')).toMatchObject({
      status: 'completed',
      projects_completed: 8,
    });
    // What the worker does when a run completes (composition.ts onRunCompleted).
    await t.services.accounts.syncAll();

    const crawled = fake.projects.filter((project) =>
      fake.requests.some((request) => request.includes(`/projects/${project.gid}/relationships`)),
    );
    expect(crawled).toHaveLength(8);
    const owners = [
      ...new Set([...crawled.map((project) => project.owner?.company_name), 'Wombat Partners Ltd']),
    ].sort();
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/companies?sort=name&page_size=100',
      headers: { cookie },
    });
    const companies = list.json<{ data: CompanySummary[] }>().data;
    expect(companies.map((company) => company.name).sort()).toEqual(owners);

    const first = crawled.find((project) => project.partners);
    const company = companies.find((item) => item.name === first?.owner?.company_name);
    const detail = (
      await t.app.inject({ method: 'GET', url: `/api/v1/companies/${company?.id}`, headers: { cookie } })
    ).json<{ data: CompanyDetail }>().data;
    expect(detail.tickers).toContain(`${first?.owner?.exchange}:${first?.owner?.root_ticker}`);
    expect(detail.projects.map((project) => project.name)).toContain(first?.project_name);
    // Both joint-venture holders own the project, with their shares.
    expect(detail.projects.find((project) => project.name === first?.project_name)).toMatchObject({
      country: 'AU',
      commodities: expect.arrayContaining(first?.commodities ?? []),
      owners: expect.arrayContaining([
        { company_id: detail.id, name: detail.name, share_pct: 70 },
        { company_id: expect.any(Number), name: 'Wombat Partners Ltd', share_pct: 30 },
      ]),
    });

    // A second sync reads nothing again: still each company once.
    await t.services.accounts.syncAll();
    const again = await t.app.inject({ method: 'GET', url: '/api/v1/companies?page_size=100', headers: { cookie } });
    expect(again.json<{ data: CompanySummary[] }>().data).toHaveLength(owners.length);
  });
});
