import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from '@playwright/test';
import { checkAccessibility, type AxeResults } from './axe.ts';
import { arrangedServerForFile } from './arranged-data.ts';
import { E2E_ADMIN, expect, test } from './fixtures.ts';

/*
 * Issue 18's WCAG 2.2 AA check: axe-core on every screen at desktop (1366 px) and phone (390 px) widths, failing
 * on any serious or critical violation; and the shell's keyboard rules (skip link, focus on the page heading,
 * the phone menu as a dialog). A server of its own, so the screens show articles fetched, expanded, analysed (at
 * several intent levels) and pushed without moving articles the other journeys expect untouched.
 * A11Y_SHOTS=/tmp/shots also saves screenshots of each screen at each width there (the first four screenfuls).
 */

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);
const SHOTS_DIR = process.env.A11Y_SHOTS;
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

// One server for the file, its tests one after another in one worker (a failure does not skip the rest).
test.describe.configure({ mode: 'default' });

const appOrigin = arrangedServerForFile();

/** Serious and critical violations, one readable block each: rule, help, and where with axe's summary. */
function describeViolations(results: AxeResults): string[] {
  return results.violations
    .filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''))
    .map((violation) => {
      const nodes = violation.nodes.slice(0, 10).map((node) => {
        const summary = (node.failureSummary ?? '').replace(/\n/g, '\n      ');
        return `    at ${node.target.join(' ')}\n      ${summary}`;
      });
      const more = violation.nodes.length > 10 ? [`    … and ${violation.nodes.length - 10} more`] : [];
      return [`[${violation.impact}] ${violation.id}: ${violation.help}`, ...nodes, ...more].join('\n');
    });
}

/** With A11Y_SHOTS set, the page in screenfuls from the top (at most four), each small enough to look at. */
async function screenshotIfAsked(page: Page, name: string): Promise<void> {
  if (!SHOTS_DIR) return;
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  const file = path.join(SHOTS_DIR, `${width}-${name}`);
  await page.evaluate(() => window.scrollTo(0, 0));
  const screenful = page.viewportSize()?.height ?? 800;
  const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
  // The first as the user sees it; the rest from a full-page capture, which resizes the page (charts redraw).
  await page.screenshot({ path: `${file}-1.png`, animations: 'disabled' });
  for (let part = 1; part < 4 && part * screenful < pageHeight; part += 1) {
    const clip = { x: 0, y: part * screenful, width, height: Math.min(screenful, pageHeight - part * screenful) };
    await page.screenshot({ path: `${file}-${part + 1}.png`, fullPage: true, clip, animations: 'disabled' });
  }
}

async function checkScreen(page: Page, name: string): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  const results = await checkAccessibility(page, WCAG_TAGS);
  const found = describeViolations(results);
  const report = `axe on ${name} at ${width} px: serious or critical violations\n\n${found.join('\n\n')}\n`;
  expect.soft(found.length, report).toBe(0);
  await screenshotIfAsked(page, name);
}

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 0) < 768;

/** Opens a screen from the sidebar (the menu dialog on a phone); focus lands on its heading. */
async function openScreen(page: Page, link: string, heading: string | RegExp): Promise<Locator> {
  let navigation = page.getByRole('navigation', { name: 'Main' });
  if (isPhone(page)) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    navigation = page.getByRole('dialog', { name: 'Menu' }).getByRole('navigation', { name: 'Main' });
  }
  await navigation.getByRole('link', { name: link, exact: true }).click();
  const title = page.getByRole('heading', { name: heading, level: 1 });
  await expect(title).toBeFocused();
  return title;
}

async function signInAndCheck(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ baseURL: appOrigin(), viewport });
  const page = await context.newPage();
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Sign in to Mining Sales Hub' })).toBeVisible();
  await checkScreen(page, 'sign-in');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: /^Welcome,/, level: 1 })).toBeFocused();
  await expect(page.getByRole('banner').getByText('Connected', { exact: true })).toBeVisible();
  return page;
}

/** Every screen in turn, each checked once it has loaded what it shows. */
async function walkEveryScreen(page: Page): Promise<void> {
  await test.step('dashboard', async () => {
    await expect(page.getByRole('heading', { name: 'Articles by status' })).toBeVisible();
    await checkScreen(page, 'dashboard');
  });
  if (isPhone(page)) {
    await test.step('menu dialog', async () => {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
      await checkScreen(page, 'menu');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog', { name: 'Menu' })).toHaveCount(0);
    });
  }
  await test.step('market intelligence with articles and the detail modal', async () => {
    await openScreen(page, 'News Signals', 'Market Intelligence');
    // On a phone the filters are folded behind "Filters (n)".
    if (isPhone(page)) await page.getByRole('button', { name: /^Filters \(\d+\)$/ }).click();
    await page.getByRole('radiogroup', { name: 'Date filter' }).getByText('All Time', { exact: true }).click();
    await page.getByRole('button', { name: 'Fetch News' }).click();
    await expect(page.getByRole('region', { name: 'Fetch progress' })).toHaveAttribute('data-status', 'completed', {
      timeout: 30_000,
    });
    const cards = page
      .getByRole('list', { name: 'Articles' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('checkbox') });
    await expect(cards.first()).toBeVisible();
    await checkScreen(page, 'market-intelligence');
    const title = (await cards.first().getByRole('heading', { level: 3 }).textContent()) ?? '';
    await cards.first().getByRole('button', { name: title }).click();
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog.getByRole('region', { name: 'Article content' })).not.toBeEmpty();
    await checkScreen(page, 'article-detail');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  });
  await test.step('signals inbox', async () => {
    await openScreen(page, 'Signals', 'Signals');
    await expect(page.getByRole('grid').getByRole('row').nth(1)).toBeVisible();
    await checkScreen(page, 'signals');
  });
  await test.step('companies and a company page', async () => {
    await openScreen(page, 'Companies', 'Companies');
    // The worker reads the analysed stories into accounts every few seconds.
    const first = page
      .getByRole(isPhone(page) ? 'listitem' : 'row')
      .getByRole('link')
      .first();
    await expect(first).toBeVisible({ timeout: 30_000 });
    await checkScreen(page, 'companies');
    await first.click();
    await expect(page.getByRole('heading', { name: 'Timeline' })).toBeVisible();
    await checkScreen(page, 'company');
  });
  await test.step('CRM outbox', async () => {
    await openScreen(page, 'CRM', 'CRM');
    await expect(page.getByText(/^Showing 1–3 of 3 records$/)).toBeVisible();
    await checkScreen(page, 'crm');
  });
  await test.step('watches', async () => {
    await openScreen(page, 'Watches', 'Watches');
    await expect(page.getByText('Canadian gold').first()).toBeVisible();
    await checkScreen(page, 'watches');
  });
  await test.step('notification bell open', async () => {
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await expect(page.getByRole('region', { name: 'Notifications' })).toBeVisible();
    await checkScreen(page, 'notifications');
    await page.keyboard.press('Escape');
  });
  await test.step('reports', async () => {
    await openScreen(page, 'Reports', 'Reports');
    await expect(page.locator('.recharts-surface').first()).toBeVisible();
    await checkScreen(page, 'reports');
  });
  await test.step('system logs', async () => {
    await openScreen(page, 'System Logs', 'System Logs');
    await expect(page.getByText(/Showing|No log/).first()).toBeVisible();
    await checkScreen(page, 'logs');
  });
  await test.step('prompts, its three tabs and the evaluation sets', async () => {
    await openScreen(page, 'AI Prompts', 'AI Prompt Management');
    await expect(page.getByRole('tab', { name: 'Prompt Text' })).toHaveAttribute('aria-selected', 'true');
    await checkScreen(page, 'prompts-text');
    await page.getByRole('tab', { name: 'Output Schema' }).click();
    await expect(page.getByRole('tab', { name: 'Output Schema' })).toHaveAttribute('aria-selected', 'true');
    await checkScreen(page, 'prompts-schema');
    // The Evaluate tab with a finished run of the active version over the starter set, and the sets list.
    await page.getByRole('tab', { name: 'Evaluate' }).click();
    const evaluate = page.getByRole('tabpanel', { name: 'Evaluate' });
    const promptSelect = evaluate.getByLabel('Prompt to run');
    const active = await promptSelect.locator('option', { hasText: '(active)' }).first().textContent();
    await promptSelect.selectOption({ label: active ?? '' });
    await evaluate.getByRole('button', { name: 'Run evaluation' }).click();
    await expect(evaluate.getByRole('status').filter({ hasText: /^Completed: (\d+) of \1 articles$/ })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByRole('heading', { name: 'Evaluation Sets' })).toBeVisible();
    // A run can finish before the button's colours have faded from disabled (transition-colors): axe would
    // measure the contrast mid-fade. Its text is white once the fade is over.
    const run = evaluate.getByRole('button', { name: 'Run evaluation' });
    await expect(run).toBeEnabled();
    await expect.poll(() => run.evaluate((button) => getComputedStyle(button).color)).toBe('rgb(255, 255, 255)');
    await checkScreen(page, 'prompts-evaluate');
  });
  await test.step('scraper', async () => {
    await openScreen(page, 'Scraper', /^Mining Project Scraper/);
    await expect(page.getByRole('button', { name: /Start/ }).first()).toBeVisible();
    await checkScreen(page, 'scraper');
  });
  await test.step('users', async () => {
    await openScreen(page, 'Users', 'Users');
    await expect(page.getByText('mia.member@example.com')).toBeVisible();
    await checkScreen(page, 'users');
  });
  await test.step('audit log', async () => {
    await openScreen(page, 'Audit Log', 'Audit Log');
    await expect(page.getByRole('table')).toBeVisible();
    await checkScreen(page, 'audit-log');
  });
}

for (const viewport of [DESKTOP, PHONE]) {
  test(`every screen passes axe's WCAG 2.2 AA checks at ${viewport.width} px`, async ({ browser }) => {
    test.setTimeout(300_000);
    const page = await signInAndCheck(browser, viewport);
    await walkEveryScreen(page);
    await page.context().close();
  });
}

test('keyboard: the skip link comes first, focus follows sign-in and navigation, the phone menu is a dialog', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const context = await browser.newContext({ baseURL: appOrigin(), viewport: PHONE });
  const page = await context.newPage();
  await page.goto('/users');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill(E2E_ADMIN.password);
  await page.getByLabel('Password').press('Enter');
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeFocused();

  // A fresh load leaves focus alone: the first Tab reaches the skip link, shown while focused.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skipLink = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skipLink).toBeFocused();
  await expect(skipLink).toBeInViewport();
  await screenshotIfAsked(page, 'skip-link');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();

  // On a phone the users table reads as cards (issue 35): nothing scrolls sideways, so no scroll box to Tab to.
  await expect(page.getByText('mia.member@example.com')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Users' })).toHaveCount(0);

  // The menu: focus moves into it and Tab cannot leave it; Escape closes it and focus returns to its button.
  const menuButton = page.getByRole('button', { name: 'Open menu' });
  await menuButton.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  await page.keyboard.press('Tab');
  await screenshotIfAsked(page, 'menu-focus');
  for (let press = 0; press < 14; press += 1) {
    await page.keyboard.press('Tab');
    expect(await menu.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(menuButton).toBeFocused();

  // Choosing a screen closes the menu and puts focus on that screen's heading.
  await page.keyboard.press('Enter');
  await menu.getByRole('link', { name: 'Signals', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(menu).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Signals', level: 1 })).toBeFocused();
  await screenshotIfAsked(page, 'heading-focus');
  await context.close();
});
