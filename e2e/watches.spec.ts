import crypto from 'node:crypto';
import type { Locator } from '@playwright/test';
import {
  startWebhookReceiver,
  type ReceivedWebhook,
  type WebhookReceiver,
} from '../apps/server/test/fake-webhook-receiver.ts';
import { E2E_ADMIN, expect, signIn, test } from './fixtures.ts';
import { startOwnServer, stopOwnServer, type OwnServer } from './own-server.ts';

/*
 * Issue 17's "Done means", as a newcomer sees it: a watch for copper and gold with a webhook, Run now, and within a
 * minute the bell lights up, the CRM view holds the pushed signals and the receiver gets one signed digest; run
 * again and nothing new is found or sent. The webhook receiver is on loopback, which the server refuses unless
 * ALLOWED_PRIVATE_ORIGINS names it, so this journey starts a server of its own with that set.
 */

const WEBHOOK_SECRET = 'e2e-webhook-secret-0123456789';
const HOOK_PATH = '/hooks/sales';

let receiver: WebhookReceiver | undefined;
let app: OwnServer | undefined;

test.beforeEach(async () => {
  // A new embedded database, two runs and their deliveries, on a loaded machine.
  test.setTimeout(240_000);
  receiver = await startWebhookReceiver();
  app = await startOwnServer({
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    ALLOWED_PRIVATE_ORIGINS: receiver.origin,
    WEBHOOK_SECRET,
  });
});

test.afterEach(async () => {
  if (app) await stopOwnServer(app);
  await receiver?.close();
  app = undefined;
  receiver = undefined;
});

/** The digests of watch runs, not of "Send test alert". */
const runDigests = (deliveries: ReceivedWebhook[]) =>
  deliveries.filter((delivery) => !String(delivery.headers['x-webhook-id']).startsWith('test-'));

const signatureOf = (raw: string) => `sha256=${crypto.createHmac('sha256', WEBHOOK_SECRET).update(raw).digest('hex')}`;

/** A run history row's cells: Started, Status, New, Analysed, Pushed, Alerted. */
async function cellsOf(row: Locator): Promise<string[]> {
  return (await row.getByRole('cell').allInnerTexts()).map((text) => text.trim());
}

test('a watch for copper and gold runs now, lights the bell, pushes to the CRM and sends one signed digest, then nothing twice', async ({
  browser,
}) => {
  if (!app || !receiver) throw new Error('the receiver and server did not start');
  const { received: deliveries } = receiver;
  const hookUrl = `${receiver.origin}${HOOK_PATH}`;
  const context = await browser.newContext({ baseURL: app.origin });
  const page = await context.newPage();
  const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Copper and gold' }) });
  const rows = card.getByRole('table', { name: 'Run history' }).getByRole('row');

  await test.step('create the watch, testing its webhook first', async () => {
    await signIn(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Watches' }).click();
    await expect(page.getByRole('heading', { name: 'Watches', level: 1 })).toBeVisible();
    await expect(bell).toHaveAccessibleName('Notifications');
    await page.getByRole('button', { name: 'New watch' }).click();
    const form = page.getByRole('form', { name: 'Watch' });
    await form.getByLabel('Name').fill('Copper and gold');
    const commodities = form.getByRole('combobox', { name: 'Commodities' });
    for (const name of ['Copper', 'Gold']) {
      await commodities.fill(name);
      await page.getByRole('option', { name: new RegExp(`^${name}\\b`) }).click();
    }
    await commodities.press('Escape');
    await expect(form.getByRole('list', { name: 'Selected commodities' }).getByRole('listitem')).toHaveText([
      /Copper/,
      /Gold/,
    ]);
    await form.getByLabel('Push to CRM at intent').selectOption({ label: 'High and above' });
    await form.getByLabel('Webhook URL').fill(hookUrl);

    await form.getByRole('button', { name: 'Send test alert' }).click();
    await expect(form.getByRole('status', { name: 'Test alert outcome' })).toHaveText('Webhook: sent');
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]?.headers['x-signature-256']).toBe(signatureOf(deliveries[0]?.rawBody ?? ''));

    await form.getByRole('button', { name: 'Save as watch' }).click();
    await expect(form).toHaveCount(0);
    await expect(card.getByText('push High+', { exact: false })).toBeVisible();
  });

  let pushed = 0;
  await test.step('Run now: the run completes, the bell lights up and one signed digest arrives', async () => {
    await card.getByRole('button', { name: 'Run now' }).click();
    await card.getByRole('button', { name: 'Show run history' }).click();
    await expect(rows).toHaveCount(2, { timeout: 60_000 });
    await expect(rows.nth(1).getByRole('cell').nth(1)).toHaveText('completed', { timeout: 60_000 });
    const [, , fresh, analysed, pushedText, alerted] = await cellsOf(rows.nth(1));
    pushed = Number(pushedText);
    expect(Number(fresh), 'new articles').toBeGreaterThan(0);
    expect(Number(analysed), 'analysed').toBe(Number(fresh));
    expect(pushed, 'pushed').toBeGreaterThan(0);
    expect(Number(alerted), 'alerted').toBe(pushed);

    await expect(bell).toHaveAccessibleName(/^Notifications, \d+ unread$/, { timeout: 60_000 });
    await expect.poll(() => runDigests(deliveries).length, { timeout: 60_000 }).toBe(1);
    const [digest] = runDigests(deliveries);
    if (!digest) throw new Error('no digest');
    expect(digest.headers['content-type']).toMatch(/^application\/json/);
    expect(digest.headers['x-signature-256']).toBe(signatureOf(digest.rawBody));
    expect(Number(digest.headers['x-webhook-timestamp'])).toBeGreaterThan(Date.now() / 1000 - 300);
    const body = JSON.parse(digest.rawBody) as {
      text: string;
      watch: { name: string };
      signals: { url: string; buying_intent_score: string | null }[];
    };
    expect(body.watch.name).toBe('Copper and gold');
    expect(body.text).toContain('Copper and gold');
    expect(body.signals).toHaveLength(pushed);
    for (const signal of body.signals) {
      expect(signal.buying_intent_score).toMatch(/^(High|Very High)$/);
      expect(signal.url).toMatch(/^https?:\/\//);
    }
    await page.screenshot({ path: '/tmp/w-1-watches.png', fullPage: true });

    await bell.click();
    const panel = page.getByRole('region', { name: 'Notifications' });
    await expect(panel.getByRole('listitem').first()).toContainText('Copper and gold');
    await page.screenshot({ path: '/tmp/w-2-bell.png' });
    await bell.click();
    await expect(panel).toHaveCount(0);
  });

  await test.step('the CRM view holds the pushed signals', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'CRM' }).click();
    await expect(page.getByRole('heading', { name: 'CRM', level: 1 })).toBeVisible();
    await expect(page.getByText(new RegExp(`^Showing 1–\\d+ of ${pushed} records$`))).toBeVisible();
    await expect(
      page
        .getByRole('table')
        .getByRole('row')
        .nth(1)
        .getByText(/^Buying intent: (High|Very High)$/),
    ).toBeVisible();
  });

  await test.step('Run now again: nothing new, nothing pushed or sent', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Watches' }).click();
    await card.getByRole('button', { name: 'Run now' }).click();
    await card.getByRole('button', { name: 'Show run history' }).click();
    await expect(rows).toHaveCount(3, { timeout: 60_000 });
    await expect(rows.nth(1).getByRole('cell').nth(1)).toHaveText('completed', { timeout: 60_000 });
    const [, , fresh, analysed, pushedAgain, alerted] = await cellsOf(rows.nth(1));
    expect({ fresh, analysed, pushedAgain, alerted }).toEqual({
      fresh: '0',
      analysed: '0',
      pushedAgain: '0',
      alerted: '0',
    });
    // The run records what it queued before it completes: alerted 0 means no delivery job exists to arrive later.
    expect(runDigests(deliveries)).toHaveLength(1);
  });

  await context.close();
});
