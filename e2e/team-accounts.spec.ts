import type { Page } from '@playwright/test';
import { E2E_ADMIN, expect, signIn, test } from './fixtures.ts';

/*
 * Team accounts: the e2e admin adds a member on the Users screen, the member works in a browser of their
 * own and meets the role limits, then the admin disables them and their open page drops to sign-in.
 * Other specs run beside this one as the same admin, so everything is found by this run's own email.
 */

const ACCESS_DENIED = 'You do not have access to this page';

async function fetchAllTimeNews(page: Page): Promise<void> {
  await page.getByRole('radiogroup', { name: 'Date filter' }).getByText('All Time', { exact: true }).click();
  const answer = page.waitForResponse((response) => response.url().endsWith('/api/v1/fetch-news-session'));
  await page.getByRole('button', { name: 'Fetch News' }).click();
  expect((await answer).status()).toBe(200);
  const region = page.getByRole('region', { name: 'Fetch progress' });
  await expect(region).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
}

test('an admin adds a member, who works within the member role until the admin disables them', async ({
  page: admin,
  browser,
}) => {
  test.setTimeout(150_000);
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;
  const member = { email: `member-${stamp}@example.com`, name: `Member ${stamp}`, password: '' };

  await test.step('the admin adds the member and reads the password shown once', async () => {
    await signIn(admin);
    await admin.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }).click();
    await expect(admin.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
    await admin.getByRole('button', { name: 'Add user' }).click();
    const form = admin.getByRole('form', { name: 'Add user' });
    await form.getByLabel('Email').fill(member.email);
    await form.getByLabel('Name').fill(member.name);
    await expect(form.getByLabel('Role')).toHaveValue('member');
    await form.getByRole('button', { name: 'Generate' }).click();
    await expect(form.getByLabel('Password')).toHaveValue(/^\S{20}$/);
    await form.getByRole('button', { name: 'Create user' }).click();

    const shown = admin.getByRole('region', { name: `Password for ${member.email}` });
    await expect(shown).toBeVisible();
    member.password = (await shown.locator('code').textContent()) ?? '';
    expect(member.password).toHaveLength(20);
    await admin.getByRole('button', { name: 'Done' }).click();
    await expect(shown).toHaveCount(0);

    const row = admin.getByRole('row', { name: member.email });
    await expect(row.getByText('Member', { exact: true })).toBeVisible();
    await expect(row.getByText('Active', { exact: true })).toBeVisible();
    await expect(row.getByText('Never', { exact: true })).toBeVisible();
    await admin.screenshot({ path: '/tmp/team-accounts-users.png', fullPage: true });
  });

  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  // The server ends a disabled user's live socket (code 4401); the page then re-runs its auth check.
  let socketClosed = false;
  memberPage.on('websocket', (socket) => socket.on('close', () => (socketClosed = true)));
  try {
    await test.step('the member signs in and sees no admin links', async () => {
      await signIn(memberPage, member);
      const nav = memberPage.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('link')).toHaveText([
        'Dashboard',
        'News Signals',
        'Signals',
        'Companies',
        'CRM',
        'Watches',
        'Reports',
        'AI Prompts',
      ]);
      await memberPage.goto('/logs');
      await expect(memberPage.getByRole('heading', { name: ACCESS_DENIED })).toBeVisible();
      await expect(nav).toBeVisible();
      await expect(memberPage.getByRole('heading', { name: 'System Logs' })).toHaveCount(0);
      // AI Prompts stays readable, without its admin controls.
      await memberPage.goto('/prompts');
      await expect(memberPage.getByText('Only admins can change prompts.')).toBeVisible();
      await expect(memberPage.getByRole('button', { name: 'Create New Prompt' })).toHaveCount(0);
    });

    await test.step('the member fetches news and processes a batch', async () => {
      await memberPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'News Signals' }).click();
      await expect(memberPage.getByRole('heading', { name: 'Market Intelligence', level: 1 })).toBeVisible();
      await expect(memberPage.getByRole('banner').getByText('Connected', { exact: true })).toBeVisible();
      await fetchAllTimeNews(memberPage);
      const cards = memberPage
        .getByRole('list', { name: 'Articles' })
        .getByRole('listitem')
        .filter({ has: memberPage.getByRole('checkbox') });
      await cards.nth(0).getByRole('checkbox').check();
      await cards.nth(1).getByRole('checkbox').check();
      const started = memberPage.waitForResponse((response) =>
        response.url().endsWith('/api/v1/batch/process-selected'),
      );
      await memberPage.getByRole('button', { name: 'Process Selected (2)' }).click();
      expect((await started).status()).toBe(200);
      const panel = memberPage.getByRole('region', { name: 'Batch progress' });
      await expect(panel).toHaveAttribute('data-status', 'completed', { timeout: 60_000 });
    });

    await test.step("the admin disables the member; the member's open page drops to sign-in", async () => {
      await admin.getByRole('button', { name: `Actions for ${member.email}` }).click();
      await admin.getByRole('menuitem', { name: 'Disable' }).click();
      const dialog = admin.getByRole('dialog', { name: 'Disable this user?' });
      await dialog.getByRole('button', { name: 'Disable user' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(admin.getByRole('row', { name: member.email }).getByText('Disabled', { exact: true })).toBeVisible();
      await expect(memberPage.getByRole('heading', { name: 'Sign in to Mining Sales Hub' })).toBeVisible({
        timeout: 10_000,
      });
      expect(socketClosed).toBe(true);
    });
  } finally {
    await memberContext.close();
  }

  await test.step('the audit log shows the creation and the disabling', async () => {
    await admin.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit Log' }).click();
    await expect(admin.getByRole('heading', { name: 'Audit Log', level: 1 })).toBeVisible();
    for (const action of ['User created', 'User disabled']) {
      await admin.getByLabel('Action').selectOption({ label: action });
      const entry = admin.getByRole('row').filter({ hasText: member.email });
      await expect(entry).toHaveCount(1);
      await expect(entry.getByText(action, { exact: true })).toBeVisible();
      await expect(entry.getByText(E2E_ADMIN.email, { exact: true })).toBeVisible();
    }
    await admin.getByLabel('Action').selectOption({ label: 'All actions' });
    await expect(admin.getByRole('row').filter({ hasText: member.email })).toHaveCount(2);
    await admin.screenshot({ path: '/tmp/team-accounts-audit-log.png', fullPage: true });
  });
});
