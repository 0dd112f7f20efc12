import type { ReactNode } from 'react';
import { FullPageLoading } from '../../components/spinner.tsx';
import { useAuth } from '../../lib/auth-context.ts';
import { SignInPage } from './sign-in-page.tsx';

/** Renders protected content only for a signed-in user; the spinner while checking, the sign-in screen otherwise. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { state } = useAuth();
  if (state.status === 'loading') return <FullPageLoading />;
  if (state.status === 'unauthenticated') return <SignInPage />;
  return children;
}
