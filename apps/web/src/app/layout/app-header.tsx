import { Button } from '../../components/button.tsx';
import { ConnectionBadge } from '../../components/connection-badge.tsx';
import { LogoMark, LogoutIcon, MenuIcon } from '../../components/icons.tsx';
import { NoticeStack, useNotices } from '../../components/notices.tsx';
import { useAuth, useCurrentUser } from '../../lib/auth-context.ts';
import { useLiveStatus } from '../../lib/live-context.tsx';
import { NotificationBell } from '../../features/notifications/components/notification-bell.tsx';
import { AccountMenu } from './account-menu.tsx';

interface AppHeaderProps {
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
}

export function AppHeader({ sidebarOpen, onToggleSidebar }: AppHeaderProps) {
  const user = useCurrentUser();
  const { logout } = useAuth();
  const liveStatus = useLiveStatus();
  const { notices, notify, dismiss } = useNotices();

  return (
    <>
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
          <NotificationBell />
          <AccountMenu user={user} onPasswordChanged={(message) => notify('success', message)} />
          <Button variant="secondary" size="sm" onClick={() => void logout()}>
            <LogoutIcon className="size-4" />
            {/* Icon-only on phones to leave room for the title; the name stays for screen readers. */}
            <span className="sr-only sm:not-sr-only">Logout</span>
          </Button>
        </div>
      </header>
      {/* Outside the header: its backdrop filter would become the notices' containing block. */}
      <NoticeStack notices={notices} onDismiss={dismiss} />
    </>
  );
}
