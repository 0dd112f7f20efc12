import type { ManagedUser } from '@mining-hub/contract/users';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi, type FakeRequest } from '../../test/fake-api.ts';
import { renderWithQueryClient, TEST_ADMIN } from '../../test/render.tsx';
import { UsersPage } from './users-page.tsx';

const admin: ManagedUser = {
  ...TEST_ADMIN,
  disabled: false,
  created_at: '2026-01-05T10:00:00.000Z',
  last_sign_in_at: '2026-03-01T08:30:00.000Z',
};
const member: ManagedUser = {
  id: 2,
  email: 'max@example.com',
  name: 'Max Member',
  role: 'member',
  disabled: false,
  created_at: '2026-02-01T10:00:00.000Z',
  last_sign_in_at: null,
};

let users: ManagedUser[];
let requests: FakeRequest[];
let overrides: (request: FakeRequest) => { status: number; body?: unknown } | undefined;

beforeEach(() => {
  users = [admin, member];
  overrides = () => undefined;
  requests = stubApi((request) => {
    const override = overrides(request);
    if (override) return override;
    const { method, path, body } = request;
    if (method === 'GET' && path === '/api/v1/users') return { status: 200, body: { success: true, data: users } };
    if (method === 'POST' && path === '/api/v1/users') {
      const input = body as ManagedUser & { password: string };
      if (users.some((user) => user.email === input.email)) {
        return { status: 409, body: { detail: 'A user with this email already exists', code: 'conflict' } };
      }
      const created: ManagedUser = {
        id: users.length + 1,
        email: input.email,
        name: input.name,
        role: input.role,
        disabled: false,
        created_at: '2026-03-02T09:00:00.000Z',
        last_sign_in_at: null,
      };
      users = [...users, created];
      return { status: 201, body: { success: true, data: created } };
    }
    const reset = /^\/api\/v1\/users\/(\d+)\/reset-password$/.exec(path);
    if (method === 'POST' && reset)
      return { status: 200, body: { success: true, temporary_password: 'Tmp-pass-1234567' } };
    const patch = /^\/api\/v1\/users\/(\d+)$/.exec(path);
    if (method === 'PATCH' && patch) {
      users = users.map((user) => (user.id === Number(patch[1]) ? { ...user, ...(body as object) } : user));
      return { status: 200, body: { success: true, data: users.find((user) => user.id === Number(patch[1])) } };
    }
    return undefined;
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const row = (email: string) => screen.findByRole('row', { name: email });

/** Opens the row's Actions menu and picks `label`. */
async function chooseAction(typist: ReturnType<typeof userEvent.setup>, email: string, label: string) {
  await typist.click(await screen.findByRole('button', { name: `Actions for ${email}` }));
  await typist.click(await screen.findByRole('menuitem', { name: label }));
}

describe('UsersPage', () => {
  it('lists every user with role, status, dates and no actions on the own row', async () => {
    renderWithQueryClient(<UsersPage />);
    const maxRow = await row('max@example.com');
    expect(within(maxRow).getByText('Max Member')).toBeTruthy();
    expect(within(maxRow).getByText('Member')).toBeTruthy();
    expect(within(maxRow).getByText('Active')).toBeTruthy();
    expect(within(maxRow).getByText('Never')).toBeTruthy();
    const ownRow = screen.getByRole('row', { name: 'ada@example.com' });
    expect(within(ownRow).getByText('(you)')).toBeTruthy();
    expect(within(ownRow).getByText('Admin')).toBeTruthy();
    expect(within(ownRow).queryAllByRole('button')).toHaveLength(0);
    expect(screen.getByText('2 users')).toBeTruthy();

    // Last: an open menu hides the rest of the page from assistive technology.
    await userEvent.setup().click(within(maxRow).getByRole('button', { name: 'Actions for max@example.com' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Make admin', 'Disable', 'Reset password']);
  });

  it('adds a user with a generated password and shows that password once, with Copy', async () => {
    renderWithQueryClient(<UsersPage />);
    const typist = userEvent.setup();
    // After setup, which installs a clipboard of its own.
    const copied: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text: string) => void copied.push(text) },
    });
    await typist.click(await screen.findByRole('button', { name: 'Add user' }));
    const form = screen.getByRole('form', { name: 'Add user' });
    await typist.type(within(form).getByLabelText('Email'), 'new@example.com');
    await typist.type(within(form).getByLabelText('Name'), 'New Person');
    await typist.click(within(form).getByRole('button', { name: 'Generate' }));
    const password = (within(form).getByLabelText('Password') as HTMLInputElement).value;
    expect(password).toHaveLength(20);
    await typist.click(within(form).getByRole('button', { name: 'Create user' }));

    const shown = await screen.findByRole('region', { name: 'Password for new@example.com' });
    expect(within(shown).getByText(password)).toBeTruthy();
    await typist.click(within(shown).getByRole('button', { name: 'Copy' }));
    expect(copied).toEqual([password]);
    expect(await within(shown).findByRole('button', { name: 'Copied' })).toBeTruthy();
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      email: 'new@example.com',
      name: 'New Person',
      role: 'member',
      password,
    });

    await typist.click(screen.getByRole('button', { name: 'Done' }));
    expect(await row('new@example.com')).toBeTruthy();
    expect(screen.queryByText(password)).toBeNull();
  });

  it("refuses a short password before sending, and shows the server's detail for a duplicate", async () => {
    renderWithQueryClient(<UsersPage />);
    const typist = userEvent.setup();
    await typist.click(await screen.findByRole('button', { name: 'Add user' }));
    const form = screen.getByRole('form', { name: 'Add user' });
    await typist.type(within(form).getByLabelText('Email'), 'max@example.com');
    await typist.type(within(form).getByLabelText('Name'), 'Max Again');
    await typist.type(within(form).getByLabelText('Password'), 'short');
    await typist.click(within(form).getByRole('button', { name: 'Create user' }));
    expect(within(form).getByRole('alert').textContent).toBe('Password must be at least 12 characters');
    expect(requests.some((request) => request.method === 'POST')).toBe(false);

    await typist.type(within(form).getByLabelText('Password'), '-but-longer-now');
    await typist.click(within(form).getByRole('button', { name: 'Create user' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('A user with this email already exists');
  });

  it('disables a user after confirmation and shows the new status', async () => {
    renderWithQueryClient(<UsersPage />);
    const typist = userEvent.setup();
    await chooseAction(typist, 'max@example.com', 'Disable');
    const dialog = screen.getByRole('dialog', { name: 'Disable this user?' });
    expect(within(dialog).getByText(/Max Member \(max@example.com\) is signed out everywhere/)).toBeTruthy();
    await typist.click(within(dialog).getByRole('button', { name: 'Disable user' }));

    expect(await screen.findByText('Max Member is disabled')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    const maxRow = await row('max@example.com');
    expect(within(maxRow).getByText('Disabled')).toBeTruthy();
    await typist.click(within(maxRow).getByRole('button', { name: 'Actions for max@example.com' }));
    expect(await screen.findByRole('menuitem', { name: 'Enable' })).toBeTruthy();
    expect(requests.find((request) => request.method === 'PATCH')).toMatchObject({
      method: 'PATCH',
      path: '/api/v1/users/2',
      body: { disabled: true },
    });
  });

  it('cancelling a confirmation changes nothing', async () => {
    renderWithQueryClient(<UsersPage />);
    const typist = userEvent.setup();
    await chooseAction(typist, 'max@example.com', 'Make admin');
    await typist.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requests.some((request) => request.method === 'PATCH')).toBe(false);
  });

  it("keeps a refused role change in the dialog with the server's detail", async () => {
    overrides = ({ method }) =>
      method === 'PATCH'
        ? { status: 409, body: { detail: 'The last active admin cannot be demoted', code: 'conflict' } }
        : undefined;
    users = [admin, { ...member, role: 'admin' }];
    renderWithQueryClient(<UsersPage />);
    const typist = userEvent.setup();
    await chooseAction(typist, 'max@example.com', 'Make member');
    const dialog = screen.getByRole('dialog', { name: 'Make this user a member?' });
    await typist.click(within(dialog).getByRole('button', { name: 'Make member' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('The last active admin cannot be demoted');
  });

  it('resets a password after confirmation and shows the temporary password once', async () => {
    renderWithQueryClient(<UsersPage />);
    const typist = userEvent.setup();
    await chooseAction(typist, 'max@example.com', 'Reset password');
    await typist.click(
      within(screen.getByRole('dialog', { name: 'Reset this password?' })).getByRole('button', {
        name: 'Reset password',
      }),
    );
    const shown = await screen.findByRole('region', { name: 'Temporary password for max@example.com' });
    expect(within(shown).getByText('Tmp-pass-1234567')).toBeTruthy();
    expect(requests.at(-1)).toMatchObject({ method: 'POST', path: '/api/v1/users/2/reset-password' });
    await typist.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByText('Tmp-pass-1234567')).toBeNull();
  });

  it('says when the list cannot be loaded', async () => {
    overrides = ({ path }) =>
      path === '/api/v1/users' ? { status: 500, body: { detail: 'Database down', code: 'internal' } } : undefined;
    renderWithQueryClient(<UsersPage />);
    expect(await screen.findByText(/Users could not be loaded\. Database down/)).toBeTruthy();
  });
});
