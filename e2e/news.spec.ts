import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures.ts';

/*
 * Market Intelligence journeys against the bundled demo corpus. The server allows one fetch per user every
 * 4 seconds (NEWS_FETCH_INTERVAL_SECONDS in playwright.config.ts), and every spec signs in as the same admin,
 * so the fetching tests run one after another and `fetchNews` waits out a rate limit left by the test before it.
 */

const RATE_LIMIT = /^Rate limit exceeded\. Please wait (\d+) seconds before trying again\.$/;
const NO_ARTICLES_YET = 'No articles yet - Set your filters and click "Fetch News" to load articles';
const NO_ARTICLES_FOUND = 'No articles found for this session - Try adjusting your filters and fetching again';

async function openNewsPage(page: Page): Promise<void> {
  await signIn(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'News Signals' }).click();
  await expect(page.getByRole('heading', { name: 'Market Intelligence', level: 1 })).toBeVisible();
  await expect(page.getByRole('banner').getByText('Connected', { exact: true })).toBeVisible();
}

async function choosePreset(page: Page, label: string): Promise<void> {
  await page.getByRole('radiogroup', { name: 'Date filter' }).getByText(label, { exact: true }).click();
  await expect(page.getByRole('radio', { name: label })).toBeChecked();
}

/** Clicks Fetch News until the server starts a fetch; a 429 left by an earlier fetch (this spec's or another journey's as the same admin) is waited out. */
async function fetchNews(page: Page): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/v1/fetch-news-session'));
    await page.getByRole('button', { name: 'Fetch News' }).click();
    const response = await answer;
    if (response.status() !== 429) {
      expect(response.status()).toBe(200);
      return;
    }
    const body = (await response.json()) as { wait_time: number };
    await page.waitForTimeout(body.wait_time * 1000 + 500);
  }
  throw new Error('Fetch News stayed rate limited');
}

/** Waits for the progress bar to reach completion; only the live progress_update messages can bring it there. */
async function expectFetchCompleted(page: Page): Promise<void> {
  const region = page.getByRole('region', { name: 'Fetch progress' });
  await expect(region).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
  await expect(region.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await expect(region.getByText(/^Found [\d,]+ articles?/)).toBeVisible();
}

test('before any fetch the list says how to start', async ({ page }) => {
  await openNewsPage(page);
  await expect(page.getByRole('heading', { name: 'News Filters' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'News Articles' })).toBeVisible();
  await expect(page.getByText(NO_ARTICLES_YET, { exact: true })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Today' })).toBeChecked();
  await expect(page.getByRole('spinbutton', { name: 'Market cap minimum' })).toHaveValue('0');
  await expect(page.getByRole('spinbutton', { name: 'Market cap maximum' })).toHaveValue('10000');

  // Custom Range starts as the last 7 days up to now; another preset clears it.
  await choosePreset(page, 'Custom Range');
  await expect(page.getByRole('textbox', { name: 'From' })).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/);
  await expect(page.getByText(/ · 7 days$/)).toBeVisible();
  await choosePreset(page, 'Last 7 Days');
  await expect(page.getByRole('textbox', { name: 'From' })).toHaveCount(0);
});

test.describe('fetching news', () => {
  test.describe.configure({ mode: 'serial' });

  test('Gold + Canada + Last 30 Days: fetch, watch the live progress bar complete, see matching articles', async ({
    page,
  }) => {
    const progressFrames: string[] = [];
    page.on('websocket', (socket) => {
      socket.on('framereceived', ({ payload }) => {
        if (typeof payload === 'string' && payload.includes('"progress_update"')) progressFrames.push(payload);
      });
    });
    await openNewsPage(page);

    const commodity = page.getByRole('combobox', { name: 'Commodity' });
    await commodity.fill('gold');
    await page.getByRole('option', { name: /^Gold/ }).click();
    await commodity.press('Escape');
    await expect(page.getByRole('list', { name: 'Selected commodity' }).getByText('Gold')).toBeVisible();
    await page.getByLabel('Country').selectOption({ label: 'Canada' });
    await choosePreset(page, 'Last 30 Days');

    const posted = page.waitForRequest((request) => request.url().endsWith('/api/v1/fetch-news-session'));
    await fetchNews(page);
    expect((await posted).postDataJSON()).toMatchObject({ dateRange: 30, commodity: ['Au'], country: 'CA' });
    await expectFetchCompleted(page);
    expect(progressFrames.some((frame) => frame.includes('"completed"'))).toBe(true);

    const articles = page
      .getByRole('list', { name: 'Articles' })
      .getByRole('listitem')
      .filter({
        has: page.getByRole('checkbox'),
      });
    await expect(articles.first()).toBeVisible();
    // Cards show their first tags and '+N' for the rest: commodities first, countries last.
    const tags = await page.getByRole('list', { name: 'Articles' }).getByRole('list', { name: 'Tags' }).allInnerTexts();
    expect(tags.length).toBeGreaterThan(0);
    for (const tagList of tags) {
      expect(tagList.includes('Gold') || /\+\d/.test(tagList)).toBe(true);
      expect(tagList.includes('Canada') || /\+\d/.test(tagList)).toBe(true);
    }
    await expect(articles.first().getByText(/^\d{1,2}\/\d{1,2}\/\d{4}$/)).toBeVisible();
    // Its status badge: Fetched, unless a journey sharing this server has analysed the same demo article.
    await expect(articles.first().getByText(/^(Fetched|Expanded|Analyzed|Pushed to CRM.*)$/)).toBeVisible();
  });

  test('All Time: page through, open the detail modal, select across pages', async ({ page }) => {
    await openNewsPage(page);
    await choosePreset(page, 'All Time');
    await fetchNews(page);
    await expectFetchCompleted(page);

    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await expect(pagination.getByText(/^Showing 1–20 of [\d,]+ articles$/)).toBeVisible();
    const total = Number(
      /of ([\d,]+) articles/.exec((await pagination.getByText(/^Showing/).textContent()) ?? '')?.[1]?.replace(/,/g, ''),
    );
    expect(total).toBeGreaterThan(100);
    const list = page.getByRole('list', { name: 'Articles' });
    const firstTitle = await list.getByRole('heading', { level: 3 }).first().textContent();

    await pagination.getByRole('button', { name: 'Next' }).click();
    await expect(pagination.getByText(/^Showing 21–40 of/)).toBeVisible();
    await expect(pagination.getByText(/^Page 2 of/)).toBeVisible();
    await expect(list.getByRole('heading', { level: 3 }).first()).not.toHaveText(firstTitle ?? '');
    await pagination.getByRole('button', { name: 'Previous' }).click();
    await expect(pagination.getByText(/^Page 1 of/)).toBeVisible();

    // The title opens the detail modal, which is also the product's own page for the article.
    const card = list
      .getByRole('listitem')
      .filter({ has: page.getByRole('checkbox') })
      .first();
    const title = (await card.getByRole('heading', { level: 3 }).textContent()) ?? '';
    await card.getByRole('button', { name: title }).click();
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/news-signals\?article=\d+$/);
    await expect(dialog.getByRole('region', { name: 'Article content' })).not.toBeEmpty();
    await expect(dialog.getByRole('link', { name: /Open source|Open article page/ })).toHaveAttribute(
      'target',
      '_blank',
    );
    // A fetched article offers its first pipeline step.
    await expect(dialog.getByRole('button', { name: 'Expand', exact: true })).toBeEnabled();
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/news-signals$/);

    // Per-article box, select-all for the page, then 'All Pages' across every page.
    await card.getByRole('checkbox').check();
    await expect(page.getByText('1 selected', { exact: true })).toBeVisible();
    await page.getByLabel('Select all on this page').check();
    await expect(page.getByText('20 selected', { exact: true })).toBeVisible();
    await pagination.getByRole('button', { name: 'Next' }).click();
    await expect(pagination.getByText(/^Page 2 of/)).toBeVisible();
    await expect(page.getByLabel('Select all on this page')).not.toBeChecked();
    await list.getByRole('checkbox').first().check();
    await expect(page.getByText('21 selected', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'All Pages' }).click();
    await expect(page.getByRole('button', { name: 'All Pages' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText(`All ${total.toLocaleString('en-US')} articles selected`)).toBeVisible();
    await pagination.getByRole('button', { name: 'Last' }).click();
    await expect(page.getByLabel('Select all on this page')).toBeChecked();
    const processSelected = page.getByRole('button', { name: `Process Selected (${total.toLocaleString('en-US')})` });
    await expect(processSelected).toBeEnabled();
    await page.getByRole('button', { name: 'Clear selection' }).click();
    await expect(page.getByText('No articles selected')).toBeVisible();
  });

  test('the detail modal falls back to the list item when the detail call fails', async ({ page }) => {
    await openNewsPage(page);
    await page.route('**/api/v1/article/*', (route) =>
      route.fulfill({ status: 500, json: { detail: 'boom', code: 'internal' } }),
    );
    await choosePreset(page, 'All Time');
    await fetchNews(page);
    await expectFetchCompleted(page);
    const card = page
      .getByRole('list', { name: 'Articles' })
      .getByRole('listitem')
      .filter({
        has: page.getByRole('checkbox'),
      });
    const title = (await card.first().getByRole('heading', { level: 3 }).textContent()) ?? '';
    await card.first().getByRole('button', { name: title }).click();
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('region', { name: 'Article content' })).not.toBeEmpty();
  });

  test('a fetch that finds nothing shows the session empty state', async ({ page }) => {
    await openNewsPage(page);
    await page.getByLabel('Free-text search').fill('zzqx no such words anywhere');
    await choosePreset(page, 'All Time');
    await fetchNews(page);
    await expectFetchCompleted(page);
    await expect(page.getByText(NO_ARTICLES_FOUND, { exact: true })).toBeVisible();
  });

  test('two fetches in quick succession: the second is refused with the rate-limit message', async ({ page }) => {
    await openNewsPage(page);
    await fetchNews(page);
    await page.getByRole('button', { name: 'Fetch News' }).click();
    const alert = page.getByRole('alert').filter({ hasText: RATE_LIMIT });
    await expect(alert).toBeVisible();
    const seconds = Number(RATE_LIMIT.exec((await alert.textContent()) ?? '')?.[1]);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(4);
    // The refused fetch leaves the first one's session and progress in place.
    await expectFetchCompleted(page);
  });

  // Last in the group: articles are shared between sessions, and this one moves them through the pipeline.
  test('the article pipeline: Expand, Summarize and Push to CRM one article, then Process Selected over two pages', async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const batchFrames: string[] = [];
    page.on('websocket', (socket) => {
      socket.on('framereceived', ({ payload }) => {
        if (typeof payload === 'string' && payload.includes('"batch_progress"')) batchFrames.push(payload);
      });
    });
    await openNewsPage(page);
    await choosePreset(page, 'All Time');
    await fetchNews(page);
    await expectFetchCompleted(page);
    const list = page.getByRole('list', { name: 'Articles' });
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    const steps = /^(Expand|Summarize|Push to .+)$/;

    await test.step('fetch → Expand → Summarize → Push to CRM on one article', async () => {
      // Offline, a step answers in a blink; each answer is held until the busy label has been seen.
      let seenBusy = () => {};
      let gate = Promise.resolve();
      await page.route(/\/api\/v1\/(expand-article|openai\/process-article|hubspot\/push-article)$/, async (route) => {
        await gate;
        await route.continue();
      });
      const first = list
        .getByRole('listitem')
        .filter({ has: page.getByRole('button', { name: 'Expand', exact: true }) })
        .first();
      const title = (await first.getByRole('heading', { level: 3 }).textContent()) ?? '';
      const card = list.getByRole('listitem', { name: title, exact: true });
      await expect(card.getByText('Fetched', { exact: true })).toBeVisible();

      for (const [label, busyLabel, badge] of [
        ['Expand', 'Expanding...', 'Expanded'],
        ['Summarize', 'Summarizing...', 'Analyzed'],
        ['Push to CRM (local outbox)', 'Pushing...', 'CRM (local outbox)'],
      ] as const) {
        gate = new Promise((resolve) => (seenBusy = resolve));
        await card.getByRole('button', { name: label, exact: true }).click();
        await expect(card.getByRole('button', { name: busyLabel })).toBeDisabled();
        seenBusy();
        await expect(card.getByText(badge, { exact: true })).toBeVisible({ timeout: 20_000 });
      }
      await expect(card.getByRole('button', { name: steps })).toHaveCount(0);
      await page.unroute(/\/api\/v1\/(expand-article|openai\/process-article|hubspot\/push-article)$/);

      // The detail modal shows the analysis, with the email draft ready to copy.
      await card.getByRole('button', { name: title, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: title });
      const analysis = dialog.getByRole('region', { name: 'AI analysis' });
      await expect(analysis).toBeVisible();
      await expect(analysis.getByRole('region', { name: 'Signal summary' })).not.toBeEmpty();
      await expect(analysis.getByText(/^Buying intent: (Low|Medium|High|Very High)$/)).toBeVisible();
      const email = analysis.getByRole('region', { name: 'Email draft' });
      await expect(email.getByText('Subject:')).toBeVisible();
      await email.getByRole('button', { name: 'Copy email' }).click();
      await expect(email.getByRole('button', { name: 'Copied' })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^Subject: .+\n\n\S/);
      await expect(email.getByRole('button', { name: 'Copy email' })).toBeVisible();
      await expect(dialog.getByRole('button', { name: steps })).toHaveCount(0);
      await dialog.getByRole('button', { name: 'Close' }).last().click();
      await expect(dialog).toHaveCount(0);
    });

    await test.step('Process Selected over two pages', async () => {
      await page.getByLabel('Select all on this page').check();
      await expect(page.getByText('20 selected', { exact: true })).toBeVisible();
      await pagination.getByRole('button', { name: 'Next' }).click();
      await expect(pagination.getByText(/^Page 2 of/)).toBeVisible();
      const pageTwo = list.getByRole('listitem').filter({ has: page.getByRole('checkbox') });
      const picked: string[] = [];
      for (const index of [0, 1]) {
        const card = pageTwo.nth(index);
        picked.push((await card.getByRole('heading', { level: 3 }).textContent()) ?? '');
        await card.getByRole('checkbox').check();
      }
      await expect(page.getByText('22 selected', { exact: true })).toBeVisible();

      const started = page.waitForResponse((response) => response.url().endsWith('/api/v1/batch/process-selected'));
      await page.getByRole('button', { name: 'Process Selected (22)' }).click();
      const answer = await started;
      expect(answer.status()).toBe(200);
      expect((answer.request().postDataJSON() as { article_ids: number[] }).article_ids).toHaveLength(22);

      const panel = page.getByRole('region', { name: 'Batch progress' });
      await expect(panel).toBeVisible();
      await expect(panel).toHaveAttribute('data-status', 'completed', { timeout: 60_000 });
      await expect(panel.getByText(/^Batch Completed: 22 of 22 processed$/)).toBeVisible();
      await expect(panel.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
      await expect(panel.locator('dl')).toHaveText('Expanded:22Analyzed:22CRM (local outbox):22');
      await expect(page.getByText('No articles selected')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Process Selected', exact: true })).toBeDisabled();
      for (const title of picked) {
        await expect(
          list.getByRole('listitem', { name: title, exact: true }).getByText('CRM (local outbox)', { exact: true }),
        ).toBeVisible();
      }
      expect(batchFrames.length).toBeGreaterThan(0);
    });
  });
});
