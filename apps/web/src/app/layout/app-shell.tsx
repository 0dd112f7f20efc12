import { lazy, Suspense, useRef, useState, type MouseEvent } from 'react';
import { Outlet } from 'react-router';
import { AppHeader } from './app-header.tsx';
import { AppSidebar } from './app-sidebar.tsx';
import { usePageHeadingFocus } from './use-page-heading-focus.ts';

const MobileMenu = lazy(async () => ({ default: (await import('./mobile-menu.tsx')).MobileMenu }));

const MAIN_ID = 'main-content';

/**
 * The signed-in frame: header on top, navigation at the left (a menu dialog on phones), the current screen in
 * the middle. `justSignedIn` moves focus to the first screen's heading, as every later route change does.
 */
export function AppShell({ justSignedIn = false }: { justSignedIn?: boolean }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const main = useRef<HTMLElement>(null);
  usePageHeadingFocus(main, justSignedIn);

  // Focus, not a fragment in the URL: the router would take '#main-content' for a navigation.
  const skipToMain = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    main.current?.focus();
  };

  return (
    <div className="min-h-screen bg-slate-50">
      <a
        href={`#${MAIN_ID}`}
        onClick={skipToMain}
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[60] focus:rounded-lg focus:bg-white focus:px-4 focus:py-2.5 focus:text-sm focus:font-semibold focus:text-blue-800 focus:shadow-lg focus:outline-2 focus:outline-offset-2 focus:outline-blue-600"
      >
        Skip to main content
      </a>
      <AppHeader menuOpen={menuOpen} onOpenMenu={() => setMenuOpen(true)} />
      <div className="flex">
        <AppSidebar />
        {menuOpen && (
          <Suspense>
            <MobileMenu onClose={() => setMenuOpen(false)} />
          </Suspense>
        )}
        <main
          ref={main}
          id={MAIN_ID}
          tabIndex={-1}
          className="min-w-0 flex-1 px-4 py-6 focus:outline-none sm:px-6 lg:px-8"
        >
          <div className="mx-auto max-w-7xl">
            <Outlet />
          </div>
        </main>
      </div>
    </div>
  );
}
