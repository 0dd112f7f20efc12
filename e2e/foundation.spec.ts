import { E2E_ADMIN, expect, signIn, test } from './fixtures.ts';

test('a protected route while signed out shows the sign-in screen, and a wrong password the spec message', async ({
  page,
}) => {
  await page.goto('/prompts');
  await expect(page.getByRole('heading', { name: 'Sign in to Mining Sales Hub' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'AI Prompt Management' })).toHaveCount(0);
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password').fill('definitely-wrong');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password. Please try again.');
});

test('sign in, see the dashboard with live connection, navigate, and log out', async ({ page }) => {
  await signIn(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${E2E_ADMIN.name}` })).toBeVisible();
  for (const action of ['Start Market Analysis', 'Generate Reports', 'Configure AI']) {
    await expect(page.getByRole('link', { name: new RegExp(action) })).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'Articles by status' })).toBeVisible();
  await expect(page.getByRole('banner').getByText('Connected', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'System Status' })).toBeVisible();
  await expect(page.getByText('API status')).toBeVisible();
  await expect(page.getByText('Online', { exact: true })).toBeVisible();

  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Reports', exact: true }).click();
  // Reports was SPEC.md's placeholder until the sales workspace (#16) made it a real page.
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to Mining Sales Hub' })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Sign in to Mining Sales Hub' })).toBeVisible();
});

test('quick links: validation, add, edit, open in a new tab, delete with confirmation', async ({ page }) => {
  await signIn(page);
  const label = `Assay lab ${Date.now()}`;
  await page.getByRole('button', { name: 'Add Link' }).click();
  const form = page.getByRole('form', { name: 'Add quick link' });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please fill in both label and URL');

  await form.getByLabel('Label').fill(label);
  await form.getByLabel('URL').fill('https://example.com/assays');
  await form.getByLabel('Color').selectOption('green');
  await form.getByRole('button', { name: 'Save' }).click();
  const link = page.getByRole('link', { name: label });
  await expect(link).toHaveAttribute('href', 'https://example.com/assays');
  await expect(link).toHaveAttribute('target', '_blank');

  await page.getByRole('button', { name: `Edit ${label}` }).click();
  const edit = page.getByRole('form', { name: 'Edit quick link' });
  await edit.getByLabel('Label').fill(`${label} v2`);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('link', { name: `${label} v2` })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('link', { name: `${label} v2` })).toBeVisible();
  await page.getByRole('button', { name: `Delete ${label} v2` }).click();
  const confirmation = page.getByRole('dialog', { name: 'Please confirm' });
  await expect(confirmation).toContainText('Are you sure you want to delete this quick link?');
  await confirmation.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('link', { name: `${label} v2` })).toHaveCount(0);
});

test('widgets: add an image widget, add a custom widget that cannot reach the session, delete', async ({
  page,
  baseURL,
}) => {
  await signIn(page);
  const title = `Price chart ${Date.now()}`;
  await page.getByRole('button', { name: 'Add Widget' }).click();
  const form = page.getByRole('form', { name: 'Add widget' });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please fill in both title and content');
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Type').selectOption('image');
  await form.getByLabel('Content').fill(`${baseURL}/favicon.svg`);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('img', { name: title })).toBeVisible();

  // The custom widget tries to read the app's cookie and call the API, and writes what it got.
  const custom = `Probe ${Date.now()}`;
  await page.getByRole('button', { name: 'Add Widget' }).click();
  await form.getByLabel('Title').fill(custom);
  await form.getByLabel('Type').selectOption('custom');
  await form.getByLabel('Content').fill(`<p id="out">running</p><script>
    let cookie; try { cookie = document.cookie; } catch (e) { cookie = 'blocked'; }
    fetch('${baseURL}/api/v1/auth/me', { credentials: 'include' })
      .then((r) => r.status === 200 ? 'api:READ' : 'api:' + r.status, () => 'api:blocked')
      .then((api) => { document.getElementById('out').textContent = 'cookie:' + (cookie || 'empty') + ' ' + api; });
  </script>`);
  await form.getByRole('button', { name: 'Save' }).click();
  // Its own card: other journeys running beside this one add custom widgets of their own.
  const card = page.getByRole('article').filter({ has: page.locator(`iframe[title="${custom}"]`) });
  await expect(card.getByText('Custom HTML widgets run untrusted code in a sandbox - use with caution.')).toBeVisible();
  const frame = page.frameLocator(`iframe[title="${custom}"]`);
  await expect(frame.locator('#out')).toHaveText(/cookie:(blocked|empty) api:(blocked|401)/);

  for (const name of [title, custom]) {
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    const confirmation = page.getByRole('dialog', { name: 'Please confirm' });
    await expect(confirmation).toContainText('Are you sure you want to delete this widget?');
    await confirmation.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('button', { name: `Delete ${name}` })).toHaveCount(0);
  }
});
