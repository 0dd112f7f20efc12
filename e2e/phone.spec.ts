import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { arrangedServerForFile } from './arranged-data.ts';
import { E2E_ADMIN, expect, test } from './fixtures.ts';

/*
 * Issue 35's phone (390 px): no screen scrolls sideways, with every screen showing what it can show (a server of
 * its own with articles in every state, CRM records, a watch run, a second user, audit entries); News Signals
 * opens with its filters folded behind "Filters (n)" and Fetch News on the first screenful; wide tables read as
 * cards; an article card's title takes the card's width, its badge below. PHONE_SHOTS=/tmp/dir saves screenshots.
 */

const PHONE = { width: 390, height: 844 };
const SHOTS_DIR = process.env.PHONE_SHOTS;

const appOrigin = arrangedServerForFile();

/** How far the page scrolls sideways (0 when nothing is wider than the screen). */
const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The screen, once `ready` shows, does not scroll sideways; with PHONE_SHOTS, a screenshot around `ready`. */
async function expectNoSidewaysScroll(page: Page, name: string, ready: Locator): Promise<void> {
  await expect(ready).toBeVisible({ timeout: 30_000 });
  expect.soft(await sidewaysScroll(page), `${name} scrolls sideways`).toBeLessThanOrEqual(0);
  if (!SHOTS_DIR) return;
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  await ready.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SHOTS_DIR, `390-${name}.png`), animations: 'disabled' });
}

/** Opens a screen from the phone's menu, as a rep does. */
async function openFromMenu(page: Page, link: string, heading: string | RegExp): Promise<void> {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: link, exact: true }).click();
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
}

test('at 390 px every screen fits the width: filters fold, tables become cards, titles take the width', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ baseURL: appOrigin(), viewport: PHONE });
  const page = await context.newPage();
  await page.goto('/dashboard');
  await expectNoSidewaysScroll(page, 'sign-in', page.getByRole('button', { name: 'Sign in' }));
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expectNoSidewaysScroll(page, 'dashboard', page.getByRole('heading', { name: 'Articles by status' }));

  await test.step('News Signals: filters folded, Fetch News in view; cards with the title across', async () => {
    await openFromMenu(page, 'News Signals', 'Market Intelligence');
    const toggle = page.getByRole('button', { name: /^Filters \(\d+\)$/ });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('combobox', { name: 'Commodity' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Fetch News' })).toBeInViewport();
    await expectNoSidewaysScroll(page, 'news-folded', toggle);
    await toggle.click();
    await expect(page.getByRole('combobox', { name: 'Commodity' })).toBeVisible();
    await page.getByRole('radiogroup', { name: 'Date filter' }).getByText('All Time', { exact: true }).click();
    await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible();
    await expectNoSidewaysScroll(page, 'news-open', page.getByRole('button', { name: 'Save as Auto Config' }));
    await page.getByRole('button', { name: 'Fetch News' }).click();
    await expect(page.getByRole('region', { name: 'Fetch progress' })).toHaveAttribute('data-status', 'completed', {
      timeout: 30_000,
    });
    const card = page
      .getByRole('list', { name: 'Articles' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('checkbox') })
      .first();
    await expectNoSidewaysScroll(page, 'news-articles', card);
    // The title spans the card's text column and the status badge sits below it, not beside it.
    const heading = card.getByRole('heading', { level: 3 });
    const title = await heading.boundingBox();
    const column = await heading.locator('..').boundingBox();
    const badge = await heading.locator('xpath=following-sibling::*[1]').boundingBox();
    if (!title || !column || !badge) throw new Error('no title, column or badge');
    expect(title.width).toBeGreaterThan(column.width - 2);
    expect(badge.y).toBeGreaterThanOrEqual(title.y + title.height - 1);
  });

  const screens: [link: string, heading: string | RegExp, ready: (page: Page) => Locator][] = [
    ['Signals', 'Signals', (p) => p.getByRole('grid', { name: 'Signals' }).getByRole('row').nth(1)],
    ['Companies', 'Companies', (p) => p.getByRole('main').getByRole('link').first()],
    ['CRM', 'CRM', (p) => p.getByText(/^Showing 1–3 of 3 records$/)],
    ['Watches', 'Watches', (p) => p.getByText('Canadian gold').first()],
    ['Reports', 'Reports', (p) => p.locator('.recharts-surface').first()],
    ['System Logs', 'System Logs', (p) => p.getByText(/Showing|No log/).first()],
    ['AI Prompts', 'AI Prompt Management', (p) => p.getByRole('tab', { name: 'Prompt Text' })],
    ['Scraper', /^Mining Project Scraper/, (p) => p.getByRole('button', { name: /Start/ }).first()],
    ['Users', 'Users', (p) => p.getByText('mia.member@example.com')],
    ['Audit Log', 'Audit Log', (p) => p.getByRole('main').locator('tbody tr').first()],
  ];
  for (const [link, heading, ready] of screens) {
    await test.step(link, async () => {
      await openFromMenu(page, link, heading);
      await expectNoSidewaysScroll(page, link.toLowerCase().replaceAll(' ', '-'), ready(page));
    });
  }

  await test.step('a company page, the prompt tabs, settings, the menu and the bell', async () => {
    await openFromMenu(page, 'Companies', 'Companies');
    await page.getByRole('main').getByRole('link').first().click();
    await expectNoSidewaysScroll(page, 'company', page.getByRole('heading', { name: 'Timeline' }));
    await openFromMenu(page, 'AI Prompts', 'AI Prompt Management');
    for (const tab of ['Output Schema', 'Evaluate']) {
      await page.getByRole('tab', { name: tab }).click();
      await expectNoSidewaysScroll(page, `prompts-${tab.toLowerCase().replace(' ', '-')}`, page.getByRole('tabpanel'));
    }
    await page.goto('/settings');
    await expectNoSidewaysScroll(page, 'settings', page.getByRole('heading', { level: 1 }));
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expectNoSidewaysScroll(page, 'menu', page.getByRole('dialog', { name: 'Menu' }));
    await page.keyboard.press('Escape');
    await page
      .getByRole('banner')
      .getByRole('button', { name: /^Notifications/ })
      .click();
    await expectNoSidewaysScroll(page, 'notifications', page.getByRole('region', { name: 'Notifications' }));
  });

  await test.step('Users and the audit log read as cards, one per row', async () => {
    await openFromMenu(page, 'Users', 'Users');
    const row = page.getByRole('main').locator('tr', { hasText: 'mia.member@example.com' });
    const box = await row.boundingBox();
    // A card: the row takes the width of the list, its cells one under another.
    expect(box?.width ?? 0).toBeGreaterThan(PHONE.width - 80);
    const actions = await page.getByRole('button', { name: 'Actions for mia.member@example.com' }).boundingBox();
    expect((actions?.x ?? PHONE.width) + (actions?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
    await expect(page.getByRole('region', { name: 'Users' })).toHaveCount(0);
  });
  await context.close();
});
