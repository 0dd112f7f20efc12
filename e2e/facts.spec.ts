import { feedRoutes, rssXml, startFakeServer } from '../apps/server/test/fake-news-servers.ts';
import { DRILL_RESULTS_HTML } from '../apps/server/test/facts-releases-pages.ts';
import type { Page } from '@playwright/test';
import { checkAccessibility } from './axe.ts';
import { E2E_ADMIN, expect, signInAndFetchAll, test } from './fixtures.ts';
import { startOwnServer, stopOwnServer, type OwnServer } from './own-server.ts';

/*
 * Issue 33's journey: a junior's drill-results release (assays in bullets and a table, a closed flow-through
 * financing, a planned RC programme). The rep expands and analyses it, opens it, reads its intercepts in the
 * Facts panel, picks one and sees its sentence marked in the text; the Signals row shows its strongest fact.
 * A server of its own, on a feed host of its own, so the release is the only one.
 */

const TITLE = 'Northbeck Gold Intersects 14.2 m at 6.12 g/t Au at Kestrel';
const SHOTS = process.env.E2E_SCREENSHOT_DIR ?? '/tmp';

/** axe-core's WCAG 2.2 AA rules on the page: its serious and critical violations, by rule and node. */
async function wcagViolations(page: Page): Promise<string[]> {
  const results = await checkAccessibility(page, ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']);
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

let feeds: Awaited<ReturnType<typeof startFakeServer>> | undefined;
let app: OwnServer | undefined;

test.beforeEach(async () => {
  test.setTimeout(240_000);
  const routes: Parameters<typeof startFakeServer>[0] = {};
  feeds = await startFakeServer(routes);
  routes['/feed.xml'] = feedRoutes.ok(
    rssXml('Newsfile', [
      {
        guid: 'nbk-2026-03',
        title: TITLE,
        link: `${feeds.url}/news/nbk-2026-03`,
        description: 'Northbeck Gold reports assays from the first six holes at Kestrel.',
        published: new Date(Date.now() - 3_600_000),
      },
    ]),
  );
  routes['/news/nbk-2026-03'] = (_req, res) =>
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(DRILL_RESULTS_HTML);
  app = await startOwnServer({
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    NEWS_FEEDS: `${feeds.url}/feed.xml`,
  });
});

test.afterEach(async () => {
  if (app) await stopOwnServer(app);
  await feeds?.close();
  app = undefined;
  feeds = undefined;
});

test('a rep opens an analysed drill-results release, reads its intercepts, sees one marked in the text, and its strongest fact in Signals', async ({
  browser,
}) => {
  if (!app) throw new Error('the server did not start');
  const context = await browser.newContext({ baseURL: app.origin, viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();

  await test.step('fetch, expand and analyse the release', async () => {
    await signInAndFetchAll(page);
    const card = page.getByRole('list', { name: 'Articles' }).getByRole('listitem', { name: TITLE });
    await card.getByRole('button', { name: 'Expand', exact: true }).click();
    await expect(card.getByText('Expanded', { exact: true })).toBeVisible({ timeout: 45_000 });
    await card.getByRole('button', { name: 'Summarize', exact: true }).click();
    await expect(card.getByRole('region', { name: 'Sales signal' })).toBeVisible({ timeout: 45_000 });
  });

  await test.step('the Facts panel lists the intercepts; picking one marks its sentence in the text', async () => {
    const card = page.getByRole('list', { name: 'Articles' }).getByRole('listitem', { name: TITLE });
    await card.getByRole('button', { name: TITLE }).click();
    const dialog = page.getByRole('dialog', { name: TITLE });
    const facts = dialog.getByRole('region', { name: 'Facts' });
    await expect(facts).toBeVisible();
    const intercepts = facts.getByRole('table', { name: /Drill intercepts/ });
    await expect(intercepts.getByRole('cell', { name: 'KS-26-004', exact: true })).toBeVisible();
    await expect(intercepts.getByRole('cell', { name: '6.12 g/t Au', exact: true }).first()).toBeVisible();
    await expect(
      facts.getByRole('table', { name: /Financings/ }).getByRole('cell', { name: 'C$4M', exact: true }),
    ).toBeVisible();
    await expect(
      facts.getByRole('table', { name: /Drill programmes/ }).getByRole('cell', { name: 'Q2 2026', exact: true }),
    ).toBeVisible();

    // With the keyboard: the row's Show button, then Enter.
    const show = intercepts.getByRole('button', {
      name: 'Show the sentence of intercept 14.2 m at 6.12 g/t Au in KS-26-004',
    });
    await show.focus();
    await page.keyboard.press('Enter');
    await expect(show).toHaveAttribute('aria-pressed', 'true');
    const marks = dialog.getByRole('region', { name: 'Article content' }).locator('mark');
    await expect(marks.first()).toBeInViewport();
    expect((await marks.allInnerTexts()).join('')).toContain('Hole KS-26-004 intersected 14.2 m grading 6.12 g/t Au');
    await expect(facts.getByRole('status')).toContainText('Marked in the article text below');
    expect(await wcagViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/facts-modal-1366.png` });
    await facts.screenshot({ path: `${SHOTS}/facts-panel-1366.png` });

    // A table row of the assay table: each of its cells marked.
    await intercepts.getByRole('button', { name: /in KS-26-001$/ }).click();
    await expect(marks).toHaveCount(5);
    await expect(marks.first()).toHaveText('KS-26-001');
    await expect(marks.first()).toBeInViewport();

    await page.setViewportSize({ width: 390, height: 844 });
    await intercepts.getByRole('button', { name: /in KS-26-006$/ }).click();
    await expect(marks.first()).toBeInViewport();
    expect(await wcagViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/facts-modal-390.png` });
    await facts.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/facts-panel-390.png` });
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  });

  await test.step('the Signals row shows the strongest fact, and the facts filter keeps it', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Signals', exact: true }).click();
    const grid = page.getByRole('grid', { name: 'Signals' });
    const row = grid.getByRole('row').filter({ hasText: TITLE });
    await expect(row.getByText('C$4M closed · drilling', { exact: true })).toBeVisible();
    await row.screenshot({ path: `${SHOTS}/facts-signals-row-1366.png` });
    expect(await wcagViolations(page)).toEqual([]);
    await page.getByRole('combobox', { name: 'Study stage' }).selectOption('DFS');
    await expect(page.getByText(TITLE)).toHaveCount(0);
    await page.getByRole('combobox', { name: 'Study stage' }).selectOption('');
    await expect(row).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await row.scrollIntoViewIfNeeded();
    await row.screenshot({ path: `${SHOTS}/facts-signals-row-390.png` });
  });

  await context.close();
});
