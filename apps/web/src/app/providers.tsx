import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useAuth } from '../lib/auth-context.ts';
import { AuthProvider } from '../features/auth/auth-provider.tsx';
import { LiveProvider } from '../lib/live-context.tsx';
import { LiveQuerySync } from './live-query-sync.tsx';
import { createQueryClient } from './query-client.ts';

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <SignedInLiveProvider>
          <LiveQuerySync />
          {children}
        </SignedInLiveProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}

/** The live hub only talks to signed-in users, so the socket opens after sign-in and closes on sign-out. */
function SignedInLiveProvider({ children }: { children: ReactNode }) {
  const { state, checkSession } = useAuth();
  return (
    <LiveProvider enabled={state.status === 'authenticated'} checkSession={checkSession}>
      {children}
    </LiveProvider>
  );
}
