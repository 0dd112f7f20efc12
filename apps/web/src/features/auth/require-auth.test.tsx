import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/fake-api.ts';
import { renderWithQueryClient } from '../../test/render.tsx';
import { AuthProvider } from './auth-provider.tsx';
import { RequireAuth } from './require-auth.tsx';

const user = { id: 1, email: 'ada@example.com', name: 'Ada Miner', role: 'admin' } as const;

function renderGate() {
  return renderWithQueryClient(
    <AuthProvider>
      <RequireAuth>
        <p>Secret dashboard</p>
      </RequireAuth>
    </AuthProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('RequireAuth', () => {
  it('shows the protected content to a signed-in user', async () => {
    stubApi(({ path }) => (path === '/api/v1/auth/me' ? { status: 200, body: { success: true, user } } : undefined));
    renderGate();
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(await screen.findByText('Secret dashboard')).toBeTruthy();
  });

  it('shows the sign-in screen instead, and the content after a successful sign-in', async () => {
    stubApi(({ method, path, body }) => {
      if (path === '/api/v1/auth/me')
        return { status: 401, body: { detail: 'Not signed in', code: 'unauthenticated' } };
      if (method === 'POST' && path === '/api/v1/auth/login') {
        const { password } = body as { password: string };
        return password === 'right-password'
          ? { status: 200, body: { success: true, user, message: 'Welcome' } }
          : { status: 401, body: { detail: 'Invalid credentials', code: 'unauthenticated' } };
      }
      return undefined;
    });
    renderGate();

    expect(await screen.findByRole('heading', { name: 'Sign in to Mining Sales Hub' })).toBeTruthy();
    expect(screen.queryByText('Secret dashboard')).toBeNull();

    const typist = userEvent.setup();
    await typist.type(screen.getByLabelText('Email'), 'ada@example.com');
    await typist.type(screen.getByLabelText('Password'), 'wrong-password');
    await typist.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Invalid email or password. Please try again.')).toBeTruthy();

    await typist.clear(screen.getByLabelText('Password'));
    await typist.type(screen.getByLabelText('Password'), 'right-password');
    await typist.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Secret dashboard')).toBeTruthy();
  });
});
