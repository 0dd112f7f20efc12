import type { Page } from '@playwright/test';
import { startFakeOpenAi, type ChatRequest, type FakeOpenAiServer } from '../apps/server/test/fake-openai-server.ts';
import { checkAccessibility } from './axe.ts';
import { apiCall, E2E_ADMIN, expect, signIn, test } from './fixtures.ts';
import { startOwnServer, stopOwnServer, type OwnServer } from './own-server.ts';

/*
 * Issue 36: when the model's answer is not a valid output, the run view says why and shows what came back.
 * A server of its own analyses with an OpenAI-compatible model (the fake, over HTTP) that answers one
 * article with JSON cut off mid-way.
 */

const GARBLED = '{"signal_summary": "Drilling to start in March", "drilling_planned": "Ye';

let ai: FakeOpenAiServer | undefined;
let app: OwnServer | undefined;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  const titleOf = (request: ChatRequest) => {
    const user = request.messages?.find((message) => message.role === 'user')?.content;
    return /^Title: (.*)$/m.exec(typeof user === 'string' ? user : '')?.[1] ?? '';
  };
  ai = await startFakeOpenAi({
    behaviour: (request) => (titleOf(request).startsWith('Garbled') ? { kind: 'arguments', raw: GARBLED } : undefined),
  });
  app = await startOwnServer({
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    OPENAI_API_KEY: 'e2e-key',
    OPENAI_BASE_URL: ai.url,
  });
});
test.afterAll(async () => {
  if (app) await stopOwnServer(app);
  await ai?.close();
  app = undefined;
  ai = undefined;
});

/** Serious or critical WCAG 2.2 AA violations axe finds on the page as it is. */
async function blockingViolations(page: Page): Promise<string[]> {
  const results = await checkAccessibility(page, ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']);
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

const SHOTS = process.env.E2E_SCREENSHOTS;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/evaluation-${name}.png` });
};

test("a run shows the model's raw answer for an output that was not valid", async ({ browser }) => {
  test.setTimeout(90_000);
  const origin = app?.origin ?? '';
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    const context = await browser.newContext({ baseURL: origin, viewport });
    const page = await context.newPage();
    await signIn(page);
    const setName = `Invalid answers ${viewport.width}`;
    const set = (await apiCall(page.request, 'POST', '/api/v1/evaluation-sets', { name: setName }, origin)).data;
    const jsonl = ['Garbled release', 'Clean release']
      .map((title) =>
        JSON.stringify({ title, text: `${title}: drilling starts in March.`, expected: { drilling_planned: 'Yes' } }),
      )
      .join('\n');
    await apiCall(page.request, 'POST', `/api/v1/evaluation-sets/${set.id}/import`, { jsonl }, origin);

    // On a phone the menu is folded away: go there by address.
    await page.goto('/prompts');
    await page.getByRole('tab', { name: 'Evaluate' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Evaluate' });
    await panel.getByLabel('Evaluation set').selectOption({ label: `${setName} (2 articles, v2)` });
    const prompt = panel.getByLabel('Prompt to run');
    const active = await prompt.locator('option', { hasText: '(active)' }).first().textContent();
    await prompt.selectOption({ label: active ?? '' });
    await panel.getByRole('button', { name: 'Run evaluation' }).click();
    await expect(panel.getByRole('status').first()).toHaveText('Completed: 2 of 2 articles', { timeout: 30_000 });

    const invalid = panel.getByRole('list', { name: 'Articles whose output was not valid' });
    await expect(panel.getByRole('heading', { name: 'Invalid outputs (1 article)' })).toBeVisible();
    const item = invalid.getByRole('listitem');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText('Garbled release');
    await expect(item).toContainText("The model's answer is not valid JSON");
    // The run's live update may redraw the list as the click lands and close what it opened: open it until it stays.
    const answered = item.getByText('What the model answered');
    await expect(async () => {
      if (!(await answered.isVisible())) await item.getByText('Garbled release').click();
      await expect(answered).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await expect(item.locator('pre')).toHaveText(GARBLED);
    await item.scrollIntoViewIfNeeded();
    await shot(page, `raw-invalid-answer-${viewport.width}`);
    // The price table that costs runs sits under the sets.
    const prices = page.getByRole('form', { name: 'Model prices' });
    await prices.getByRole('button', { name: 'Add model' }).click();
    await prices.getByLabel('Model 1', { exact: true }).fill('openai:gpt-4o-mini');
    await prices.scrollIntoViewIfNeeded();
    await shot(page, `model-prices-${viewport.width}`);
    expect(await blockingViolations(page)).toEqual([]);
    await context.close();
  }
});
