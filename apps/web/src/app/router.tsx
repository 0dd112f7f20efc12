import { lazy, Suspense, useState } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { RequireAdmin } from '../features/auth/require-admin.tsx';
import { RequireAuth } from '../features/auth/require-auth.tsx';
import { FullPageLoading } from '../components/spinner.tsx';
import { useAuth } from '../lib/auth-context.ts';
import { RouteErrorScreen } from './error-screen.tsx';
import { AppShell } from './layout/app-shell.tsx';

function ProtectedShell() {
  // Whether this visit showed the sign-in screen: the shell then moves focus to the first screen's heading.
  const { state } = useAuth();
  const [sawSignIn, setSawSignIn] = useState(false);
  if (state.status === 'unauthenticated' && !sawSignIn) setSawSignIn(true);
  return (
    <RequireAuth>
      <AppShell justSignedIn={sawSignIn} />
    </RequireAuth>
  );
}

function AdminOnly() {
  return (
    <RequireAdmin>
      <Outlet />
    </RequireAdmin>
  );
}

/** The article detail, loaded when first opened from a screen other than Market Intelligence. */
const ArticleDetailModal = lazy(async () => ({
  default: (await import('../features/news/components/article-detail-modal.tsx')).ArticleDetailModal,
}));

/** The id of the route group only administrators may open (the nav items marked adminOnly). */
export const ADMIN_ONLY_ROUTE_ID = 'admin-only';

/**
 * Each screen is its own chunk, loaded when first opened (the shell and sign-in load at once), so the
 * first visit downloads only the screen it lands on; Market Intelligence alone brings the date picker,
 * the comboboxes and the HTML sanitiser.
 */
export const routes: RouteObject[] = [
  {
    ErrorBoundary: RouteErrorScreen,
    // Shown while the first screen's chunk loads.
    HydrateFallback: FullPageLoading,
    children: [
      {
        Component: ProtectedShell,
        children: [
          {
            // Signed in at the site's root: members land on Signals, admins on the Dashboard, unless they chose.
            index: true,
            lazy: async () => ({ Component: (await import('./landing-redirect.tsx')).LandingRedirect }),
          },
          {
            path: 'settings',
            lazy: async () => ({
              Component: (await import('../features/settings/settings-page.tsx')).SettingsPage,
            }),
          },
          {
            path: 'dashboard',
            // The dashboard shows the pin board; features never import each other, so the app composes them.
            lazy: async () => {
              const [{ DashboardPage }, { PinBoard }] = await Promise.all([
                import('../features/dashboard/dashboard-page.tsx'),
                import('../features/pinboard/components/pin-board.tsx'),
              ]);
              return { Component: () => <DashboardPage pinBoard={<PinBoard />} /> };
            },
          },
          {
            path: 'news-signals',
            lazy: async () => ({
              Component: (await import('../features/news/market-intelligence-page.tsx')).MarketIntelligencePage,
            }),
          },
          {
            path: 'crm',
            lazy: async () => ({ Component: (await import('../features/crm/crm-page.tsx')).CrmPage }),
          },
          {
            path: 'watches',
            lazy: async () => ({ Component: (await import('../features/watches/watches-page.tsx')).WatchesPage }),
          },
          {
            // `/signals/{id}` opens that signal's detail over the inbox (issue 35: every alert links there).
            path: 'signals/:articleId?',
            // The inbox opens the news feature's article detail; the app composes the two.
            lazy: async () => {
              const { SignalsPage } = await import('../features/signals/signals-page.tsx');
              return {
                Component: () => (
                  <SignalsPage
                    renderArticle={(articleId, onClose, actions) => (
                      <Suspense fallback={null}>
                        <ArticleDetailModal articleId={articleId} listItem={null} onClose={onClose} actions={actions} />
                      </Suspense>
                    )}
                  />
                ),
              };
            },
          },
          {
            path: 'companies',
            lazy: async () => ({
              Component: (await import('../features/accounts/companies-page.tsx')).CompaniesPage,
            }),
          },
          {
            path: 'companies/:companyId',
            lazy: async () => ({
              Component: (await import('../features/accounts/company-page.tsx')).CompanyPage,
            }),
          },
          {
            path: 'reports',
            lazy: async () => ({ Component: (await import('../features/reports/reports-page.tsx')).ReportsPage }),
          },
          {
            path: 'prompts',
            lazy: async () => ({ Component: (await import('../features/prompts/prompts-page.tsx')).PromptsPage }),
          },
          {
            // Members get the access notice in place of these screens (which then make no API calls).
            id: ADMIN_ONLY_ROUTE_ID,
            Component: AdminOnly,
            children: [
              {
                path: 'logs',
                lazy: async () => ({ Component: (await import('../features/logs/logs-page.tsx')).LogsPage }),
              },
              {
                path: 'scraper',
                lazy: async () => ({
                  Component: (await import('../features/scraper/scraper-page.tsx')).ScraperPage,
                }),
              },
              {
                path: 'users',
                lazy: async () => ({ Component: (await import('../features/users/users-page.tsx')).UsersPage }),
              },
              {
                path: 'audit-log',
                lazy: async () => ({
                  Component: (await import('../features/audit-log/audit-log-page.tsx')).AuditLogPage,
                }),
              },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
