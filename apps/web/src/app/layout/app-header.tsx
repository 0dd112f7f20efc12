import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { useState } from 'react';
import { Button } from '../../components/button.tsx';
import { ConnectionBadge } from '../../components/connection-badge.tsx';
import { ChevronDownIcon, LogoMark, LogoutIcon, MenuIcon } from '../../components/icons.tsx';
import { NoticeStack, useNotices } from '../../components/notices.tsx';
import { useAuth, useCurrentUser } from '../../lib/auth-context.ts';
import { ChangePasswordDialog, PASSWORD_CHANGED } from '../../features/auth/components/change-password-dialog.tsx';
import { useLiveStatus } from '../../lib/live-context.tsx';

interface AppHeaderProps {
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
}

export function AppHeader({ sidebarOpen, onToggleSidebar }: AppHeaderProps) {
  const user = useCurrentUser();
  const { logout } = useAuth();
  const liveStatus = useLiveStatus();
  const [changingPassword, setChangingPassword] = useState(false);
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
          <Menu as="div" className="relative">
            <MenuButton
              aria-label={`Account menu for ${user.name}`}
              className="flex items-center gap-2 rounded-lg px-1 py-1 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600 sm:px-2"
            >
              <span
                aria-hidden="true"
                className="flex size-8 items-center justify-center rounded-full bg-blue-100 text-sm font-semibold text-blue-700"
              >
                {initials(user.name)}
              </span>
              <span className="hidden max-w-40 truncate text-sm font-medium sm:inline">{user.name}</span>
              <ChevronDownIcon className="hidden size-4 text-slate-500 sm:block" />
            </MenuButton>
            <MenuItems className="absolute right-0 z-50 mt-1 w-64 rounded-lg bg-white py-1 shadow-lg ring-1 ring-slate-200 focus:outline-none">
              <div className="border-b border-slate-100 px-4 py-2.5">
                <p className="truncate text-sm font-medium text-slate-900">{user.name}</p>
                <p className="truncate text-xs text-slate-500">{user.email}</p>
                <p className="mt-0.5 text-xs text-slate-500">{user.role === 'admin' ? 'Admin' : 'Member'}</p>
              </div>
              <MenuItem>
                <button
                  type="button"
                  onClick={() => setChangingPassword(true)}
                  className="block w-full px-4 py-2 text-left text-sm text-slate-700 data-focus:bg-slate-100 data-focus:text-slate-900"
                >
                  Change password
                </button>
              </MenuItem>
            </MenuItems>
          </Menu>
          <Button variant="secondary" size="sm" onClick={() => void logout()}>
            <LogoutIcon className="size-4" />
            {/* Icon-only on phones to leave room for the title; the name stays for screen readers. */}
            <span className="sr-only sm:not-sr-only">Logout</span>
          </Button>
        </div>
      </header>
      {changingPassword && (
        <ChangePasswordDialog
          onClose={() => setChangingPassword(false)}
          onChanged={() => notify('success', PASSWORD_CHANGED)}
        />
      )}
      {/* Outside the header: its backdrop filter would become the notices' containing block. */}
      <NoticeStack notices={notices} onDismiss={dismiss} />
    </>
  );
}

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : parts;
  return letters.map((part) => part?.charAt(0).toUpperCase() ?? '').join('') || '?';
}
