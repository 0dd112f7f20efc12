import type { Page } from '@playwright/test';
import { feedRoutes, rssXml, startFakeServer } from '../apps/server/test/fake-news-servers.ts';
import { E2E_ADMIN, apiCall, expect, signInAndFetchAll, test } from './fixtures.ts';
import { startOwnServer, stopOwnServer, type OwnServer } from './own-server.ts';

/*
 * Issue 32's journey: one junior's results release on three feeds (Newsfile, GlobeNewswire, the company's own,
 * each in its own title style, header and footer) and the company's financing the same day. The rep sees each
 * release once, the results card saying where else it ran, analyses it once and pushes it once. The default e2e
 * server runs the offline demo, so this journey starts a server of its own, on a feed host of its own.
 */

const BODY = `Taiga Gold Corp. (TSXV: TGC) is pleased to report assay results from the first eleven holes of its 2026
diamond drilling program at the Red Lake Gold Project in northwestern Ontario. Hole TG-26-007 intersected 12.4 g/t
gold over 8.0 metres from 142 metres downhole, including 31.9 g/t gold over 2.1 metres, extending the Hinge Zone
120 metres down plunge. Hole TG-26-011 returned 6.8 g/t gold over 5.5 metres within 2.2 g/t gold over 21.0 metres.
Mineralisation is hosted in a silicified shear zone with quartz-carbonate veining and visible gold, and remains
open at depth. A further 4,000 metres of drilling are planned for the first quarter, with two rigs on site.`;
const FINANCING = `Taiga Gold Corp. (TSXV: TGC) announces a non-brokered private placement of up to 3,125,000
flow-through units at C$1.60 per unit for gross proceeds of up to C$5,000,000. Each unit consists of one common share
and one half of a warrant exercisable at C$2.20 for 24 months. Proceeds will fund exploration at Red Lake.`;
const RESULTS = 'Taiga Gold Intersects 12.4 g/t Gold over 8.0 Metres at Red Lake';
const FINANCING_TITLE = 'Taiga Gold Announces C$5 Million Flow-Through Private Placement';
const SOURCES = ['Newsfile', 'GlobeNewswire', 'Taiga Gold Corp.'];

let feeds: Awaited<ReturnType<typeof startFakeServer>> | undefined;
let app: OwnServer | undefined;

test.beforeEach(async () => {
  test.setTimeout(240_000);
  const routes: Parameters<typeof startFakeServer>[0] = {};
  feeds = await startFakeServer(routes);
  const host = feeds.url;
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
  const copies = {
    '/newsfile.xml': rssXml('Newsfile', [
      {
        guid: 'nf-228871',
        title: RESULTS,
        link: `${host}/newsfile/228871`,
        description: `Toronto, Ontario--(Newsfile Corp. - November 27, 2026) - ${BODY} To view the source version of this press release, please visit https://www.newsfilecorp.com/release/228871`,
        published: hoursAgo(5),
      },
      {
        guid: 'nf-228902',
        title: FINANCING_TITLE,
        link: `${host}/newsfile/228902`,
        description: `Toronto, Ontario--(Newsfile Corp. - November 27, 2026) - ${FINANCING} NOT FOR DISTRIBUTION TO UNITED STATES NEWSWIRE SERVICES.`,
        published: hoursAgo(4),
      },
    ]),
    '/globenewswire.xml': rssXml('GlobeNewswire', [
      {
        guid: 'gnw-3188',
        title: RESULTS.toUpperCase(),
        link: `${host}/globenewswire/3188`,
        description: `TORONTO, Nov. 27, 2026 (GLOBE NEWSWIRE) -- ${BODY} For further information: Dana Whitford, President and CEO.`,
        published: hoursAgo(4.9),
      },
    ]),
    '/taigagold.xml': rssXml('Taiga Gold Corp.', [
      {
        guid: 'taiga-2026-14',
        title: RESULTS,
        link: `${host}/taigagold/news-2026-14`,
        description: BODY,
        published: hoursAgo(5.1),
      },
    ]),
  };
  for (const [path, xml] of Object.entries(copies)) routes[path] = feedRoutes.ok(xml);
  for (const path of ['/newsfile/228871', '/newsfile/228902', '/globenewswire/3188', '/taigagold/news-2026-14']) {
    const text = path === '/newsfile/228902' ? FINANCING : BODY;
    routes[path] = (_req, res) =>
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(`<!doctype html><html><body><article><h1>Release</h1><p>${text}</p></article></body></html>`);
  }
  app = await startOwnServer({
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    NEWS_FEEDS: Object.keys(copies)
      .map((path) => `${host}${path}`)
      .join(','),
  });
});

test.afterEach(async () => {
  if (app) await stopOwnServer(app);
  await feeds?.close();
  app = undefined;
  feeds = undefined;
});

/** The cards of the list whose title is the results release's, in whichever wire's capitals. */
const resultsCards = (page: Page) =>
  page.getByRole('list', { name: 'Articles' }).getByRole('listitem', { name: new RegExp(`^${RESULTS}$`, 'i') });

test('a rep fetches feeds that carry one release three times, sees it once with its sources, analyses and pushes it once', async ({
  browser,
}) => {
  if (!app || !feeds) throw new Error('the feed host and server did not start');
  const context = await browser.newContext({ baseURL: app.origin, viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();

  await test.step('fetch: four items, two copies merged', async () => {
    const progress = await signInAndFetchAll(page);
    await expect(progress.getByText('Found 2 articles; 4 items, 2 copies merged', { exact: true })).toBeVisible();
  });

  await test.step('each release once; the results card names the other two sources with their links', async () => {
    await expect(
      page.getByRole('navigation', { name: 'Pagination' }).getByText('Showing 1–2 of 2 articles', { exact: true }),
    ).toBeVisible();
    await expect(resultsCards(page)).toHaveCount(1);
    const card = resultsCards(page);
    // The card's own source, then the other two after 'also from:', each a link to its copy.
    await expect(card.getByText(/^also from:/)).toBeVisible();
    const links = card.getByRole('list', { name: 'Also from' }).getByRole('link');
    await expect(links).toHaveCount(2);
    // The sources by name; the company's own name may show too, as the link to its page, once its account is made.
    const named = await card
      .getByText(new RegExp(`^(${SOURCES.join('|').replace('.', '\\.')})$`))
      .and(card.locator(':not([aria-label$=": company page"])'))
      .allInnerTexts();
    expect(named.sort()).toEqual([...SOURCES].sort());
    for (const link of await links.all()) {
      await expect(link).toHaveAttribute('href', new RegExp(`^${feeds?.url}/`));
      await expect(link).toHaveAttribute('target', '_blank');
    }
    const financing = page.getByRole('listitem', { name: FINANCING_TITLE, exact: true });
    await expect(financing.getByRole('list', { name: 'Also from' })).toHaveCount(0);
    await card.screenshot({ path: '/tmp/stories-card-1366.png' });
    await page.setViewportSize({ width: 390, height: 844 });
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: '/tmp/stories-card-390.png' });
    await page.setViewportSize({ width: 1366, height: 900 });
  });

  await test.step('expand and analyse the story once', async () => {
    const card = resultsCards(page);
    await card.getByRole('button', { name: 'Expand', exact: true }).click();
    await expect(card.getByText('Expanded', { exact: true })).toBeVisible({ timeout: 45_000 });
    await card.getByRole('button', { name: 'Summarize', exact: true }).click();
    await expect(card.getByRole('region', { name: 'Sales signal' })).toBeVisible({ timeout: 45_000 });
    // Every copy of it shows the analysis: it is the story's.
    const articles = await apiCall(page.request, 'GET', '/api/v1/signals');
    expect(articles.data).toHaveLength(1);
    for (const source of articles.data[0].story.sources) {
      const copy = await apiCall(page.request, 'GET', `/api/v1/article/${source.article_id}`);
      expect(copy.data.analysis).not.toBeNull();
    }
  });

  await test.step('push it once, and the CRM holds one record of it', async () => {
    const card = resultsCards(page);
    await card.getByRole('button', { name: /^Push to CRM/ }).click();
    await expect(card.getByRole('button', { name: /^Push to CRM/ })).toHaveCount(0, { timeout: 45_000 });
    // Pushing again through another copy is the same story's push: refused, it went already.
    const signals = await apiCall(page.request, 'GET', '/api/v1/signals');
    const copyId = signals.data[0].story.sources.at(-1).article_id;
    const again = await page.request.post('/api/v1/hubspot/push-article', {
      data: { article_id: copyId },
      headers: { origin: app?.origin ?? '' },
    });
    expect(again.status()).toBe(409);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'CRM' }).click();
    await expect(page.getByText('Showing 1–1 of 1 records')).toBeVisible();
  });

  await context.close();
});
