import type { Page } from '@playwright/test';
import { apiCall, E2E_ADMIN, expect, signIn, test } from './fixtures.ts';
import { startOwnServer, stopOwnServer, type OwnServer } from './own-server.ts';

/*
 * Issue 36's journey: two reviewed articles go into a set with corrections, an edited (unsaved) prompt runs
 * over it beside the active version, and activating a version that scored lower meets the confirmation,
 * which the audit log then records with both scores. On a server of its own: activating prompt versions and
 * changing the default set would change what the journeys sharing the common server analyse with.
 */

let app: OwnServer | undefined;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  app = await startOwnServer({
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    NEWS_FETCH_INTERVAL_SECONDS: '1',
  });
});
test.afterAll(async () => {
  if (app) await stopOwnServer(app);
  app = undefined;
});

// Screenshots for a person to look at: E2E_SCREENSHOTS=dir.
const SHOTS = process.env.E2E_SCREENSHOTS;
const shot = async (page: Page, name: string, fullPage = false) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/evaluation-${name}.png`, fullPage });
};

const setsCard = (page: Page) =>
  page.locator('section').filter({ has: page.getByRole('heading', { name: 'Evaluation Sets', level: 2 }) });

interface PromptData {
  id: number;
  name: string;
  function_schema: { name: string; description: string; parameters: { properties: object; required?: string[] } };
}

/** Expands and summarises the n-th article of the list in its detail, then adds it to `setName` with corrections. */
async function reviewInto(page: Page, index: number, setName: string, intent: string): Promise<string> {
  const card = page
    .getByRole('list', { name: 'Articles' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('checkbox') })
    .nth(index);
  const title = (await card.getByRole('heading', { level: 3 }).textContent()) ?? '';
  await card.getByRole('button', { name: title }).click();
  const dialog = page.getByRole('dialog', { name: title });
  const expand = dialog.getByRole('button', { name: 'Expand', exact: true });
  const summarize = dialog.getByRole('button', { name: 'Summarize', exact: true });
  await expand.click();
  // Right after a fetch of every demo article the server is busy: the read may wait for its thread (not counted
  // against the page's 30 s) and the answer may be slow, never failed.
  await expect(summarize).toBeVisible({ timeout: 90_000 });
  await summarize.click({ timeout: 30_000 });
  await dialog.getByRole('button', { name: 'Add to evaluation set' }).click({ timeout: 30_000 });
  const form = page.getByRole('dialog', { name: 'Add to evaluation set' });
  await form.getByLabel('Evaluation set').selectOption({ label: setName });
  await form.getByLabel('Buying intent').selectOption(intent);
  await form.getByLabel('Drilling planned').selectOption('Yes');
  await form.getByLabel('Drilling length (metres)').fill('5,000 m');
  await shot(page, `add-${index}`);
  await form.getByRole('button', { name: 'Add article' }).click();
  await expect(form).toHaveCount(0);
  await expect(dialog.getByRole('status').filter({ hasText: `Added to ${setName}` })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(dialog).toHaveCount(0);
  return title;
}

async function runFromEvaluateTab(page: Page, setName: string, what: string | RegExp): Promise<void> {
  await page.getByRole('tab', { name: 'Evaluate' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Evaluate' });
  const setSelect = panel.getByLabel('Evaluation set');
  const setOption = await setSelect.locator('option', { hasText: setName }).first().textContent();
  await setSelect.selectOption({ label: setOption ?? setName });
  const promptSelect = panel.getByLabel('Prompt to run');
  const option = await promptSelect.locator('option', { hasText: what }).first().textContent();
  await promptSelect.selectOption({ label: option ?? '' });
  const started = page.waitForResponse(
    (response) => response.request().method() === 'POST' && /\/evaluations$/.test(response.url()),
  );
  await panel.getByRole('button', { name: 'Run evaluation' }).click();
  const runId: number = (await (await started).json()).data.id;
  // This run's own section: an earlier run shown before it may say Completed too.
  const section = panel.getByRole('region', { name: new RegExp(`^Run #${runId}:`) });
  await expect(section.getByRole('status')).toHaveText('Completed: 2 of 2 articles', { timeout: 30_000 });
}

test('add reviewed articles to a set, run the edited prompt, compare, and confirm activating a worse version', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const origin = app?.origin ?? '';
  const context = await browser.newContext({ baseURL: origin });
  const page = await context.newPage();
  await signIn(page);
  const stamp = Date.now();
  const setName = `Reviewed ${stamp}`;
  const original: PromptData = (await apiCall(page.request, 'GET', '/api/v1/prompts/active', undefined, origin)).data;

  try {
    await test.step('AI Prompts: create a set and make it the default', async () => {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'AI Prompts' }).click();
      const card = setsCard(page);
      await card.getByLabel('New set name').fill(setName);
      await card.getByRole('button', { name: 'Create set' }).click();
      await card.getByRole('button', { name: `Make default: ${setName}` }).click();
      await expect(card.getByRole('row', { name: new RegExp(setName) })).toContainText('Default');
    });

    const titles: string[] = [];
    await test.step('Market Intelligence: analyse two articles and add them with corrections', async () => {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'News Signals' }).click();
      await page.getByRole('radiogroup', { name: 'Date filter' }).getByText('All Time', { exact: true }).click();
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const answer = page.waitForResponse((response) => response.url().endsWith('/api/v1/fetch-news-session'));
        await page.getByRole('button', { name: 'Fetch News' }).click();
        const response = await answer;
        if (response.status() !== 429) break;
        await page.waitForTimeout(Number(response.headers()['retry-after'] ?? 4) * 1000);
      }
      const progress = page.getByRole('region', { name: 'Fetch progress' });
      await expect(progress).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
      titles.push(await reviewInto(page, 0, setName, 'Very High'));
      titles.push(await reviewInto(page, 1, setName, 'Low'));
    });

    await test.step('AI Prompts: run the active version, then the edited draft, and read the comparison', async () => {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'AI Prompts' }).click();
      await expect(setsCard(page).getByRole('row', { name: new RegExp(setName) })).toContainText('2');
      await runFromEvaluateTab(page, setName, /\(active\)/);
      // The edit: the e-mail subject is dropped from the schema, so every article loses that field.
      await page.getByRole('tab', { name: 'Output Schema' }).click();
      await page
        .getByRole('tabpanel', { name: 'Output Schema' })
        .getByRole('button', { name: 'Remove field email_subject' })
        .click();
      await runFromEvaluateTab(page, setName, 'The draft in the editor');
      const panel = page.getByRole('tabpanel', { name: 'Evaluate' });
      await expect(
        panel.getByRole('heading', { name: /Compared with the active version.*0 better, 2 worse/ }),
      ).toBeVisible();
      await expect(panel.getByRole('row', { name: /email_subject/ })).toContainText('0.0%');
      const changed = panel.getByRole('list', { name: 'Articles whose output changed' });
      await changed.getByText(titles[0] ?? '', { exact: true }).click();
      await expect(changed.getByRole('row', { name: /email_subject/ }).first()).toContainText('(missing)');
      await shot(page, 'comparison', true);
    });

    await test.step('Activating a saved version that scored lower asks first; the audit log keeps both scores', async () => {
      const parameters = original.function_schema.parameters as {
        properties: Record<string, unknown>;
        required?: string[];
      };
      const { email_subject: _dropped, ...properties } = parameters.properties;
      const worseName = `Without subjects ${stamp}`;
      await apiCall(
        page.request,
        'POST',
        '/api/v1/prompts',
        {
          name: worseName,
          prompt_text: 'Find drilling signals; no outreach e-mail.',
          function_schema: {
            ...original.function_schema,
            parameters: {
              ...parameters,
              properties,
              required: (parameters.required ?? []).filter((f) => f !== 'email_subject'),
            },
          },
          set_as_active: false,
        },
        origin,
      );
      await page.reload();
      await runFromEvaluateTab(page, setName, worseName);
      await page.getByRole('button', { name: `Activate ${worseName}` }).click();
      const confirm = page.getByRole('dialog', { name: `Activate "${worseName}" although it scored lower?` });
      await expect(confirm).toContainText(/against the active version's/);
      await expect(confirm.getByRole('heading', { name: /2 worse/ })).toBeVisible();
      await shot(page, 'confirmation');
      await confirm.getByRole('button', { name: 'Activate anyway' }).click();
      await expect(confirm).toHaveCount(0);
      await expect(page.getByRole('region', { name: 'Currently Active' })).toContainText(worseName);

      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit Log' }).click();
      const entry = page.getByRole('row').filter({ hasText: worseName }).first();
      await expect(entry).toContainText(/against the active version's [\d.]+%.*confirmed/);
      await shot(page, 'audit');
    });
  } finally {
    await context.close();
  }
});
