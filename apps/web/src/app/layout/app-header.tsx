import { Button } from '../../components/button.tsx';
import { ConnectionBadge } from '../../components/connection-badge.tsx';
import { LogoMark, LogoutIcon, MenuIcon } from '../../components/icons.tsx';
import { useAuth, useCurrentUser } from '../../features/auth/auth-context.ts';
import { useLiveStatus } from '../../lib/live-context.tsx';

interface AppHeaderProps {
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
}

export function AppHeader({ sidebarOpen, onToggleSidebar }: AppHeaderProps) {
  const user = useCurrentUser();
  const { logout } = useAuth();
  const liveStatus = useLiveStatus();

  return (
    <header className="sticky top-0 z-40 flex h-16 items-center gap-2 sm:gap-3 border-b border-slate-200 bg-white/95 px-4 backdrop-blur sm:px-6">
      <button
        type="button"
        aria-label="Toggle sidebar"
        aria-expanded={sidebarOpen}
        aria-controls="app-sidebar"
        onClick={onToggleSidebar}
        className="-ml-1 inline-flex size-9 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 md:hidden"
      >
        <MenuIcon />
      </button>
      <div className="flex min-w-0 items-center gap-2.5">
        <LogoMark className="size-7 shrink-0 sm:size-8" />
        <span className="truncate text-base font-semibold sm:text-lg tracking-tight text-slate-900">
          Mining Sales Hub
        </span>
      </div>
      <div className="ml-auto flex items-center gap-2 sm:gap-4">
        <ConnectionBadge status={liveStatus} />
        <div className="hidden items-center gap-2 sm:flex">
          <span
            aria-hidden="true"
            className="flex size-8 items-center justify-center rounded-full bg-blue-100 text-sm font-semibold text-blue-700"
          >
            {initials(user.name)}
          </span>
          <span className="max-w-40 truncate text-sm font-medium text-slate-700">{user.name}</span>
        </div>
        <Button variant="secondary" size="sm" onClick={() => void logout()}>
          <LogoutIcon className="size-4" />
          {/* Icon-only on phones to leave room for the title; the name stays for screen readers. */}
          <span className="sr-only sm:not-sr-only">Logout</span>
        </Button>
      </div>
    </header>
  );
}

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : parts;
  return letters.map((part) => part?.charAt(0).toUpperCase() ?? '').join('') || '?';
}
