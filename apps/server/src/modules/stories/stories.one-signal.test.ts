import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Watch, WatchRun } from '@mining-hub/contract/watches';
import { createRssSource } from '../../adapters/news-sources/rss-source.ts';
import { APP_ORIGIN, createTestApp, signIn, type TestApp } from '../../../test/test-app.ts';
import { feedRoutes, rssXml, startFakeServer, type FeedItem } from '../../../test/fake-news-servers.ts';
import { fetchToEnd } from '../../../test/news-fetch-session.ts';
import { testEngines } from '../../../test/test-database.ts';
import type { WatchDigest } from '../watches/watches.service.ts';

// "One story, one signal" on every surface that counts: one release carried by three wires, and a distinct release
// of the same company the same day, are two of everything (list, dashboard, Signals, Reports and its CSV, a watch
// run's counts, its alerts). Modelled on Newsfile / GlobeNewswire / company-site copies of a TSXV junior's
// releases (their datelines, footers and title styles); the text is our own.
const DRILL_BODY = `Harrow Peak Minerals Inc. (TSXV: HPK) is pleased to announce a fully funded 15,000-metre diamond
drilling program at its Kirkland Road Gold Project near Kirkland Lake, Ontario, starting in January 2027. Two rigs
are contracted and will test the Main Break extension, where hole HP-26-031 returned 9.7 g/t gold over 6.2 metres.
The company closed a C$9 million financing in October to fund the program, and is tendering for assay laboratory
services and core logging contractors.`;
const PLACEMENT_BODY = `Harrow Peak Minerals Inc. (TSXV: HPK) has closed the second tranche of its non-brokered
private placement for gross proceeds of C$4,250,000, bringing the total raised to C$9,000,000. Proceeds will fund
a geophysical survey and metallurgical test work on the Kirkland Road Gold Project, and general working capital.`;
const FOOTER = `Neither the TSX Venture Exchange nor its Regulation Services Provider accepts responsibility for the adequacy
or accuracy of this release.`;
const DRILL_TITLE = 'Harrow Peak Launches Fully Funded 15,000-Metre Drill Program at Kirkland Road';
const PLACEMENT_TITLE = 'Harrow Peak Closes Second Tranche of C$9 Million Private Placement';

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

function copies(pages: string): Record<string, FeedItem[]> {
  return {
    '/newsfile.xml': [
      {
        guid: 'nf-231120',
        title: DRILL_TITLE,
        link: `${pages}/newsfile/231120`,
        description: `Toronto, Ontario--(Newsfile Corp. - November 27, 2026) - ${DRILL_BODY} ${FOOTER} To view the source version of this press release, please visit https://www.newsfilecorp.com/release/231120`,
        published: hoursAgo(6),
      },
      {
        guid: 'nf-231164',
        title: PLACEMENT_TITLE,
        link: `${pages}/newsfile/231164`,
        description: `Toronto, Ontario--(Newsfile Corp. - November 27, 2026) - ${PLACEMENT_BODY} ${FOOTER}`,
        published: hoursAgo(5),
      },
    ],
    '/globenewswire.xml': [
      {
        guid: 'gnw-2026-11-27-4410',
        title: DRILL_TITLE.toUpperCase(),
        link: `${pages}/globenewswire/4410`,
        description: `TORONTO, Nov. 27, 2026 (GLOBE NEWSWIRE) -- ${DRILL_BODY} ${FOOTER} Contact: Investor Relations, ir@harrowpeak.example`,
        published: hoursAgo(5.9),
      },
    ],
    '/harrowpeak.xml': [
      {
        guid: 'hpk-2026-22',
        title: DRILL_TITLE,
        link: `${pages}/harrowpeak/news-2026-22`,
        description: `${DRILL_BODY} ${FOOTER}`,
        published: hoursAgo(6.1),
      },
    ],
    '/portal.xml': [],
  };
}

const CHANNELS: Record<string, string> = {
  '/newsfile.xml': 'Newsfile',
  '/globenewswire.xml': 'GlobeNewswire',
  '/harrowpeak.xml': 'Harrow Peak Minerals',
  '/portal.xml': 'Mining Portal',
};

describe.each(testEngines)('one story, one signal on %s', (engine) => {
  let t: TestApp;
  let server: Awaited<ReturnType<typeof startFakeServer>>;
  let alice: { cookie: string; userId: number };
  let served: Record<string, FeedItem[]> = {};
  const digests: WatchDigest[] = [];
  let watch: Watch;

  beforeAll(async () => {
    const routes: Parameters<typeof startFakeServer>[0] = {};
    for (const path of Object.keys(CHANNELS)) {
      routes[path] = (req, res) => feedRoutes.ok(rssXml(CHANNELS[path] ?? path, served[path] ?? []))(req, res);
    }
    server = await startFakeServer(routes);
    served = copies(server.url);
    const page = (item: FeedItem) => (_req: unknown, res: import('node:http').ServerResponse) =>
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(
          `<!doctype html><html><body><article><h1>${item.title}</h1><p>${item.description}</p></article></body></html>`,
        );
    for (const item of Object.values(served).flat()) routes[new URL(item.link).pathname] = page(item);
    routes['/portal/90311'] = (req, res) => page(portalCopy())(req, res);
    t = await createTestApp(engine, {
      newsSources: Object.keys(CHANNELS).map((path) => createRssSource(`${server.url}${path}`)),
      pipelineJobs: true,
      watchJobs: true,
      pipeline: { appOrigin: server.url },
      watches: { sendDigest: async (digest) => void digests.push(digest), pollMs: 50 },
    });
    alice = await signIn(t);
  });
  afterAll(async () => {
    await t?.close();
    await server?.close();
  });

  const portalCopy = (): FeedItem => ({
    guid: 'portal-90311',
    title: `RETRANSMISSION: ${DRILL_TITLE}`,
    link: `${server.url}/portal/90311`,
    description: `${DRILL_BODY} ${FOOTER}`,
    published: hoursAgo(4),
  });
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/v1/${url}`,
      headers: { origin: APP_ORIGIN, cookie: alice.cookie },
      ...(payload ? { payload } : {}),
    });
  const json = async (url: string) => {
    const answer = await call('GET', url);
    expect(answer.statusCode, `${url}: ${answer.body}`).toBe(200);
    return answer.json();
  };
  const finishedRun = async (count: number): Promise<WatchRun> => {
    for (let i = 0; i < 600; i++) {
      const runs: WatchRun[] = (await json(`watches/${watch.id}/runs`)).data;
      const newest = runs[0];
      if (runs.length === count && newest && (newest.status === 'completed' || newest.status === 'failed'))
        return newest;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the watch run did not finish');
  };

  /** Every counting surface agrees: two stories, both analysed and pushed by the watch. */
  async function expectTwoOnEverySurface(sessionId: string) {
    const listing = await json(`articles/session/${sessionId}`);
    expect(listing.pagination.total_count).toBe(2);
    expect(listing.data).toHaveLength(2);

    const dashboard = (await json('stats/dashboard')).data;
    expect(dashboard.total).toBe(2);
    expect(dashboard.by_status.pushed_to_hubspot).toBe(2);
    expect(dashboard.by_status.fetched).toBe(0);

    const signals = await json('signals');
    expect(signals.pagination.total_count).toBe(2);
    expect(signals.data.map((signal: { title: string }) => signal.title.toLowerCase()).sort()).toEqual(
      [DRILL_TITLE, PLACEMENT_TITLE].map((title) => title.toLowerCase()).sort(),
    );

    const report = (await json('reports/summary?days=7')).data;
    expect(report.funnel).toMatchObject({ fetched: 2, expanded: 2, analysed: 2, pushed: 2 });
    expect(Object.values(report.intent as Record<string, number>).reduce((sum, n) => sum + n, 0)).toBe(2);
    const csv = await call('GET', 'reports/summary/export?days=7');
    expect(csv.statusCode).toBe(200);
    for (const stage of ['fetched', 'analysed', 'pushed']) expect(csv.body).toContain(`Funnel,${stage},2`);
  }

  it('a watch run finds, analyses, pushes and alerts each story once', async () => {
    const created = await call('POST', 'watches', {
      name: 'Kirkland Lake',
      filters: { dateRange: 7 },
      interval_minutes: 60,
      push_min_intent: 'Low',
    });
    expect(created.statusCode, created.body).toBe(201);
    watch = created.json().data;
    expect((await call('POST', `watches/${watch.id}/run`)).statusCode).toBe(202);
    const run = await finishedRun(1);
    expect(run).toMatchObject({ status: 'completed', error: null, new_articles: 2, analysed: 2, pushed: 2 });
    expect(run.alerted).toBe(2);
    expect(digests).toHaveLength(1);
    const alerted = digests[0]?.signals.map((signal) => signal.title.toLowerCase()).sort();
    expect(alerted).toEqual([DRILL_TITLE, PLACEMENT_TITLE].map((title) => title.toLowerCase()).sort());
    const bell = (await json('notifications?unread=true')).data;
    expect(bell[0]).toMatchObject({ title: 'Kirkland Lake: 2 new signals' });
    // The CRM got one record per story.
    expect((await json('crm-outbox')).pagination.total_count).toBe(2);
  });

  it('counts two on the list, the dashboard, Signals, Reports and its CSV', async () => {
    const { sessionId, progress } = await fetchToEnd(t, alice.cookie, { dateRange: 7 });
    expect(progress.message).toBe('Found 2 articles; 4 items, 2 copies merged');
    await expectTwoOnEverySurface(sessionId);
  });

  it('a copy arriving later is nothing new: no count moves, the watch finds and alerts nothing', async () => {
    served['/portal.xml'] = [portalCopy()];
    expect((await call('POST', `watches/${watch.id}/run`)).statusCode).toBe(202);
    expect(await finishedRun(2)).toMatchObject({
      status: 'completed',
      new_articles: 0,
      analysed: 0,
      pushed: 0,
      alerted: 0,
    });
    expect(digests).toHaveLength(1);
    const { sessionId } = await fetchToEnd(t, alice.cookie, { dateRange: 7 });
    await expectTwoOnEverySurface(sessionId);
    const drill = (await json(`articles/session/${sessionId}`)).data.find(
      (article: { title: string }) => article.title.toLowerCase() === DRILL_TITLE.toLowerCase(),
    );
    expect(drill.story.sources.map((source: { name: string }) => source.name)).toContain('Mining Portal');
  });
});
