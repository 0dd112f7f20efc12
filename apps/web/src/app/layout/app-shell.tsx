import { useState } from 'react';
import { Outlet } from 'react-router';
import { AppHeader } from './app-header.tsx';
import { AppSidebar } from './app-sidebar.tsx';

/** The signed-in frame: header on top, navigation at the left, the current screen in the middle. */
export function AppShell() {
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const closeSidebar = () => setSidebarOpen(false);

  return (
    <div className="min-h-screen bg-slate-50">
      <AppHeader sidebarOpen={sidebarOpen} onToggleSidebar={() => setSidebarOpen((open) => !open)} />
      <div className="flex">
        <AppSidebar open={sidebarOpen} onNavigate={closeSidebar} />
        {sidebarOpen && (
          <div aria-hidden="true" className="fixed inset-0 z-20 bg-slate-900/40 md:hidden" onClick={closeSidebar} />
        )}
        <main className="min-w-0 flex-1 px-4 py-6 sm:px-6 lg:px-8">
          <div className="mx-auto max-w-7xl">
            <Outlet />
          </div>
        </main>
      </div>
    </div>
  );
}
