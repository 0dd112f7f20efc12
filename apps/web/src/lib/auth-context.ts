import type { LoginRequest, User } from '@mining-hub/contract/auth';
import { createContext, use } from 'react';

export type AuthState =
  | { status: 'loading'; user: null }
  | { status: 'authenticated'; user: User }
  | { status: 'unauthenticated'; user: null };

export interface AuthContextValue {
  state: AuthState;
  /** Throws the ApiError of a failed login so the form can word it. */
  login: (credentials: LoginRequest) => Promise<void>;
  /** Always ends signed out, even when the server call fails. */
  logout: () => Promise<void>;
  /** Asks the server whether the session still holds and updates the state; resolves true if signed in. */
  checkSession: () => Promise<boolean>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const context = use(AuthContext);
  if (!context) throw new Error('useAuth must be used inside <AuthProvider>');
  return context;
}

/** The signed-in user; only for components rendered behind the sign-in gate. */
export function useCurrentUser(): User {
  const { state } = useAuth();
  if (state.status !== 'authenticated') throw new Error('useCurrentUser needs a signed-in user');
  return state.user;
}
