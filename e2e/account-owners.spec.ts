import type { Page } from '@playwright/test';
import { feedRoutes, rssXml, startFakeServer } from '../apps/server/test/fake-news-servers.ts';
import { E2E_ADMIN, apiCall, expect, signIn, test } from './fixtures.ts';
import { startOwnServer, stopOwnServer, type OwnServer } from './own-server.ts';

/*
 * Issue 34's owners and routing: an admin adds a rule on the Companies screen (copper accounts go to Rita, a rep),
 * then fetches and processes a release about a copper company nobody had heard of. The account is created with
 * Rita as its owner by the rule, and the release's High intent alerts her although she has no watch and never
 * fetched it: her bell holds the alert, which opens the company's page at that story. Desktop and phone.
 * A server of its own: the feed is this journey's, and its accounts and rules must not meet other journeys'.
 */

const TITLE = 'Quillon Copper Closes A$9 Million Placement to Drill Tarraby';
const BODY = `Quillon Copper Ltd (ASX: QCU) ("Quillon" or the "Company") is pleased to announce that it has closed a
placement raising gross proceeds of A$9,000,000. Proceeds will fund a fully funded 12,000-metre diamond drilling program
at the Tarraby Copper Project in Queensland, with two rigs mobilising next month.`;
const REP = { email: 'rita@example.com', password: 'rita-e2e-password-1', name: 'Rita Rep' };

let feeds: Awaited<ReturnType<typeof startFakeServer>> | undefined;
let app: OwnServer | undefined;

test.beforeEach(async () => {
  test.setTimeout(240_000);
  const routes: Parameters<typeof startFakeServer>[0] = {};
  feeds = await startFakeServer(routes);
  const host = feeds.url;
  routes['/wire.xml'] = feedRoutes.ok(
    rssXml('Wire', [
      {
        guid: 'q-1',
        title: TITLE,
        link: `${host}/q/1`,
        description: BODY,
        published: new Date(Date.now() - 3_600_000),
      },
    ]),
  );
  routes['/q/1'] = (_req, res) =>
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(`<!doctype html><html><body><article><h1>${TITLE}</h1><p>${BODY}</p></article></body></html>`);
  app = await startOwnServer({
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    NEWS_FEEDS: `${host}/wire.xml`,
  });
});

test.afterEach(async () => {
  if (app) await stopOwnServer(app);
  await feeds?.close();
  app = undefined;
  feeds = undefined;
});

const bellOf = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ });

test('a rule makes a rep the owner of a copper account; its High-intent release alerts her bell, which opens the company at the story', async ({
  browser,
}) => {
  if (!app) throw new Error('the server did not start');
  const origin = app.origin;
  const admin = await (await browser.newContext({ baseURL: origin, viewport: { width: 1366, height: 900 } })).newPage();

  await test.step('the admin adds a rule on the Companies screen: copper accounts go to Rita', async () => {
    await signIn(admin);
    await apiCall(admin.request, 'POST', '/api/v1/users', { ...REP, role: 'member' }, origin);
    await admin.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Companies', exact: true }).click();
    const rules = admin.getByRole('form', { name: 'Add an ownership rule' });
    await rules.getByLabel('Rule by').selectOption('commodity');
    await rules.getByLabel('Commodity').selectOption({ label: 'Copper' });
    await rules.getByLabel('Owner').selectOption({ label: REP.name });
    await rules.getByRole('button', { name: 'Add rule' }).click();
    await expect(admin.getByRole('list', { name: 'Ownership rules' })).toContainText('Commodity: Copper → Rita Rep');
    await expect(admin.getByText('Nothing to review.')).toBeVisible();
    await admin.screenshot({ path: '/tmp/owners-rules-1366.png', fullPage: true });
    await admin.setViewportSize({ width: 390, height: 844 });
    await expect(admin.getByRole('list', { name: 'Ownership rules' })).toBeVisible();
    await admin.screenshot({ path: '/tmp/owners-rules-390.png', fullPage: true });
    await admin.setViewportSize({ width: 1366, height: 900 });
  });

  await test.step('the admin fetches and processes a release about a copper company nobody owned yet', async () => {
    await admin.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'News Signals' }).click();
    await admin.getByRole('radiogroup', { name: 'Date filter' }).getByText('All Time', { exact: true }).click();
    await admin.getByRole('button', { name: 'Fetch News' }).click();
    const progress = admin.getByRole('region', { name: 'Fetch progress' });
    await expect(progress).toHaveAttribute('data-status', 'completed', { timeout: 60_000 });
    await admin.getByLabel('Select all on this page').check();
    await admin.getByRole('button', { name: 'Process Selected (1)' }).click();
    const panel = admin.getByRole('region', { name: 'Batch progress' });
    await expect(panel).toHaveAttribute('data-status', 'completed', { timeout: 60_000 });
    // The worker reads the story into accounts; the rule gives the new company its owner.
    await expect
      .poll(
        async () => {
          const list = await apiCall(admin.request, 'GET', '/api/v1/companies?q=Quillon', undefined, origin);
          return list.data.map((company: { name: string; owner: { name: string } | null }) => [
            company.name,
            company.owner?.name ?? null,
          ]);
        },
        { timeout: 30_000 },
      )
      .toEqual([['Quillon Copper Ltd', REP.name]]);
  });

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1366, height: 900 },
  ]) {
    await test.step(`Rita's bell holds the owner's alert and opens the company at the story (${viewport.width} px)`, async () => {
      const context = await browser.newContext({ baseURL: origin, viewport });
      const rep = await context.newPage();
      await signIn(rep, REP);
      const bell = bellOf(rep);
      if (viewport.width < 1366)
        await expect(bell).toHaveAccessibleName('Notifications, 1 unread', { timeout: 30_000 });
      await bell.click();
      const panel = rep.getByRole('region', { name: 'Notifications' });
      const alert = panel.getByRole('listitem').filter({ hasText: 'Your account Quillon Copper Ltd' }).first();
      await expect(alert).toContainText(/(High|Very High) intent/);
      await rep.screenshot({ path: `/tmp/owners-bell-${viewport.width}.png` });
      await alert.getByRole('link', { name: /Your account Quillon Copper Ltd/ }).click();
      await expect(rep.getByRole('heading', { name: 'Quillon Copper Ltd', level: 1 })).toBeVisible();
      await expect(rep.getByText('Rita Rep (by rule)')).toBeVisible();
      const story = rep.getByRole('list', { name: 'Stories' }).getByRole('listitem').filter({ hasText: TITLE });
      await expect(story).toHaveAttribute('aria-current', 'true');
      await expect(story).toBeInViewport();
      await rep.screenshot({ path: `/tmp/owners-company-${viewport.width}.png` });
      await context.close();
    });
  }

  await admin.context().close();
});
