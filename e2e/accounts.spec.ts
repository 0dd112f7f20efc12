import type { Page } from '@playwright/test';
import { feedRoutes, rssXml, startFakeServer } from '../apps/server/test/fake-news-servers.ts';
import { E2E_ADMIN, apiCall, expect, signIn, test } from './fixtures.ts';
import { startOwnServer, stopOwnServer, type OwnServer } from './own-server.ts';
import { fact, openScraper, phase, RUN_TIMEOUT } from './scraper-page.ts';

/*
 * Issue 34's journey: a scraper test-mode run fills the accounts with the demo directory's Australian projects
 * and their owners; a news fetch then brings one release about one of those owners (Brackrigg Copper, written
 * 'Brackrigg Copper Ltd' by the wire and carried by two feeds), which is analysed and pushed. The rep finds the
 * company once on /companies, with its scraped projects and the news joined to it, and its page shows the
 * release once on the timeline with its facts, the scraped and the extracted contacts, the heat and why now.
 * A server of its own: the shared server's scraper journeys must not meet this run, and the feeds are this
 * journey's own (the offline demo corpus names none of the demo directory's companies).
 */

const BODY = `Brackrigg Copper Ltd (ASX: BRA) ("Brackrigg" or the "Company") is pleased to announce that it has
closed a placement raising gross proceeds of A$12,000,000. Proceeds will fund a 15,000-metre diamond drilling program
at the Mount Achterberg Copper Project in Queensland, planned to start in the first quarter of 2027.`;
const CONTACT = `<p>For further information, please contact:</p>
<p>Noor Haddad<br>Chief Financial Officer<br>noor.haddad@brackrigg.example<br>+61 7 5550 1200</p>`;
const TITLE = 'Brackrigg Copper Closes A$12 Million Placement to Drill Mount Achterberg';

let feeds: Awaited<ReturnType<typeof startFakeServer>> | undefined;
let app: OwnServer | undefined;

test.beforeEach(async () => {
  test.setTimeout(RUN_TIMEOUT + 240_000);
  const routes: Parameters<typeof startFakeServer>[0] = {};
  feeds = await startFakeServer(routes);
  const host = feeds.url;
  const published = new Date(Date.now() - 3 * 3_600_000);
  routes['/wire.xml'] = feedRoutes.ok(
    rssXml('Wire', [{ guid: 'w-1', title: TITLE, link: `${host}/wire/1`, description: BODY, published }]),
  );
  routes['/brackrigg.xml'] = feedRoutes.ok(
    rssXml('Brackrigg Copper', [
      { guid: 'b-1', title: TITLE, link: `${host}/brackrigg/1`, description: BODY, published },
    ]),
  );
  for (const path of ['/wire/1', '/brackrigg/1']) {
    routes[path] = (_req, res) =>
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(`<!doctype html><html><body><article><h1>${TITLE}</h1><p>${BODY}</p>${CONTACT}</article></body></html>`);
  }
  app = await startOwnServer({
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    NEWS_FEEDS: `${host}/wire.xml,${host}/brackrigg.xml`,
  });
});

test.afterEach(async () => {
  if (app) await stopOwnServer(app);
  await feeds?.close();
  app = undefined;
  feeds = undefined;
});

async function openCompanies(page: Page): Promise<void> {
  if ((page.viewportSize()?.width ?? 0) < 768) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Companies', exact: true }).click();
  } else {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Companies', exact: true }).click();
  }
  await expect(page.getByRole('heading', { name: 'Companies', level: 1 })).toBeFocused();
}

/** The company's entry in the list: the table row on a desktop, the card on a phone. */
const entry = (page: Page, name: string) =>
  (page.viewportSize()?.width ?? 0) < 1024
    ? page.getByRole('list', { name: 'Companies' }).getByRole('listitem').filter({ hasText: name })
    : page.getByRole('row').filter({ hasText: name });

test('a scraper run and a fetch with analysis make one account per company, with projects, timeline, contacts and heat', async ({
  browser,
}) => {
  if (!app) throw new Error('the server did not start');
  const context = await browser.newContext({ baseURL: app.origin, viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();

  await test.step("scraper test mode: the demo directory's Australian projects and owners", async () => {
    await signIn(page);
    await openScraper(page);
    await page.getByRole('button', { name: 'Start Scraper' }).click();
    await expect(fact(page, 'Status')).toHaveText('Running');
    await expect(phase(page, 'Export')).toContainText('Completed', { timeout: RUN_TIMEOUT });
  });

  await test.step('fetch and process: one release about a scraped company, carried twice', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'News Signals' }).click();
    await page.getByRole('radiogroup', { name: 'Date filter' }).getByText('All Time', { exact: true }).click();
    await page.getByRole('button', { name: 'Fetch News' }).click();
    const progress = page.getByRole('region', { name: 'Fetch progress' });
    await expect(progress).toHaveAttribute('data-status', 'completed', { timeout: 60_000 });
    await page.getByLabel('Select all on this page').check();
    await page.getByRole('button', { name: 'Process Selected (1)' }).click();
    const panel = page.getByRole('region', { name: 'Batch progress' });
    await expect(panel).toHaveAttribute('data-status', 'completed', { timeout: 60_000 });
    await expect(panel.locator('dl')).toHaveText('Expanded:1Analyzed:1CRM (local outbox):1');
  });

  await test.step('the company is listed once, with its scraped projects and the news joined to it', async () => {
    // The worker reads new stories and outputs into accounts every few seconds.
    await expect
      .poll(
        async () => {
          const list = await apiCall(page.request, 'GET', '/api/v1/companies?q=Brackrigg', undefined, app?.origin);
          return list.data.map((company: { name: string; story_count: number }) => [company.name, company.story_count]);
        },
        { timeout: 30_000 },
      )
      .toEqual([['Brackrigg Copper Limited', 1]]);
    // The push joins the account at the worker's next round too.
    await expect
      .poll(
        async () => {
          const list = await apiCall(page.request, 'GET', '/api/v1/companies?q=Brackrigg', undefined, app?.origin);
          const company = await apiCall(
            page.request,
            'GET',
            `/api/v1/companies/${list.data[0].id}`,
            undefined,
            app?.origin,
          );
          return company.data.crm.status;
        },
        { timeout: 30_000 },
      )
      .toBe('pushed');
    for (const viewport of [
      { width: 1366, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto('/dashboard');
      await openCompanies(page);
      await page.getByLabel('Search').fill('Brackrigg');
      await expect(page.getByText('1 company', { exact: true })).toBeVisible();
      const row = entry(page, 'Brackrigg Copper Limited');
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('ASX:BRA');
      await expect(row).toContainText('Mount Achterberg');
      await expect(row).toContainText(/in 7 days/);
      await page.screenshot({ path: `/tmp/accounts-list-${viewport.width}.png`, fullPage: true });
    }
    await page.getByLabel('Search').fill('');
    // The scraped owners are all there: test mode crawls the demo directory's 60 Australian projects.
    const all = await apiCall(page.request, 'GET', '/api/v1/projects?country=AU&page_size=100', undefined, app?.origin);
    expect(all.pagination.total_count).toBeGreaterThanOrEqual(60);
  });

  await test.step('the company page: timeline once with its facts, contacts of both kinds, heat and why now', async () => {
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1366, height: 900 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto('/companies');
      await page.getByLabel('Search').fill('Brackrigg');
      await entry(page, 'Brackrigg Copper Limited').getByRole('link', { name: 'Brackrigg Copper Limited' }).click();
      await expect(page.getByRole('heading', { name: 'Brackrigg Copper Limited', level: 1 })).toBeVisible();
      const stories = page.getByRole('list', { name: 'Stories' }).getByRole('listitem').filter({ hasText: TITLE });
      await expect(stories).toHaveCount(1);
      await expect(stories).toContainText('carried by 2 sources');
      await expect(stories).toContainText('Financing closed');
      await expect(stories).toContainText('Programme planned');
      await expect(page.getByRole('list', { name: 'Why now' }).getByRole('listitem').first()).toBeVisible();
      await expect(page.getByText(/Heat today \d/)).toBeVisible();
      // The release's 'Mount Achterberg Copper Project' is the scraped 'Mount Achterberg', not a second project.
      await expect(page.getByRole('cell', { name: /^Mount Achterberg/ })).toHaveCount(1);
      await expect(page.getByText('From the scraper').first()).toBeVisible();
      await expect(page.getByText('noor.haddad@brackrigg.example')).toBeVisible();
      await expect(page.getByText(/In the CRM since/)).toBeVisible();
      await page.screenshot({ path: `/tmp/accounts-company-${viewport.width}.png`, fullPage: true });
    }
  });

  await test.step("a Signals row links to the company's page, by keyboard on a phone and by click on a desktop", async () => {
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1366, height: 900 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto('/signals');
      const row = page.getByRole('grid', { name: 'Signals' }).getByRole('row').filter({ hasText: TITLE });
      await expect(row).toHaveCount(1);
      // The feed named no company: the row shows the account's name (it said "Unknown company" before).
      const link = row.getByRole('link', { name: /: company page$/ });
      await expect(link).toHaveText(/Brackrigg Copper/i);
      await link.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/accounts-signals-link-${viewport.width}.png` });
      if (viewport.width < 768) {
        await link.focus();
        await expect(link).toBeFocused();
        await page.keyboard.press('Enter');
      } else {
        await link.click();
      }
      await expect(page).toHaveURL(/\/companies\/\d+$/);
      await expect(page.getByRole('heading', { name: 'Brackrigg Copper Limited', level: 1 })).toBeVisible();
    }
  });

  await context.close();
});
