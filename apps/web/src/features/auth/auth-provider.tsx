import { SESSION_REFRESH_INTERVAL_MS, type LoginRequest } from '@mining-hub/contract/auth';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { isApiError } from '../../lib/api-client.ts';
import { fetchCurrentUser, login as loginCall, logout as logoutCall, refreshSession } from './api.ts';
import { AuthContext, type AuthState } from '../../lib/auth-context.ts';

const SIGNED_OUT: AuthState = { status: 'unauthenticated', user: null };

/** Session state for the whole app: checks /auth/me on start, keeps the session fresh, signs in and out. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<AuthState>({ status: 'loading', user: null });
  // Bumped by every sign-in and sign-out so that a slower, older auth check cannot overwrite their result.
  const generation = useRef(0);

  const checkAuth = useCallback(async (): Promise<boolean> => {
    const started = generation.current;
    let next: AuthState;
    try {
      const user = await fetchCurrentUser();
      next = user ? { status: 'authenticated', user } : SIGNED_OUT;
    } catch {
      // SPEC.md section 8: a failing auth check counts as not signed in.
      next = SIGNED_OUT;
    }
    // A sign-in or sign-out meanwhile decided the state; report it as signed in so a caller retries once.
    if (generation.current !== started) return true;
    setState(next);
    return next.status === 'authenticated';
  }, []);

  useEffect(() => {
    void checkAuth();
  }, [checkAuth]);

  const signedInUserId = state.status === 'authenticated' ? state.user.id : null;

  useEffect(() => {
    if (signedInUserId === null) return;
    const timer = setInterval(() => {
      refreshSession().then(
        (user) => setState({ status: 'authenticated', user }),
        () => void checkAuth(),
      );
    }, SESSION_REFRESH_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [signedInUserId, checkAuth]);

  // A session can end behind our back (expiry, sign-out elsewhere): any `unauthenticated` answer re-runs the check.
  useEffect(() => {
    if (signedInUserId === null) return;
    const isUnauthorized = (error: unknown) => isApiError(error, 'unauthenticated');
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && isUnauthorized(event.action.error)) {
        void checkAuth();
      }
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && isUnauthorized(event.action.error)) {
        void checkAuth();
      }
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [signedInUserId, queryClient, checkAuth]);

  const login = useCallback(
    async (credentials: LoginRequest) => {
      const user = await loginCall(credentials);
      generation.current += 1;
      queryClient.clear();
      setState({ status: 'authenticated', user });
    },
    [queryClient],
  );

  const logout = useCallback(async () => {
    try {
      await logoutCall();
    } catch (error) {
      console.warn('Logout call failed; signing out locally anyway', error);
    } finally {
      generation.current += 1;
      setState(SIGNED_OUT);
      // Nothing of the previous user's data may linger for the next one.
      queryClient.clear();
    }
  }, [queryClient]);

  const value = useMemo(() => ({ state, login, logout, checkSession: checkAuth }), [state, login, logout, checkAuth]);
  return <AuthContext value={value}>{children}</AuthContext>;
}
