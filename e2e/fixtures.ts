import { test as base, expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { E2E_ADMIN } from './playwright.config.ts';

export { expect, E2E_ADMIN };

/** Signs in through the sign-in screen and waits for the dashboard. */
export async function signIn(page: Page, credentials = E2E_ADMIN): Promise<void> {
  await page.goto('/dashboard');
  await page.getByLabel('Email').fill(credentials.email);
  await page.getByLabel('Password').fill(credentials.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: /^Welcome,/ })).toBeVisible();
}

/**
 * Signs in, opens News Signals, fetches every date from the server's feeds and waits for the fetch to end;
 * answers the fetch's progress region (its message says what was found).
 */
export async function signInAndFetchAll(page: Page): Promise<Locator> {
  await signIn(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'News Signals' }).click();
  await expect(page.getByRole('banner').getByText('Connected', { exact: true })).toBeVisible();
  await page.getByRole('radiogroup', { name: 'Date filter' }).getByText('All Time', { exact: true }).click();
  await page.getByRole('button', { name: 'Fetch News' }).click();
  const progress = page.getByRole('region', { name: 'Fetch progress' });
  await expect(progress).toHaveAttribute('data-status', 'completed', { timeout: 60_000 });
  return progress;
}

/** `test` whose `page` starts signed in as the e2e admin. */
export const test = base.extend<{ signedIn: Page }>({
  signedIn: async ({ page }, use) => {
    await signIn(page);
    await use(page);
  },
});

/** A 503 is asked again after its Retry-After, up to this often: a journey's setup may run beside heavy work. */
const BUSY_RETRIES = 10;

/**
 * Calls the API as a page of `origin` would (the journeys' server unless given; mutations pass the origin
 * check), expects a 2xx and returns the JSON body. A 503 (the server shedding load, Retry-After set) is asked
 * again, as the web app asks it again: a journey calls the API as a well-behaved client does.
 */
export async function apiCall(
  request: APIRequestContext,
  method: 'GET' | 'POST',
  path: string,
  data?: unknown,
  origin = new URL(test.info().project.use.baseURL ?? '').origin,
) {
  for (let attempt = 0; ; attempt += 1) {
    const response = await request.fetch(path, { method, data, headers: { origin } });
    if (response.status() === 503 && attempt < BUSY_RETRIES) {
      await new Promise((resolve) => setTimeout(resolve, Number(response.headers()['retry-after'] ?? 1) * 1000));
      continue;
    }
    expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
    return response.json();
  }
}
