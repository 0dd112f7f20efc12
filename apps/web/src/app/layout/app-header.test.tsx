import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveProvider } from '../../lib/live-context.tsx';
import { stubApi, type FakeRequest } from '../../test/fake-api.ts';
import { renderWithQueryClient, TEST_MEMBER } from '../../test/render.tsx';
import { AppHeader } from './app-header.tsx';

const CURRENT = 'old-password-123';
let requests: FakeRequest[];

beforeEach(() => {
  requests = stubApi(({ method, path, body }) => {
    if (method !== 'PUT' || path !== '/api/v1/auth/password') return undefined;
    const { current_password } = body as { current_password: string };
    return current_password === CURRENT
      ? { status: 200, body: { success: true } }
      : { status: 400, body: { detail: 'Current password is incorrect', code: 'validation_failed' } };
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function openChangePassword() {
  renderWithQueryClient(
    <MemoryRouter>
      <LiveProvider enabled={false}>
        <AppHeader menuOpen={false} onOpenMenu={() => undefined} />
      </LiveProvider>
    </MemoryRouter>,
    { user: TEST_MEMBER },
  );
  const typist = userEvent.setup();
  await typist.click(screen.getByRole('button', { name: 'Account menu for Max Member' }));
  const menu = await screen.findByRole('menu');
  expect(within(menu).getByText('max@example.com')).toBeTruthy();
  await typist.click(within(menu).getByRole('menuitem', { name: 'Change password' }));
  const form = await screen.findByRole('form', { name: 'Change password' });
  return { typist, form };
}

describe('Change password in the user menu', () => {
  it('checks the new password in the browser before sending it', async () => {
    const { typist, form } = await openChangePassword();
    await typist.type(within(form).getByLabelText('Current password'), CURRENT);
    await typist.type(within(form).getByLabelText('New password'), 'short');
    await typist.type(within(form).getByLabelText('Confirm new password'), 'short');
    await typist.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(within(form).getByRole('alert').textContent).toBe('Password must be at least 12 characters');

    await typist.type(within(form).getByLabelText('New password'), '-long-enough');
    await typist.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(within(form).getByRole('alert').textContent).toBe('The new passwords do not match');
    // Only the notification bell's read: no password change was sent.
    expect(requests.filter((request) => request.method !== 'GET')).toHaveLength(0);
  });

  it("shows the server's detail for a wrong current password, and a notice once changed", async () => {
    const { typist, form } = await openChangePassword();
    await typist.type(within(form).getByLabelText('Current password'), 'not-the-password');
    await typist.type(within(form).getByLabelText('New password'), 'brand-new-password');
    await typist.type(within(form).getByLabelText('Confirm new password'), 'brand-new-password');
    await typist.click(within(form).getByRole('button', { name: 'Change password' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Current password is incorrect');

    await typist.clear(within(form).getByLabelText('Current password'));
    await typist.type(within(form).getByLabelText('Current password'), CURRENT);
    await typist.click(within(form).getByRole('button', { name: 'Change password' }));
    expect((await screen.findByRole('status')).textContent).toContain('Password changed');
    expect(screen.queryByRole('form', { name: 'Change password' })).toBeNull();
    expect(requests.at(-1)?.body).toEqual({ current_password: CURRENT, new_password: 'brand-new-password' });
  });
});
