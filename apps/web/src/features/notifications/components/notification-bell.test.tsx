import type { Notification } from '@mining-hub/contract/notifications';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LiveProvider } from '../../../lib/live-context.tsx';
import { stubApi, type FakeRequest } from '../../../test/fake-api.ts';
import { renderWithQueryClient } from '../../../test/render.tsx';
import { NotificationBell } from './notification-bell.tsx';

let requests: FakeRequest[];
afterEach(() => vi.unstubAllGlobals());

function serve() {
  const list: Notification[] = [
    {
      id: 2,
      at: '2026-01-01T10:01:00.000Z',
      title: 'Copper: 2 new signals',
      body: '',
      link: '/signals/7',
      items: [
        { label: 'Very High · Alpha', link: '/signals/7' },
        { label: 'High · Gamma', link: '/signals/9' },
      ],
      read: false,
    },
    {
      id: 1,
      at: '2026-01-01T09:00:00.000Z',
      title: 'Gold: 1 new signal',
      body: 'Low · Beta',
      link: null,
      items: [],
      read: false,
    },
  ];
  requests = stubApi(({ method, path }) => {
    if (method === 'GET' && path === '/api/v1/notifications') {
      const unread = list.filter((n) => !n.read).length;
      return { status: 200, body: { success: true, data: list, unread_count: unread } };
    }
    const read = /^\/api\/v1\/notifications\/(\d+)\/read$/.exec(path);
    if (method === 'POST' && read) {
      for (const n of list) if (n.id === Number(read[1])) n.read = true;
      return { status: 200, body: { success: true } };
    }
    if (method === 'POST' && path === '/api/v1/notifications/read-all') {
      for (const n of list) n.read = true;
      return { status: 200, body: { success: true } };
    }
    return undefined;
  });
}

function LocationProbe() {
  return <p>at {useLocation().pathname}</p>;
}

describe('NotificationBell', () => {
  it('shows the unread count and marks notifications read, one or all', async () => {
    serve();
    renderWithQueryClient(
      <MemoryRouter>
        <LiveProvider enabled={false}>
          <NotificationBell />
        </LiveProvider>
      </MemoryRouter>,
    );
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    const typist = userEvent.setup();
    await typist.click(bell);
    expect(await screen.findByRole('link', { name: 'Copper: 2 new signals' })).toBeTruthy();
    expect(screen.getByText('Gold: 1 new signal')).toBeTruthy();
    await typist.click(screen.getAllByRole('button', { name: 'Mark read' })[1] as HTMLElement);
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeTruthy();
    expect(requests.some((r) => r.path === '/api/v1/notifications/1/read')).toBe(true);
    await typist.click(screen.getByRole('button', { name: 'Mark all read' }));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeTruthy();
  });

  it('opens each signal of a notification at its own address, and marks the notification read', async () => {
    serve();
    renderWithQueryClient(
      <MemoryRouter initialEntries={['/dashboard']}>
        <LiveProvider enabled={false}>
          <NotificationBell />
          <Routes>
            <Route path="/signals/:id" element={<p>Signal page {'#'}</p>} />
            <Route path="*" element={<LocationProbe />} />
          </Routes>
        </LiveProvider>
      </MemoryRouter>,
    );
    const typist = userEvent.setup();
    await typist.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    expect(screen.getByRole('link', { name: 'Copper: 2 new signals' }).getAttribute('href')).toBe('/signals/7');
    await typist.click(screen.getByRole('link', { name: 'High · Gamma' }));
    expect(await screen.findByText('Signal page #')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
    await vi.waitFor(() => expect(requests.some((r) => r.path === '/api/v1/notifications/2/read')).toBe(true));
  });

  it('opens as a popover: Escape closes it and gives focus back, as does a click outside', async () => {
    serve();
    renderWithQueryClient(
      <MemoryRouter>
        <LiveProvider enabled={false}>
          <p>Outside</p>
          <NotificationBell />
        </LiveProvider>
      </MemoryRouter>,
    );
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(bell.getAttribute('aria-expanded')).toBe('false');
    const typist = userEvent.setup();
    await typist.click(bell);
    const panel = screen.getByRole('region', { name: 'Notifications' });
    expect(bell.getAttribute('aria-expanded')).toBe('true');
    expect(bell.getAttribute('aria-controls')).toBe(panel.id);
    await typist.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
    expect(document.activeElement).toBe(bell);
    await typist.click(bell);
    expect(screen.getByRole('region', { name: 'Notifications' })).toBeTruthy();
    await typist.click(screen.getByText('Outside'));
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
  });
});
