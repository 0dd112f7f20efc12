import { readFileSync } from 'node:fs';
import { E2E_ADMIN, expect, signIn, test } from './fixtures.ts';
import { startOwnServer, stopOwnServer } from './own-server.ts';
import { column, fact, heading, openScraper, phase, RUN_TIMEOUT } from './scraper-page.ts';

test('on a fresh machine without Chromium, test mode completes with all its files and skips nothing', async ({
  browser,
}) => {
  // A server of its own (a new embedded database) plus the run, on a loaded machine.
  test.setTimeout(RUN_TIMEOUT + 120_000);
  const app = await startOwnServer({
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    CHROMIUM_PATH: '/nonexistent/chromium',
  });
  const context = await browser.newContext({ baseURL: app.origin });
  try {
    const health = await (await context.request.get('/health')).json();
    expect(health).toMatchObject({ status: 'ok', browser: { status: 'missing', path: '/nonexistent/chromium' } });

    const page = await context.newPage();
    await signIn(page);
    await openScraper(page);
    await page.getByRole('button', { name: 'Start Scraper' }).click();
    await expect(fact(page, 'Status')).toHaveText('Running');
    await expect(phase(page, 'Export')).toContainText('Completed', { timeout: RUN_TIMEOUT });
    await expect(heading(page)).toHaveText('Mining Project Scraper (Last Run Completed)');
    await expect(page.getByRole('progressbar', { name: 'Overall Progress' })).toHaveAttribute('aria-valuenow', '100');
    await expect(fact(page, 'Current Activity')).toHaveText('Completed: 60 projects exported, 0 failed');
    // The demo directory needs no browser: nothing was skipped, so there is nothing to explain.
    await expect(page.getByRole('region', { name: 'Skipped pages' })).toHaveCount(0);
    for (const name of ['JSON Files (CRM Ready)', 'Excel Reports', 'Processing Reports']) {
      await expect(column(page, name).getByRole('listitem')).toHaveCount(1);
    }

    const report = column(page, 'Processing Reports').getByRole('listitem').first();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      report.getByRole('button', { name: 'Download' }).click(),
    ]);
    const processing = JSON.parse(readFileSync(await download.path(), 'utf8'));
    expect(processing.phases.assembly).toMatchObject({ projects_completed: 60, browser_pages: 0, projects_skipped: 0 });
    expect(processing.skipped).toEqual([]);
  } finally {
    await context.close();
    await stopOwnServer(app);
  }
});
