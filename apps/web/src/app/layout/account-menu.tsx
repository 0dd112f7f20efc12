import type { User } from '@mining-hub/contract/auth';
import { lazy, Suspense, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { ChevronDownIcon } from '../../components/icons.tsx';
import { useNavigate } from 'react-router';
import { usePointerDownOutside } from '../../lib/use-pointer-down-outside.ts';

// The dialog (and the dialog library under it) loads when first asked for: every screen's first load carries
// the header, and it was a fifth of the dashboard's JavaScript.
const ChangePassword = lazy(async () => {
  const { ChangePasswordDialog, PASSWORD_CHANGED } =
    await import('../../features/auth/components/change-password-dialog.tsx');
  return {
    default: ({ onClose, onChanged }: { onClose: () => void; onChanged: (message: string) => void }) => (
      <ChangePasswordDialog onClose={onClose} onChanged={() => onChanged(PASSWORD_CHANGED)} />
    ),
  };
});

/**
 * The account menu (WAI-ARIA menu button): who is signed in, and Change password. Arrow keys, Home and End
 * move between items, Escape closes and gives focus back to the button, a click outside or Tab closes it.
 */
export function AccountMenu({ user, onPasswordChanged }: { user: User; onPasswordChanged: (message: string) => void }) {
  const [open, setOpen] = useState(false);
  const [changingPassword, setChangingPassword] = useState(false);
  const navigate = useNavigate();
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (open) menuItems(root.current)[0]?.focus();
  }, [open]);
  usePointerDownOutside(open, root, () => setOpen(false));

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const all = menuItems(root.current);
    const at = all.indexOf(document.activeElement as HTMLElement);
    const move: Record<string, number | undefined> = {
      ArrowDown: (at + 1) % all.length,
      ArrowUp: (at - 1 + all.length) % all.length,
      Home: 0,
      End: all.length - 1,
    };
    if (event.key === 'Escape') close();
    else if (event.key === 'Tab') setOpen(false);
    else if (move[event.key] !== undefined) all[move[event.key] ?? 0]?.focus();
    else return;
    if (event.key !== 'Tab') event.preventDefault();
  };

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-label={`Account menu for ${user.name}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((was) => !was)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            setOpen(true);
          }
        }}
        className="flex items-center gap-2 rounded-lg px-1 py-1 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600 sm:px-2"
      >
        {/* Initials drawn by CSS: as text they would be part of the visible label, which the name must contain. */}
        <span
          aria-hidden="true"
          data-initials={initials(user.name)}
          className="flex size-8 items-center justify-center rounded-full bg-blue-100 text-sm font-semibold text-blue-800 before:content-[attr(data-initials)]"
        />
        <span className="max-w-40 truncate text-sm font-medium max-sm:sr-only">{user.name}</span>
        <ChevronDownIcon className="hidden size-4 text-slate-500 sm:block" />
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label={`Account menu for ${user.name}`}
          onKeyDown={onMenuKeyDown}
          className="absolute right-0 z-50 mt-1 w-64 rounded-lg bg-white py-1 shadow-lg ring-1 ring-slate-200 focus:outline-none"
        >
          <div role="none" className="border-b border-slate-100 px-4 py-2.5">
            <p className="truncate text-sm font-medium text-slate-900">{user.name}</p>
            <p className="truncate text-xs text-slate-500">{user.email}</p>
            <p className="mt-0.5 text-xs text-slate-500">{user.role === 'admin' ? 'Admin' : 'Member'}</p>
          </div>
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            onClick={() => {
              setOpen(false);
              setChangingPassword(true);
            }}
            className="block w-full px-4 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus:bg-slate-100 focus:text-slate-900 focus:outline-none"
          >
            Change password
          </button>
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            onClick={() => {
              setOpen(false);
              void navigate('/settings');
            }}
            className="block w-full px-4 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus:bg-slate-100 focus:text-slate-900 focus:outline-none"
          >
            Settings
          </button>
        </div>
      )}
      {changingPassword && (
        <Suspense>
          <ChangePassword onClose={() => setChangingPassword(false)} onChanged={onPasswordChanged} />
        </Suspense>
      )}
    </div>
  );
}

function menuItems(root: HTMLElement | null): HTMLElement[] {
  return [...(root?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
}

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : parts;
  return letters.map((part) => part?.charAt(0).toUpperCase() ?? '').join('') || '?';
}
