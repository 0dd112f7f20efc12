import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures.ts';

const SCREENS = [
  { path: '/dashboard', heading: /^Welcome,/ },
  { path: '/news-signals', heading: 'Market Intelligence' },
  { path: '/reports', heading: /^Reports$/ },
  { path: '/logs', heading: 'System Logs' },
  { path: '/prompts', heading: 'AI Prompt Management' },
  { path: '/scraper', heading: /^Mining Project Scraper/ },
];

// An https page and image for the widgets; Playwright answers them after the browser's CSP check,
// so a refused source would never reach these handlers.
const EMBEDDED_PAGE = 'https://widgets.example/board.html';
const EMBEDDED_IMAGE = 'https://widgets.example/chart.svg';

// The custom widget reports whether its inline script ran and what it could reach.
const CUSTOM_HTML = `<p id="out">script did not run</p><script>
  const attempt = (read) => { try { return 'READ ' + read(); } catch (e) { return 'blocked (' + e.name + ')'; } };
  document.getElementById('out').textContent =
    'script ran; parent: ' + attempt(() => parent.document.title) + '; cookie: ' + attempt(() => document.cookie);
</script>`;

/** Every console message (from the page and its frames) and CSP violation event that names the policy. */
async function watchCsp(page: Page): Promise<string[]> {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) seen.push(`${page.url()}: ${message.text()}`);
  });
  // Violations a script catches (eval attempts, say) reach no console; this reports them there too.
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(
        `Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      ),
    );
  });
  return seen;
}

async function addWidget(page: Page, widget: { title: string; type: string; content: string }): Promise<void> {
  await page.getByRole('button', { name: 'Add Widget' }).click();
  const form = page.getByRole('form', { name: 'Add widget' });
  await form.getByLabel('Title').fill(widget.title);
  await form.getByLabel('Type').selectOption(widget.type);
  await form.getByLabel('Content').fill(widget.content);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: `Delete ${widget.title}` })).toBeVisible();
}

test('every screen and the pin board widgets work under the CSP; custom HTML runs sandboxed', async ({
  page,
  baseURL,
}) => {
  // Every screen in turn: past the default minute when a full run loads the machine.
  test.setTimeout(150_000);
  const violations = await watchCsp(page);
  await page.route(EMBEDDED_PAGE, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<h1 style="font: 24px sans-serif">Embedded https page</h1>' }),
  );
  await page.route(EMBEDDED_IMAGE, async (route) =>
    route.fulfill({ response: await page.request.get(`${baseURL}/favicon.svg`) }),
  );
  await signIn(page);

  const stamp = Date.now();
  const custom = `Sandboxed HTML ${stamp}`;
  const embedded = `Embedded page ${stamp}`;
  const image = `Embedded image ${stamp}`;
  await addWidget(page, { title: custom, type: 'custom', content: CUSTOM_HTML });
  await addWidget(page, { title: embedded, type: 'iframe', content: EMBEDDED_PAGE });
  await addWidget(page, { title: image, type: 'image', content: EMBEDDED_IMAGE });

  await expect(page.frameLocator(`iframe[title="${custom}"]`).locator('#out')).toHaveText(
    'script ran; parent: blocked (SecurityError); cookie: blocked (SecurityError)',
  );
  await expect(page.frameLocator(`iframe[title="${embedded}"]`).getByRole('heading')).toHaveText('Embedded https page');
  await expect
    .poll(() => page.getByRole('img', { name: image }).evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  // A tall viewport rather than fullPage: full-page capture leaves the cross-site frame blank.
  await page.setViewportSize({ width: 1280, height: 2100 });
  await page.screenshot({ path: '/tmp/browser-defences-dashboard.png' });

  // Opened on its own, the widget's document is still in an opaque origin (the CSP sandbox).
  const frameUrl = await page.locator(`iframe[title="${custom}"]`).getAttribute('src');
  expect(frameUrl).toMatch(/^\/api\/v1\/pinboard\/widgets\/\d+\/frame$/);
  const direct = await page.context().newPage();
  await direct.goto(frameUrl ?? '');
  await expect(direct.locator('#out')).toContainText('script ran; parent: READ ; cookie: blocked (SecurityError)');
  await direct.close();

  for (const screen of SCREENS) {
    await page.goto(screen.path);
    await expect(page.getByRole('heading', { name: screen.heading, level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /Mining Sales Hub API/ })).toBeVisible();

  expect(violations).toEqual([]);

  await page.goto('/dashboard');
  for (const name of [custom, embedded, image]) {
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('button', { name: `Delete ${name}` })).toHaveCount(0);
  }
});
