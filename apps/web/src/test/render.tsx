import type { User } from '@mining-hub/contract/auth';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { AuthContext, type AuthContextValue } from '../lib/auth-context.ts';

export const TEST_ADMIN: User = { id: 1, email: 'ada@example.com', name: 'Ada Miner', role: 'admin' };
export const TEST_MEMBER: User = { id: 2, email: 'max@example.com', name: 'Max Member', role: 'member' };

/** A signed-in session that never calls the server; tests of the sign-in flow use the real AuthProvider inside. */
function signedInAs(user: User): AuthContextValue {
  return {
    state: { status: 'authenticated', user },
    login: async () => undefined,
    logout: async () => undefined,
    checkSession: async () => true,
  };
}

/**
 * Renders with a fresh query client that never retries, so failures show at once, signed in as `user`
 * (an admin unless told otherwise).
 */
export function renderWithQueryClient(ui: ReactElement, { user = TEST_ADMIN }: { user?: User } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const rendered = render(
    <QueryClientProvider client={queryClient}>
      <AuthContext value={signedInAs(user)}>{ui}</AuthContext>
    </QueryClientProvider>,
  );
  return Object.assign(rendered, { queryClient });
}
