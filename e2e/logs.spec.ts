import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

// A log with known entries at known times, written where the e2e server's LOG_DIR is:
// 30 old entries three hours ago (for the custom range) and 1,250 entries over the last 42 minutes.
const FILE = 'ops-journey.log';
const SEARCH_TERM = 'assay-lab-7731';
const now = Date.now();
const OLD_START = now - 3 * 3_600_000;
const RECENT_START = now - 50 * 60_000;

const pad = (value: number, width = 2) => String(value).padStart(width, '0');
const stamp = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
  `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())},${pad(date.getMilliseconds(), 3)}`;

type Level = 'DEBUG' | 'INFO' | 'WARNING' | 'ERROR' | 'CRITICAL';
const levelOf = (i: number): Level =>
  i % 10 === 0 ? 'ERROR' : i % 25 === 5 ? 'CRITICAL' : i % 7 === 3 ? 'WARNING' : i % 5 === 1 ? 'DEBUG' : 'INFO';

const lines: string[] = [];
for (let i = 0; i < 30; i++) lines.push(`${stamp(new Date(OLD_START + i * 10_000))} - jobs - INFO - old entry ${i}`);
const recentLevels: Level[] = [];
for (let i = 0; i < 1250; i++) {
  const level = levelOf(i);
  recentLevels.push(level);
  // Mixed case, so only a case-insensitive search finds all of them.
  const term = i % 100 === 42 ? ` ${i % 200 === 42 ? SEARCH_TERM.toUpperCase() : SEARCH_TERM}` : '';
  lines.push(`${stamp(new Date(RECENT_START + i * 2000))} - pipeline - ${level} - recent entry ${i}${term}`);
  if (level === 'ERROR') lines.push('    at pushArticle (/srv/app/crm.ts:10:3)', '    at run (/srv/app/jobs.ts:4:1)');
}
const SEVERE = recentLevels.filter((level) => level === 'ERROR' || level === 'CRITICAL').length;
const MATCHES = recentLevels.filter((_, i) => i % 100 === 42).length;

test.describe.configure({ mode: 'serial' });

test.beforeAll(() => {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set');
  writeFileSync(path.join(dataDir, 'logs', FILE), `${lines.join('\n')}\n`);
});

const summary = (page: Page, term: string) =>
  page.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd');
const entries = (page: Page) => page.getByRole('list', { name: 'Log entries' }).getByRole('listitem');
const fmt = (value: number) => value.toLocaleString('en-US');

async function openLogs(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'System Logs' }).click();
  await expect(page.getByRole('heading', { name: 'System Logs' })).toBeVisible();
  await page.getByLabel('Log file').selectOption(FILE);
  await expect(summary(page, 'File')).toHaveText(FILE);
}

test('picks a file, narrows to ERROR in the last hour, and searches a term', async ({ signedIn: page }) => {
  await openLogs(page);
  await expect(page.getByLabel('Log file').locator('option', { hasText: 'Ops Journey Log (' })).toHaveCount(1);
  await expect(page.getByLabel('Time range', { exact: true })).toHaveValue('1h');
  await expect(summary(page, 'Total lines')).toHaveText(fmt(lines.length));
  await expect(summary(page, 'Filtered lines')).toHaveText(fmt(1250));
  await expect(summary(page, 'Since')).not.toHaveText('All time');

  await page.getByLabel('Log level').selectOption('ERROR');
  await expect(summary(page, 'Filtered lines')).toHaveText(fmt(SEVERE));
  const levels = await entries(page).evaluateAll((items) => items.map((item) => item.getAttribute('data-level')));
  expect(new Set(levels)).toEqual(new Set(['error', 'critical']));
  await expect(entries(page).filter({ hasText: 'recent entry 1240' })).toContainText('at pushArticle');

  await page.getByLabel('Log level').selectOption('');
  await page.getByRole('searchbox', { name: 'Search' }).fill(SEARCH_TERM);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(summary(page, 'Filtered lines')).toHaveText(fmt(MATCHES));
  await expect(entries(page)).toHaveCount(MATCHES);
  await expect(entries(page).first()).toContainText(SEARCH_TERM.toUpperCase());

  await page.getByRole('searchbox', { name: 'Search' }).fill('no entry says this');
  await expect(page.getByText('No log entries found for the selected filters.')).toBeVisible();
});

test('switches to a custom range, with the validation messages', async ({ signedIn: page }) => {
  await openLogs(page);
  await page.getByLabel('Custom date/time range').check();
  await expect(page.getByLabel('Time range', { exact: true })).toBeDisabled();
  await expect(page.getByText('Custom date/time filter is active')).toBeVisible();

  await page.getByLabel('From date').fill('31/02/2025');
  await expect(page.getByText('Invalid date format (DD/MM/YYYY)')).toBeVisible();
  await page.getByLabel('From time').fill('00:30');
  await expect(page.getByText('Invalid time format (HH:MM, 1-12)')).toBeVisible();

  // The old entries, picked in the browser's zone (the same machine as the server here).
  const wall = (time: number) => {
    const date = new Date(time);
    return {
      date: `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`,
      time: `${pad(date.getHours() % 12 || 12)}:${pad(date.getMinutes())}`,
      period: date.getHours() < 12 ? 'AM' : 'PM',
    };
  };
  const from = wall(OLD_START - 60_000);
  const to = wall(OLD_START + 29 * 10_000);
  await page.getByLabel('From date').fill(from.date);
  await page.getByLabel('From time').fill(from.time);
  await page.getByLabel('From AM or PM').selectOption(from.period);
  await page.getByLabel('To date').fill(to.date);
  await page.getByLabel('To time').fill(to.time);
  await page.getByLabel('To AM or PM').selectOption(to.period);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(summary(page, 'Filtered lines')).toHaveText('30');
  await expect(entries(page).first()).toContainText('old entry 29');
  await expect(entries(page).last()).toContainText('old entry 0');

  await page.getByLabel('To date').fill('01/01/2099');
  await expect(page.getByText('To date cannot be in the future')).toBeVisible();

  await page.getByLabel('Custom date/time range').uncheck();
  await expect(page.getByLabel('Time range', { exact: true })).toBeEnabled();
  await expect(summary(page, 'Filtered lines')).toHaveText(fmt(1250));
});

test('pages to the last page and back, coloured by level, newest first until flipped', async ({ signedIn: page }) => {
  await openLogs(page);
  await page.getByLabel('Per page').selectOption('100');
  const pages = page.getByRole('navigation', { name: 'Log pages' });
  await expect(pages).toContainText('Showing 1–100 of 1,250 · Page 1 of 13');
  await expect(pages.getByRole('button', { name: 'First' })).toBeDisabled();
  await expect(pages.getByRole('button', { name: 'Previous' })).toBeDisabled();
  // The order control says what the lines show: the newest entry at the top of page 1.
  await expect(page.getByLabel('Order').locator('option:checked')).toHaveText('Newest first');
  await expect(entries(page).first()).toContainText('recent entry 1249');
  await expect(entries(page).last()).toContainText('recent entry 1150');

  await pages.getByRole('button', { name: 'Next' }).click();
  await expect(pages).toContainText('Page 2 of 13');
  await pages.getByRole('button', { name: 'Last' }).click();
  await expect(pages).toContainText('Showing 1,201–1,250 of 1,250 · Page 13 of 13');
  await expect(pages.getByRole('button', { name: 'Next' })).toBeDisabled();
  await expect(pages.getByRole('button', { name: 'Last' })).toBeDisabled();
  await expect(entries(page).last()).toContainText('recent entry 0 ');
  await expect(entries(page)).toHaveCount(50);

  const colours = await entries(page).evaluateAll((items) =>
    Object.fromEntries(
      items.slice(0, 12).map((item) => [item.getAttribute('data-level'), getComputedStyle(item).backgroundColor]),
    ),
  );
  expect(colours.error).not.toBe(colours.info);
  expect(colours.warning).not.toBe(colours.info);
  expect(colours.error).not.toBe(colours.warning);

  await pages.getByRole('button', { name: 'Previous' }).click();
  await expect(pages).toContainText('Page 12 of 13');
  await page.getByLabel('Per page').selectOption('500');
  await expect(pages).toContainText('Showing 1–500 of 1,250 · Page 1 of 3');
  await expect(pages.getByRole('button', { name: 'First' })).toBeDisabled();

  // Flipped, the label and the lines change together, from page 1: the oldest entry of the hour at the top.
  await page.getByLabel('Order').selectOption({ label: 'Oldest first' });
  await expect(page.getByLabel('Order').locator('option:checked')).toHaveText('Oldest first');
  await expect(entries(page).first()).toContainText('recent entry 0 ');
  await expect(entries(page).last()).toContainText(/recent entry 499$/);
  await expect(pages).toContainText('Showing 1–500 of 1,250 · Page 1 of 3');
});
