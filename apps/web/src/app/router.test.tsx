import { screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCESS_DENIED_MESSAGE } from '../lib/access.ts';
import { LiveProvider } from '../lib/live-context.tsx';
import { stubApi } from '../test/fake-api.ts';
import { renderWithQueryClient, TEST_ADMIN, TEST_MEMBER } from '../test/render.tsx';
import type { User } from '@mining-hub/contract/auth';
import { NAV_ITEMS } from './layout/nav-items.tsx';
import { ADMIN_ONLY_ROUTE_ID, routes } from './router.tsx';

/** Every route path, as '/logs', with whether it sits under the admin-only group. */
function walk(tree: RouteObject[], underAdmin = false, prefix = ''): { path: string; adminOnly: boolean }[] {
  return tree.flatMap((route) => {
    const adminOnly = underAdmin || route.id === ADMIN_ONLY_ROUTE_ID;
    // An optional segment (`signals/:articleId?`) is the same screen as its route without it.
    const segment = route.path?.replace(/\/:[^/]+\?$/, '');
    const path = segment ? `${prefix}/${segment}`.replace(/\/+/g, '/') : prefix;
    const own = route.path && route.path !== '*' ? [{ path, adminOnly }] : [];
    return [...own, ...walk(route.children ?? [], adminOnly, path)];
  });
}

function renderApp(user: User, path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  lastRouter = router;
  return renderWithQueryClient(
    <LiveProvider enabled={false}>
      <RouterProvider router={router} />
    </LiveProvider>,
    { user },
  );
}

let lastRouter: ReturnType<typeof createMemoryRouter> | undefined;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('landing after sign-in', () => {
  const withPreferences = (landing_page: 'dashboard' | 'signals' | null, landing: 'dashboard' | 'signals') =>
    stubApi(({ path }) =>
      path === '/api/v1/auth/preferences'
        ? { status: 200, body: { success: true, data: { landing_page, landing } } }
        : undefined,
    );

  it.each([
    ['a member', TEST_MEMBER, null, 'signals', '/signals'],
    ['an admin', TEST_ADMIN, null, 'dashboard', '/dashboard'],
    ['a member who chose the Dashboard', TEST_MEMBER, 'dashboard', 'dashboard', '/dashboard'],
  ] as const)('takes %s from the site root to their start page', async (_who, user, chosen, landing, expected) => {
    withPreferences(chosen, landing);
    renderApp(user, '/');
    await vi.waitFor(() => expect(lastRouter?.state.location.pathname).toBe(expected), { timeout: 10_000 });
  });
});

// The admin screens load lazily; transforming their modules can take seconds on a loaded machine, so it
// happens once here rather than inside each test's wait for the notice.
beforeAll(async () => {
  await Promise.all([
    import('../features/logs/logs-page.tsx'),
    import('../features/scraper/scraper-page.tsx'),
    import('../features/users/users-page.tsx'),
    import('../features/audit-log/audit-log-page.tsx'),
  ]);
}, 120_000);

describe('admin-only routes', () => {
  it('are exactly the nav items marked adminOnly, and every nav item has a route', () => {
    const table = walk(routes);
    for (const item of NAV_ITEMS) {
      expect(
        table.find((route) => route.path === item.to),
        item.to,
      ).toEqual({
        path: item.to,
        adminOnly: item.adminOnly === true,
      });
    }
    const guarded = table.filter((route) => route.adminOnly).map((route) => route.path);
    expect(guarded.sort()).toEqual(['/audit-log', '/logs', '/scraper', '/users']);
  });

  it.each(['/logs', '/scraper', '/users', '/audit-log'])(
    'shows a member the access notice inside the shell at %s, and calls no admin API',
    async (path) => {
      const requests = stubApi(() => undefined);
      renderApp(TEST_MEMBER, path);
      // The first visit waits for the screen's chunk (React Router loads it on match) before the notice shows.
      expect(await screen.findByRole('heading', { name: ACCESS_DENIED_MESSAGE })).toBeTruthy();
      expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
      // The shell's own calls (the header's notification bell) are every member's; no admin API is called.
      expect(requests.map((request) => request.path).filter((path) => path !== '/api/v1/notifications')).toEqual([]);
    },
  );

  it('shows a member only the links they can use; AI Prompts stays', async () => {
    stubApi(() => undefined);
    renderApp(TEST_MEMBER, '/reports');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Dashboard', 'News Signals', 'Signals', 'Companies', 'CRM', 'Watches', 'Reports', 'AI Prompts']);
  });

  it('shows an admin every link and the admin screen itself', async () => {
    stubApi(({ path }) => (path === '/api/v1/users' ? { status: 200, body: { success: true, data: [] } } : undefined));
    renderApp(TEST_ADMIN, '/users');
    expect(await screen.findByRole('heading', { name: 'Users', level: 1 })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(NAV_ITEMS.map((item) => item.label));
    expect(screen.queryByText(ACCESS_DENIED_MESSAGE)).toBeNull();
  });
});
