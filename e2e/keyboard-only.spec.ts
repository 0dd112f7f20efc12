import type { Locator, Page } from '@playwright/test';
import { E2E_ADMIN, expect, test } from './fixtures.ts';

/*
 * Issue 18's keyboard-first journey: sign in, reach Market Intelligence, choose two commodities, fetch, open and
 * close an article, process a batch, with page.keyboard only. Locators only assert (focus, visibility, text); they
 * never act. Focus is moved with bounded Tab loops that stop on a named control, so the journey does not depend
 * on how many stops lie before it (a skip link, a focused heading).
 *
 * It works as a member of its own, created through the users API, so its fetches do not wait on the shared
 * admin's rate limit.
 */

const MEMBER = {
  email: `keyboard-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`,
  name: 'Kim Keys',
  password: 'kim-keys-password-1',
};

/** Most Tab presses between two controls of the journey: a guard against a loop that never finds its target. */
const MAX_TAB_STOPS = 80;

/** Whether `target` holds the keyboard focus now. */
async function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((element) => element === document.activeElement).catch(() => false);
}

/** Whether the keyboard focus is on `container` or inside it. */
async function focusIsWithin(container: Locator): Promise<boolean> {
  return container.evaluate((element) => element.contains(document.activeElement));
}

/** Presses Tab (or Shift+Tab) until `target` has the focus, then checks it; fails after MAX_TAB_STOPS presses. */
async function tabTo(page: Page, target: Locator, { backwards = false } = {}): Promise<void> {
  for (let presses = 0; presses < MAX_TAB_STOPS && !(await isFocused(target)); presses += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  await expect(target).toBeFocused();
}

/** Presses `key` until the radio `target` is checked (arrow keys move and check together in a radio group). */
async function arrowTo(page: Page, target: Locator, key: 'ArrowRight' | 'ArrowLeft'): Promise<void> {
  for (let presses = 0; presses < 10 && !(await target.isChecked()); presses += 1) {
    await page.keyboard.press(key);
  }
  await expect(target).toBeChecked();
}

test.beforeAll(async ({ playwright, baseURL }) => {
  // Setting up the member is not part of the journey: done through the API as the e2e admin.
  const origin = new URL(baseURL ?? '').origin;
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin } });
  try {
    const signedIn = await api.post('/api/v1/auth/login', {
      data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
    });
    expect(signedIn.ok()).toBe(true);
    const created = await api.post('/api/v1/users', { data: { ...MEMBER, role: 'member' } });
    expect(created.ok(), await created.text()).toBe(true);
  } finally {
    await api.dispose();
  }
});

test('keyboard only: sign in, fetch two commodities, open and close an article, process a batch', async ({ page }) => {
  test.setTimeout(120_000);

  await test.step('sign in', async () => {
    await page.goto('/dashboard');
    const email = page.getByRole('textbox', { name: 'Email' });
    await expect(email).toBeFocused();
    await page.keyboard.type(MEMBER.email);
    await tabTo(page, page.getByLabel('Password'));
    await page.keyboard.type(MEMBER.password);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: /^Welcome,/ })).toBeVisible();
  });

  await test.step('reach Market Intelligence through the sidebar', async () => {
    await tabTo(page, page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'News Signals' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Market Intelligence', level: 1 })).toBeVisible();
    await expect(page.getByRole('banner').getByText('Connected', { exact: true })).toBeVisible();
  });

  // Germanium and Mineral Sands: their newest demo articles lie past the first four pages, which the other
  // journeys expand, analyse and batch at the same time (a batch skips articles another batch holds).
  await test.step('choose Germanium and Mineral Sands in the commodity multi-select', async () => {
    const commodity = page.getByRole('combobox', { name: 'Commodity' });
    await tabTo(page, commodity);
    const chips = page.getByRole('list', { name: 'Selected commodity' });
    for (const [typed, name, symbol] of [
      ['germanium', 'Germanium', 'Ge'],
      ['mineral sands', 'Mineral Sands', 'HMS'],
    ] as const) {
      // Typing opens the list with the first match active; Enter picks it and the list stays open.
      await page.keyboard.type(typed);
      const option = page.getByRole('listbox').getByRole('option', { name: `${name} ${symbol}`, exact: true });
      await expect(commodity).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id')) ?? '');
      await page.keyboard.press('Enter');
      await expect(option).toHaveAttribute('aria-selected', 'true');
      await expect(chips.getByText(name, { exact: true })).toBeVisible();
      // Still open and still typing in the same field: several picks without closing.
      await expect(commodity).toBeFocused();
    }
    await page.keyboard.press('Escape');
    await expect(page.getByRole('listbox')).toHaveCount(0);
    await expect(chips.getByRole('listitem')).toHaveCount(2);
  });

  await test.step('fetch All Time news and wait for the articles', async () => {
    const today = page.getByRole('radio', { name: 'Today' });
    await tabTo(page, today);
    await arrowTo(page, page.getByRole('radio', { name: 'All Time' }), 'ArrowRight');
    await tabTo(page, page.getByRole('button', { name: 'Fetch News' }));
    const posted = page.waitForRequest((request) => request.url().endsWith('/api/v1/fetch-news-session'));
    await page.keyboard.press('Enter');
    expect((await posted).postDataJSON()).toMatchObject({ commodity: ['Ge', 'HMS'], dateRange: 3650 });
    const progress = page.getByRole('region', { name: 'Fetch progress' });
    await expect(progress).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
    await expect(page.getByRole('list', { name: 'Articles' }).getByRole('checkbox').first()).toBeVisible();
  });

  const cards = page
    .getByRole('list', { name: 'Articles' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('checkbox') });

  await test.step('open an article from its title and close it with Escape', async () => {
    const title = (await cards.first().getByRole('heading', { level: 3 }).textContent()) ?? '';
    const opener = cards.first().getByRole('button', { name: title, exact: true });
    await tabTo(page, opener);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('region', { name: 'Article content' })).not.toBeEmpty();
    // Focus moved into the dialog, and Tab keeps it there, round and round.
    await expect.poll(() => focusIsWithin(dialog)).toBe(true);
    for (let presses = 0; presses < 15; presses += 1) {
      await page.keyboard.press('Tab');
      expect(await focusIsWithin(dialog)).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();
  });

  await test.step('select two articles and process them as a batch', async () => {
    await tabTo(page, cards.nth(0).getByRole('checkbox'), { backwards: true });
    await page.keyboard.press('Space');
    await expect(cards.nth(0).getByRole('checkbox')).toBeChecked();
    await tabTo(page, cards.nth(1).getByRole('checkbox'));
    await page.keyboard.press('Space');
    await expect(page.getByText('2 selected', { exact: true })).toBeVisible();

    const processSelected = page.getByRole('button', { name: 'Process Selected (2)' });
    await tabTo(page, processSelected, { backwards: true });
    const started = page.waitForResponse((response) => response.url().endsWith('/api/v1/batch/process-selected'));
    await page.keyboard.press('Enter');
    expect((await started).status()).toBe(200);
    const panel = page.getByRole('region', { name: 'Batch progress' });
    await expect(panel).toHaveAttribute('data-status', 'completed', { timeout: 60_000 });
    await expect(panel.getByText(/^Batch Completed: 2 of 2 processed/)).toBeVisible();
    await expect(page.getByText('No articles selected')).toBeVisible();
  });
});
