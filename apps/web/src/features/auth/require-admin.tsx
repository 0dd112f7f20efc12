import type { ReactNode } from 'react';
import { WarningIcon } from '../../components/icons.tsx';
import { ACCESS_DENIED_MESSAGE, canUse } from '../../lib/access.ts';
import { useCurrentUser } from '../../lib/auth-context.ts';

/** Renders an admin screen for administrators; anyone else gets the access notice inside the shell. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  if (canUse(user.role, { adminOnly: true })) return children;
  return <AccessDenied />;
}

function AccessDenied() {
  return (
    <div className="flex flex-col items-center justify-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
      <title>No access · Mining Sales Hub</title>
      <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-amber-50 text-amber-600">
        <WarningIcon />
      </div>
      <h1 className="text-lg font-semibold text-slate-900">{ACCESS_DENIED_MESSAGE}</h1>
      <p className="mt-1 max-w-md text-sm text-slate-600">
        This screen is for administrators. Ask an administrator if you need it.
      </p>
    </div>
  );
}
