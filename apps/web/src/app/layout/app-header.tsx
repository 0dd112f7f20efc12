import { Button } from '../../components/button.tsx';
import { ConnectionBadge } from '../../components/connection-badge.tsx';
import { LogoMark, LogoutIcon, MenuIcon } from '../../components/icons.tsx';
import { NoticeStack, useNotices } from '../../components/notices.tsx';
import { useAuth, useCurrentUser } from '../../lib/auth-context.ts';
import { useLiveStatus } from '../../lib/live-context.tsx';
import { NotificationBell } from '../../features/notifications/components/notification-bell.tsx';
import { AccountMenu } from './account-menu.tsx';

interface AppHeaderProps {
  /** The phone menu (the sidebar as a dialog) is open. */
  menuOpen: boolean;
  onOpenMenu: () => void;
}

export function AppHeader({ menuOpen, onOpenMenu }: AppHeaderProps) {
  const user = useCurrentUser();
  const { logout } = useAuth();
  const liveStatus = useLiveStatus();
  const { notices, notify, dismiss } = useNotices();

  return (
    <>
      <header className="sticky top-0 z-40 flex h-16 items-center gap-2 border-b border-slate-200 bg-white/95 px-4 backdrop-blur sm:gap-3 sm:px-6">
        <button
          type="button"
          aria-label="Open menu"
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          onClick={onOpenMenu}
          className="-ml-1 inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-600 md:hidden"
        >
          <MenuIcon />
        </button>
        {/*
          Phones drop the mark and set the name on two short lines, so it is never cut off mid-word beside the
          badge and buttons; below 360 px there is no room at all and only screen readers get it.
        */}
        <div className="flex min-w-0 items-center gap-2.5">
          <LogoMark className="size-8 shrink-0 max-sm:hidden" />
          <span className="text-sm leading-tight font-semibold tracking-tight text-slate-900 max-[359px]:sr-only sm:text-lg sm:whitespace-nowrap">
            Mining Sales Hub
          </span>
        </div>
        <div className="ml-auto flex shrink-0 items-center gap-1.5 sm:gap-4">
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
