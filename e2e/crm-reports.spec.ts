import { apiCall as call, expect, signIn, test } from './fixtures.ts';

/*
 * The CRM and Reports screens over what one member pushed: a member of their own (created through the users
 * API), so the numbers do not depend on what the other specs fetch as the admin.
 */

const MEMBER = { email: `crm-rep-${Date.now()}@example.com`, name: 'Casey Rep', password: 'casey-rep-password-1' };

test('a member pushes three signals, sees them on the CRM screen with links, and the report agrees', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page);
  await call(page.request, 'POST', '/api/v1/users', { ...MEMBER, role: 'member' });
  await page.request.post('/api/v1/auth/logout', { headers: { origin: new URL(page.url()).origin } });
  await signIn(page, MEMBER);

  // Fetch all the demo news and push the three oldest as a batch: articles are shared between users, and the
  // news specs work on the newest pages at the same time.
  const { session_id: session } = await call(page.request, 'POST', '/api/v1/fetch-news-session', {
    dateRange: 3650,
  });
  // The fetch is done once the session's article count stops growing between two reads a second apart.
  let ids: number[] = [];
  await expect
    .poll(
      async () => {
        const before = ids.length;
        ids = (await call(page.request, 'GET', `/api/v1/articles/session/${session}/ids`)).data.article_ids;
        return ids.length > 100 && ids.length === before;
      },
      { timeout: 30_000, intervals: [1_000] },
    )
    .toBe(true);
  const batch = await call(page.request, 'POST', '/api/v1/batch/process-selected', { article_ids: ids.slice(-3) });
  await expect
    .poll(async () => (await call(page.request, 'GET', `/api/v1/batch/status/${batch.batch_session_id}`)).status, {
      timeout: 60_000,
    })
    .toBe('completed');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'CRM' }).click();
  await expect(page.getByRole('heading', { name: 'CRM', level: 1 })).toBeVisible();
  await expect(page.getByText('Showing 1–3 of 3 records')).toBeVisible();
  await expect(page.getByText(/local CRM outbox/)).toBeVisible();
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(4);
  for (const row of await rows.all().then((all) => all.slice(1))) {
    await expect(row.getByText(/^Buying intent: (Low|Medium|High|Very High)$/)).toBeVisible();
    await expect(row.getByText('by Casey Rep')).toBeVisible();
    // Demo articles live on this server: the link is absolute on its origin and opens in a new tab.
    const source = row.getByRole('link', { name: /^Source: / });
    await expect(source).toHaveAttribute('href', new RegExp(`^${new URL(page.url()).origin}/demo-news/articles/`));
    await expect(source).toHaveAttribute('target', '_blank');
  }
  // The table's four columns fit the narrowest screen it shows on (xl, 1280 px): long project names or e-mail
  // addresses are cut in their column, not pushed past the card where Pushed would need a sideways scroll.
  await page.setViewportSize({ width: 1280, height: 900 });
  const hidden = await page
    .getByRole('table')
    .evaluate((table) => table.scrollWidth - (table.parentElement?.clientWidth ?? 0));
  expect(hidden).toBeLessThanOrEqual(0);
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  expect((await download).suggestedFilename()).toBe('crm-outbox.csv');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reports' }).click();
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  // Articles are shared: the admin's specs analyse and push some of those this member fetched too, and the
  // funnel counts what became of the member's articles, whoever moved them. The page shows the server's
  // figures, and the member's three pushes are among them.
  const { funnel } = (await call(page.request, 'GET', '/api/v1/reports/summary?days=30')).data;
  expect(funnel.fetched).toBe(ids.length);
  expect(funnel.pushed).toBeGreaterThanOrEqual(3);
  expect(funnel.analysed).toBeGreaterThanOrEqual(funnel.pushed);
  const figure = (label: string) => page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('+ dd');
  await expect(figure('Fetched')).toHaveText(funnel.fetched.toLocaleString('en-US'));
  await expect(figure('Analyzed')).toHaveText(funnel.analysed.toLocaleString('en-US'));
  await expect(figure('Pushed')).toHaveText(funnel.pushed.toLocaleString('en-US'));
  await expect(page.getByRole('heading', { name: 'Pipeline funnel' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Signals over time' })).toBeVisible();
  await expect(page.locator('.recharts-surface').first()).toBeVisible();
});
