import { readdirSync, readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expect, test } from './fixtures.ts';
import { column, fact, heading, openScraper, phase, RUN_TIMEOUT } from './scraper-page.ts';

// One scraper run at a time on the shared server: these tests run one after the other, in this order
// (scraper-no-chromium.spec.ts runs on a server of its own, beside them).
test.describe.configure({ mode: 'default' });

/** The pid shown on the page once the run is up. */
async function shownPid(page: Page): Promise<number> {
  await expect(fact(page, 'Process ID')).toHaveText(/^\d+$/);
  return Number(await fact(page, 'Process ID').textContent());
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The process and everything it started (Chromium included), read from /proc. */
function processTree(root: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // "pid (comm) state ppid …": comm may hold spaces and parentheses, so read after the last ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
    } catch {
      // The process ended while we looked.
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) tree.push(...(parents.get(tree[i] ?? -1) ?? []));
  return tree;
}

// A failed test must not leave a run behind for the next one (start would answer 409).
test.afterEach(async ({ page }) => {
  const origin = new URL(page.url()).origin;
  if (!origin.startsWith('http')) return;
  const status = await page.request.get('/api/v1/scraper/status');
  if (status.ok() && (await status.json()).data?.running) {
    await page.request.post('/api/v1/scraper/stop', { headers: { Origin: origin } });
  }
});

test('runs test mode with a pause, then downloads the Excel report and deletes a JSON file', async ({
  signedIn: page,
}) => {
  test.setTimeout(RUN_TIMEOUT + 60_000);
  await openScraper(page);
  await expect(page.getByRole('button', { name: 'Start Scraper' })).toBeVisible();

  await page.getByRole('button', { name: 'Show Settings' }).click();
  const settings = page.getByRole('region', { name: 'Scraper settings' });
  await settings.getByRole('radio', { name: 'Test Mode' }).check();
  await expect(settings.getByLabel('Max Workers')).toHaveValue('2');
  await expect(settings.getByLabel('Browser Concurrency')).toHaveValue('1');
  await expect(settings.getByLabel('Batch Size')).toHaveValue('50');
  // Test mode needs no browser and takes a few seconds: one worker leaves time to pause it.
  await settings.getByLabel('Max Workers').selectOption('1');
  await page.getByRole('button', { name: 'Start Scraper' }).click();

  await expect(fact(page, 'Status')).toHaveText('Running');
  await expect(heading(page)).toHaveText('Mining Project Scraper (Running)');

  // Pause at once: test mode takes seconds even at the demo directory's pace (DEMO_DIRECTORY_DELAY_MS),
  // and a pause that reaches the child after its last file is too late (the run completes, as it should).
  // The run's facts are read while paused.
  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(fact(page, 'Status')).toHaveText('Paused');
  await expect(heading(page)).toHaveText('Mining Project Scraper (Paused)');
  await expect(fact(page, 'Mode')).toHaveText('Test Mode');
  await shownPid(page);
  await expect(settings).toBeHidden();
  await expect(page.getByRole('button', { name: 'Show Settings' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Emergency Stop' })).toBeVisible();
  // Paused means paused: the run does not move on (a request in flight may still land first).
  const overall = page.getByRole('progressbar', { name: 'Overall Progress' });
  // The crawler reports 'Paused' once the pages in flight have landed; from then on nothing may move.
  await expect(fact(page, 'Current Activity')).toHaveText('Paused', { timeout: 20_000 });
  const pausedAt = await overall.getAttribute('aria-valuenow');
  await page.waitForTimeout(2000); // a window in which nothing happens: there is no event to wait for
  await expect(overall).toHaveAttribute('aria-valuenow', pausedAt ?? '');

  await page.getByRole('button', { name: 'Resume' }).click();
  await expect(fact(page, 'Status')).toHaveText('Running');

  await expect(phase(page, 'Discovery')).toContainText('Completed', { timeout: RUN_TIMEOUT });
  await expect(phase(page, 'Assembly')).toContainText('Completed', { timeout: RUN_TIMEOUT });
  await expect(phase(page, 'Export')).toContainText('Completed', { timeout: RUN_TIMEOUT });
  await expect(heading(page)).toHaveText('Mining Project Scraper (Last Run Completed)');
  await expect(fact(page, 'Status')).toHaveText('Stopped');
  await expect(overall).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByRole('button', { name: 'Start Scraper' })).toBeVisible();

  // The finished run's files appear without pressing Refresh Outputs.
  const excel = column(page, 'Excel Reports').getByRole('listitem').first();
  await expect(excel).toBeVisible();
  await expect(excel).toContainText(/\d+(\.\d)? (B|KB|MB)/);
  const excelName = await excel.getAttribute('aria-label');
  const [excelDownload] = await Promise.all([
    page.waitForEvent('download'),
    excel.getByRole('button', { name: 'Download' }).click(),
  ]);
  expect(excelDownload.suggestedFilename()).toBe(excelName);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await excelDownload.path());
  const sheets = workbook.worksheets.map((sheet) => sheet.name);
  expect(sheets).toEqual(expect.arrayContaining(['Projects', 'Companies', 'Contacts', 'Summary']));
  expect(workbook.getWorksheet('Projects')?.rowCount).toBeGreaterThan(1);

  const jsonColumn = column(page, 'JSON Files (CRM Ready)');
  const json = jsonColumn.getByRole('listitem').first();
  const jsonName = (await json.getAttribute('aria-label')) ?? '';
  expect(jsonName).toMatch(/\.json$/);
  const [jsonDownload] = await Promise.all([
    page.waitForEvent('download'),
    json.getByRole('button', { name: 'Download' }).click(),
  ]);
  expect(JSON.parse(readFileSync(await jsonDownload.path(), 'utf8'))).toBeTruthy();

  await json.getByRole('button', { name: `Delete ${jsonName}` }).click();
  const confirmation = page.getByRole('dialog', { name: 'Please confirm' });
  await expect(confirmation).toContainText(`Are you sure you want to delete ${jsonName}?`);
  await confirmation.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'File deleted successfully' })).toBeVisible();
  await expect(jsonColumn.getByRole('listitem', { name: jsonName })).toHaveCount(0);
  await page.reload();
  await expect(column(page, 'Excel Reports').getByRole('listitem', { name: excelName ?? '' })).toBeVisible();
  await expect(column(page, 'JSON Files (CRM Ready)').getByRole('listitem', { name: jsonName })).toHaveCount(0);
});

test('Emergency Stop mid-run leaves no process behind', async ({ signedIn: page }) => {
  test.setTimeout(RUN_TIMEOUT);
  await openScraper(page);
  // Production mode (every country, 360 projects): test mode can finish before the click lands.
  await page.getByRole('button', { name: 'Show Settings' }).click();
  await page.getByRole('radio', { name: 'Production Mode' }).check();
  await page.getByRole('button', { name: 'Start Scraper' }).click();
  await expect(fact(page, 'Status')).toHaveText('Running');
  const pid = await shownPid(page);
  expect(isAlive(pid)).toBe(true);
  // Let it get to work, so there is something to stop.
  await expect(phase(page, 'Discovery')).toContainText(/In progress|Completed/);
  await expect(phase(page, 'Export')).not.toContainText('Completed');
  const tree = processTree(pid);

  await page.getByRole('button', { name: 'Emergency Stop' }).click();
  await expect(fact(page, 'Status')).toHaveText('Stopped');
  await expect(fact(page, 'Process ID')).toHaveText('—');
  await expect(fact(page, 'Mode')).toHaveText('—');
  await expect(fact(page, 'Started')).toHaveText('—');
  await expect(heading(page)).toHaveText('Mining Project Scraper (Last Run Cancelled)');
  await expect(page.getByRole('button', { name: 'Start Scraper' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Emergency Stop' })).toBeHidden();

  const status = await (await page.request.get('/api/v1/scraper/status')).json();
  expect(status.data).toEqual({ running: false, paused: false, pid: null, start_time: null, mode: null });
  // The stop is graceful first and forceful after a short grace; give it that long.
  await expect.poll(() => isAlive(pid), { timeout: 15_000 }).toBe(false);
  expect(() => process.kill(pid, 0)).toThrow();
  await expect.poll(() => tree.filter(isAlive), { timeout: 15_000 }).toEqual([]);
});
