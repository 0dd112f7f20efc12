import { NavLink } from 'react-router';
import { usableBy } from '../../lib/access.ts';
import { useCurrentUser } from '../../lib/auth-context.ts';
import { NAV_ITEMS } from './nav-items.tsx';

interface AppSidebarProps {
  /** Only matters below the md breakpoint; on wider screens the sidebar is always shown. */
  open: boolean;
  onNavigate: () => void;
}

export function AppSidebar({ open, onNavigate }: AppSidebarProps) {
  // Members do not see links to screens they cannot use.
  const items = usableBy(NAV_ITEMS, useCurrentUser().role);
  return (
    <aside
      id="app-sidebar"
      className={`fixed inset-y-0 left-0 z-30 w-64 border-r border-slate-800 bg-slate-900 pt-16 transition-[translate,visibility] duration-200 md:static md:z-auto md:shrink-0 md:translate-x-0 md:pt-0 ${
        // Hidden (not just moved away) when closed, so off-screen links cannot take keyboard focus.
        open ? 'translate-x-0' : '-translate-x-full max-md:invisible'
      }`}
    >
      <nav
        aria-label="Main"
        className="flex h-full flex-col gap-1 overflow-y-auto px-3 py-4 md:sticky md:top-16 md:h-[calc(100vh-4rem)]"
      >
        <p className="px-3 pb-2 text-xs font-semibold tracking-wider text-slate-500 uppercase">Workspace</p>
        {items.map((item) => (
          <NavLink
            key={item.to}
            to={item.to}
            onClick={onNavigate}
            className={({ isActive }) =>
              `flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors ${
                isActive ? 'bg-blue-600 text-white shadow-sm' : 'text-slate-300 hover:bg-slate-800 hover:text-white'
              }`
            }
          >
            {item.icon}
            {item.label}
          </NavLink>
        ))}
      </nav>
    </aside>
  );
}
