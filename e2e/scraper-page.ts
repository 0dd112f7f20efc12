import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

// The Scraper screen as the journeys read it (scraper.spec.ts, scraper-no-chromium.spec.ts).

// A test-mode run takes seconds over the demo directory; leave room for a slow machine.
export const RUN_TIMEOUT = 90_000;

export const heading = (page: Page) => page.getByRole('heading', { level: 1 });
export const fact = (page: Page, term: string) =>
  page.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd');
export const phase = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Phases' }).getByRole('listitem', { name });
export const column = (page: Page, name: string) => page.getByRole('region', { name });

export async function openScraper(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Scraper' }).click();
  await expect(heading(page)).toContainText('Mining Project Scraper');
}
