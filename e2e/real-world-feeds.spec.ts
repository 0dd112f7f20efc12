import type { Page } from '@playwright/test';
import { E2E_ADMIN, expect, signIn, test } from './fixtures.ts';
import { startOwnServer, stopOwnServer, type OwnServer } from './own-server.ts';
import { FEEDS, ITEMS, QUEBEC, ZIJIN_PDF, startRealWorldSources, type RealWorldSources } from './real-world-sources.ts';

/*
 * Issue 15's "Done means", as a newcomer sees it: NEWS_FEEDS set to feeds in four encodings and four shapes
 * (e2e/real-world-sources.ts), and every item listed with its accents and CJK text, tagged with the right
 * commodities and places, and expanded with its figure, tables and code block, or its Chinese PDF text.
 * The default e2e server runs the offline demo, so this journey starts a server of its own.
 */

let sources: RealWorldSources | undefined;
let app: OwnServer | undefined;

// A fresh feed host and server (with a fresh database) for each run: the journey expands its articles.
test.beforeEach(async () => {
  // Starting the server (a new embedded database) and the journey itself, on a loaded machine.
  test.setTimeout(240_000);
  sources = await startRealWorldSources();
  app = await startOwnServer({
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    NEWS_FEEDS: sources.newsFeeds,
  });
});

test.afterEach(async () => {
  if (app) await stopOwnServer(app);
  await sources?.close();
  app = undefined;
  sources = undefined;
});

/** The card of one article in the list, by its exact title. */
const cardOf = (page: Page, title: string) =>
  page.getByRole('list', { name: 'Articles' }).getByRole('listitem', { name: title, exact: true });

/** Runs the card's Expand step and waits for the Expanded badge the live update brings. */
async function expand(page: Page, title: string): Promise<void> {
  const card = cardOf(page, title);
  await card.getByRole('button', { name: 'Expand', exact: true }).click();
  await expect(card.getByText('Expanded', { exact: true })).toBeVisible({ timeout: 45_000 });
}

test('a newcomer points NEWS_FEEDS at real-world feeds and reads every item, tagged, expanded with its figures and tables', async ({
  browser,
}) => {
  if (!app || !sources) throw new Error('the feed host and server did not start');
  const { origin, quebecPublished } = sources;
  const context = await browser.newContext({ baseURL: app.origin });
  const page = await context.newPage();

  await test.step('fetch the feeds and see what each source gave', async () => {
    await signIn(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'News Signals' }).click();
    await expect(page.getByRole('heading', { name: 'Market Intelligence', level: 1 })).toBeVisible();
    await expect(page.getByRole('banner').getByText('Connected', { exact: true })).toBeVisible();
    await page.getByRole('radiogroup', { name: 'Date filter' }).getByText('All Time', { exact: true }).click();
    await expect(page.getByRole('radio', { name: 'All Time' })).toBeChecked();

    const answer = page.waitForResponse((response) => response.url().endsWith('/api/v1/fetch-news-session'));
    await page.getByRole('button', { name: 'Fetch News' }).click();
    expect((await answer).status()).toBe(200);
    const progress = page.getByRole('region', { name: 'Fetch progress' });
    await expect(progress).toHaveAttribute('data-status', 'completed', { timeout: 60_000 });
    await expect(progress.getByText(`Found ${ITEMS.length} articles`, { exact: true })).toBeVisible();
    const reports = progress.getByRole('list', { name: 'Sources' }).getByRole('listitem');
    await expect(reports).toHaveCount(FEEDS.length);
    for (const feed of FEEDS) {
      const name = `RSS feed ${origin}${feed.path}`;
      await expect(reports.filter({ hasText: name })).toHaveText(`${name}: ${feed.report}`);
    }
    await page.screenshot({ path: '/tmp/rw-1-fetched.png', fullPage: true });
  });

  await test.step('every item is listed, accents and CJK intact, with the right commodities and places', async () => {
    await expect(
      page
        .getByRole('navigation', { name: 'Pagination' })
        .getByText(`Showing 1–${ITEMS.length} of ${ITEMS.length} articles`, { exact: true }),
    ).toBeVisible();
    for (const item of ITEMS) {
      const card = cardOf(page, item.title);
      await expect(card.getByRole('heading', { level: 3 })).toHaveText(item.title);
      await expect(card.getByText(item.source, { exact: true })).toBeVisible();
      const tags = await card.getByRole('list', { name: 'Tags' }).getByRole('listitem').allInnerTexts();
      expect(tags, item.title).toEqual(expect.arrayContaining([...item.tags]));
      for (const wrong of item.notTags) expect(tags, item.title).not.toContain(wrong);
    }
    // An RFC 822 date in a named zone ('… 09:39:21 EST') is read as that zone's time.
    await expect(cardOf(page, QUEBEC.title).locator('time')).toHaveAttribute('datetime', quebecPublished.toISOString());
  });

  await test.step('the expanded release shows its drill plan, assay table and collar block', async () => {
    await expand(page, QUEBEC.title);
    const card = cardOf(page, QUEBEC.title);
    await card.getByRole('button', { name: QUEBEC.title, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: QUEBEC.title });
    const content = dialog.getByRole('region', { name: 'Article content' });
    await expect(content.getByText(/Société Minière du Québec \(« SMQ »\) is pleased/).first()).toBeVisible();

    // The figure's relative src was made absolute against the page, and the image loads from the feed host.
    const figure = content.getByRole('figure', { name: QUEBEC.caption });
    await expect(figure).toBeVisible();
    const image = figure.getByRole('img', { name: 'Drill plan of the Lac Doré gold trend' });
    await expect(image).toHaveAttribute('src', `${origin}${QUEBEC.imagePath}`);
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(480);
    await dialog.screenshot({ path: '/tmp/rw-2-figure.png' });

    const table = content.getByRole('table');
    await table.scrollIntoViewIfNeeded();
    await expect(table.getByRole('columnheader', { name: 'Au (g/t)' })).toBeVisible();
    for (const row of QUEBEC.assays) {
      await expect(table.getByRole('row', { name: row.join(' '), exact: true })).toBeVisible();
    }
    const collars = content.locator('pre');
    await expect(collars).toBeVisible();
    await expect(collars).toContainText(QUEBEC.collars);
    await collars.scrollIntoViewIfNeeded();
    await dialog.screenshot({ path: '/tmp/rw-3-table-pre.png' });
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await expect(dialog).toHaveCount(0);
  });

  await test.step('the expanded Chinese annual report shows its text', async () => {
    await expand(page, ZIJIN_PDF.title);
    await cardOf(page, ZIJIN_PDF.title).getByRole('button', { name: ZIJIN_PDF.title, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: ZIJIN_PDF.title });
    await expect(dialog.getByTitle(`PDF: ${ZIJIN_PDF.title}`)).toHaveAttribute('src', `${origin}${ZIJIN_PDF.path}`);
    // The frame is the publisher's to fill (or refuse); the text read from the PDF is the product's own.
    const text = dialog.getByRole('region', { name: 'Text of the PDF' });
    await text.scrollIntoViewIfNeeded();
    for (const line of ZIJIN_PDF.lines) await expect(text).toContainText(line);
    await dialog.screenshot({ path: '/tmp/rw-4-pdf.png' });
  });

  await context.close();
});
