import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { checkAccessibility, type AxeResults } from './axe.ts';
import { apiCall, E2E_ADMIN, expect, signIn, test } from './fixtures.ts';
import { startOwnServer, stopOwnServer, type OwnServer } from './own-server.ts';

/*
 * Issue 35's "Done means", as a rep on a laptop and on a phone: a watch alerts, the bell's item opens the signal
 * over the inbox, next and previous (j and k) walk the inbox, Push then links to the CRM record; axe finds no
 * serious or critical violation on the screens and dialogs on the way. ACT_SHOTS=/tmp/dir saves screenshots.
 */

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);
const SHOTS_DIR = process.env.ACT_SHOTS;
const CRM = 'CRM (local outbox)';

/** Serious and critical violations, as `rule at target` lines. */
const blocking = (results: AxeResults) =>
  results.violations
    .filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''))
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id} at ${node.target.join(' ')}`));

async function check(page: Page, name: string): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  expect.soft(blocking(await checkAccessibility(page, WCAG_TAGS)), `axe on ${name} at ${width} px`).toEqual([]);
  if (!SHOTS_DIR) return;
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS_DIR, `${width}-${name}.png`), animations: 'disabled' });
}

/** The article id in `/signals/{id}`. */
const openSignal = (page: Page) => Number(/\/signals\/(\d+)$/.exec(new URL(page.url()).pathname)?.[1]);

// One after the other: two watch runs at once on a shared 2-core machine take minutes.
test.describe.configure({ mode: 'default' });

// A server of its own: its watch runs analyse and its rep pushes demo articles that other journeys expect fresh.
let app: OwnServer | undefined;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  app = await startOwnServer({ ADMIN_EMAIL: E2E_ADMIN.email, ADMIN_PASSWORD: E2E_ADMIN.password });
});
test.afterAll(async () => {
  if (app) await stopOwnServer(app);
  app = undefined;
});

for (const { filters, ...viewport } of [
  { width: 1366, height: 900, filters: { dateRange: 30, commodity: ['Au'], country: 'CA' } },
  { width: 390, height: 844, filters: { dateRange: 30, commodity: ['Cu'] } },
]) {
  test(`at ${viewport.width} px: a watch alerts, the bell opens the signal, j and k walk the inbox, Push links to the CRM`, async ({
    browser,
  }) => {
    if (!app) throw new Error('the server did not start');
    const origin = app.origin;
    const page = await (await browser.newContext({ baseURL: origin })).newPage();
    // A watch run analyses the articles it finds, beside the other journeys.
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    await signIn(page);
    const name = `Anywhere ${viewport.width} ${Date.now()}`;

    await test.step('a watch runs and alerts', async () => {
      const { data: watch } = await apiCall(
        page.request,
        'POST',
        '/api/v1/watches',
        { name, filters, interval_minutes: 1440 },
        origin,
      );
      await apiCall(page.request, 'POST', `/api/v1/watches/${watch.id}/run`, undefined, origin);
      let run: { status: string; alerted: number } | undefined;
      await expect
        .poll(
          async () => {
            run = (await apiCall(page.request, 'GET', `/api/v1/watches/${watch.id}/runs`, undefined, origin)).data[0];
            return run?.status;
          },
          { timeout: 120_000 },
        )
        .toBe('completed');
      // Two at least, so there is a next and a previous to walk to.
      expect(run?.alerted, 'signals alerted').toBeGreaterThan(1);
    });

    const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
    const panel = page.getByRole('region', { name: 'Notifications' });
    const alert = panel.getByRole('listitem').filter({ hasText: name });
    await test.step("the bell's item opens its signal over the inbox", async () => {
      await expect(bell).toHaveAccessibleName(/^Notifications, \d+ unread$/, { timeout: 30_000 });
      await bell.click();
      await expect(alert.getByRole('link', { name: new RegExp(`^${name}: \\d+ new signals?$`) })).toBeVisible();
      await check(page, 'bell');
      const item = alert.getByRole('listitem').first();
      const label = (await item.textContent()) ?? '';
      expect(label).toMatch(/^(Very High|High|Medium|Low|No intent) · /);
      // The item's first link opens the signal (a second one, once its story joined a company, that company's page).
      await item.getByRole('link').first().click();
      await expect(panel).toHaveCount(0);
      await expect(page).toHaveURL(/\/signals\/\d+$/);
      // Behind the open dialog the page is inert, out of the accessibility tree: found with the hidden ones.
      await expect(page.getByRole('heading', { name: 'Signals', level: 1, includeHidden: true })).toBeAttached();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('group', { name: 'Walk the inbox' })).toBeVisible();
      await expect(dialog.getByRole('region', { name: 'Article content' })).not.toBeEmpty();
      await check(page, 'signal');
    });

    await test.step('j and k walk the inbox, as Next and Previous do', async () => {
      const dialog = page.getByRole('dialog');
      const walk = dialog.getByRole('group', { name: 'Walk the inbox' });
      const first = openSignal(page);
      await expect(walk).toContainText(/\d+ of \d+/);
      const at = Number(/(\d+) of \d+/.exec((await walk.textContent()) ?? '')?.[1]);
      // On the last signal Next is off: walk back first.
      const forward = !(await walk.getByRole('button', { name: 'Next' }).isDisabled());
      await page.keyboard.press(forward ? 'j' : 'k');
      await expect.poll(() => openSignal(page)).not.toBe(first);
      await expect(walk).toContainText(`${forward ? at + 1 : at - 1} of`);
      await page.keyboard.press(forward ? 'k' : 'j');
      await expect.poll(() => openSignal(page)).toBe(first);
      await walk.getByRole('button', { name: forward ? 'Next' : 'Previous' }).click();
      await expect.poll(() => openSignal(page)).not.toBe(first);
    });

    await test.step('Push, then the detail links to the CRM record', async () => {
      const dialog = page.getByRole('dialog');
      const push = dialog.getByRole('button', { name: `Push to ${CRM}` });
      await expect(push).toBeVisible();
      await push.click();
      const crmLink = dialog.getByRole('link', { name: `Open in ${CRM}` });
      await expect(crmLink).toBeVisible({ timeout: 30_000 });
      await check(page, 'pushed');
      const id = openSignal(page);
      await crmLink.click();
      await expect(page).toHaveURL(new RegExp(`/crm\\?article=${id}$`));
      await expect(page.getByRole('heading', { name: 'CRM', level: 1 })).toBeVisible();
      await check(page, 'crm');
    });

    await test.step('the inbox itself', async () => {
      await page.goto('/signals');
      await expect(page.getByRole('grid', { name: 'Signals' }).getByRole('row').nth(1)).toBeVisible();
      await check(page, 'inbox');
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      ).toBe(0);
    });
  });
}
