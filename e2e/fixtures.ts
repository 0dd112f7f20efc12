import { test as base, expect, type Page } from '@playwright/test';
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

/** `test` whose `page` starts signed in as the e2e admin. */
export const test = base.extend<{ signedIn: Page }>({
  signedIn: async ({ page }, use) => {
    await signIn(page);
    await use(page);
  },
});
