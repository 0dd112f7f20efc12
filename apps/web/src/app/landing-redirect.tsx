import { defaultLandingPage } from '@mining-hub/contract/auth';
import { useQuery } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { FullPageLoading } from '../components/spinner.tsx';
import { preferencesQueryOptions } from '../features/settings/api.ts';
import { useCurrentUser } from '../lib/auth-context.ts';

/**
 * The site's root, once signed in: the screen the user chose in Settings, else their role's (members Signals,
 * admins the Dashboard). When the choice cannot be read, the role's default.
 */
export function LandingRedirect() {
  const user = useCurrentUser();
  const preferences = useQuery(preferencesQueryOptions());
  if (preferences.isPending) return <FullPageLoading />;
  const landing = preferences.data?.landing ?? defaultLandingPage(user.role);
  return <Navigate to={`/${landing}`} replace />;
}
