import { NavLink } from 'react-router';
import { usableBy } from '../../lib/access.ts';
import { useCurrentUser } from '../../lib/auth-context.ts';
import { NAV_ITEMS } from './nav-items.tsx';

/** The links to every screen the user may open; `onNavigate` lets the phone menu close on a choice. */
export function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  // Members do not see links to screens they cannot use.
  const items = usableBy(NAV_ITEMS, useCurrentUser().role);
  return (
    <nav aria-label="Main" className="flex flex-col gap-1 px-3 py-4">
      <p className="px-3 pb-2 text-xs font-semibold tracking-wider text-slate-400 uppercase">Workspace</p>
      {items.map((item) => (
        <NavLink
          key={item.to}
          to={item.to}
          onClick={onNavigate}
          className={({ isActive }) =>
            `flex min-h-10 items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-sky-300 ${
              isActive ? 'bg-blue-600 text-white shadow-sm' : 'text-slate-300 hover:bg-slate-800 hover:text-white'
            }`
          }
        >
          {item.icon}
          {item.label}
        </NavLink>
      ))}
    </nav>
  );
}

/** The sidebar from the md breakpoint up; below it the same links open from the header's menu button. */
export function AppSidebar() {
  return (
    <aside className="w-64 shrink-0 border-r border-slate-800 bg-slate-900 max-md:hidden">
      <div className="sticky top-16 h-[calc(100vh-4rem)] overflow-y-auto">
        <SidebarNav />
      </div>
    </aside>
  );
}
