import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RequireAuth } from '../features/auth/require-auth.tsx';
import { DashboardPage } from '../features/dashboard/dashboard-page.tsx';
import { LogsPage } from '../features/logs/logs-page.tsx';
import { NewsSignalsPage } from '../features/news/news-signals-page.tsx';
import { PromptsPage } from '../features/prompts/prompts-page.tsx';
import { ReportsPage } from '../features/reports/reports-page.tsx';
import { ScraperPage } from '../features/scraper/scraper-page.tsx';
import { RouteErrorScreen } from './error-screen.tsx';
import { AppShell } from './layout/app-shell.tsx';

function ProtectedShell() {
  return (
    <RequireAuth>
      <AppShell />
    </RequireAuth>
  );
}

export const routes: RouteObject[] = [
  {
    ErrorBoundary: RouteErrorScreen,
    children: [
      { index: true, element: <Navigate to="/dashboard" replace /> },
      {
        Component: ProtectedShell,
        children: [
          { path: 'dashboard', Component: DashboardPage },
          { path: 'news-signals', Component: NewsSignalsPage },
          { path: 'reports', Component: ReportsPage },
          { path: 'logs', Component: LogsPage },
          { path: 'prompts', Component: PromptsPage },
          { path: 'scraper', Component: ScraperPage },
        ],
      },
      { path: '*', element: <Navigate to="/dashboard" replace /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
