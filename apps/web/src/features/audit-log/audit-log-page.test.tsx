import type { AuditEntry } from '@mining-hub/contract/audit';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi, type FakeRequest } from '../../test/fake-api.ts';
import { renderWithQueryClient } from '../../test/render.tsx';
import { ACTOR_DEBOUNCE_MS, AuditLogPage } from './audit-log-page.tsx';

/** 120 entries, newest first: every third by the system, the others by two admins. */
const entries: AuditEntry[] = Array.from({ length: 120 }, (_, index) => ({
  id: 120 - index,
  at: new Date(Date.UTC(2026, 2, 1, 12, 0, 0) - index * 60_000).toISOString(),
  actor_email: index % 3 === 0 ? null : index % 3 === 1 ? 'ada@example.com' : 'bob@example.com',
  action: index % 2 === 0 ? 'user_created' : 'user_disabled',
  target: `user${index}@example.com`,
  detail: index === 0 ? 'role member' : null,
}));

let requests: FakeRequest[];

beforeEach(() => {
  requests = stubApi(({ method, path, query }) => {
    if (method !== 'GET' || path !== '/api/v1/audit-log') return undefined;
    const page = Number(query.get('page'));
    const size = Number(query.get('page_size'));
    const action = query.get('action');
    const actor = query.get('actor')?.toLowerCase();
    const matching = entries.filter(
      (entry) =>
        (!action || entry.action === action) && (!actor || (entry.actor_email ?? '').toLowerCase().includes(actor)),
    );
    const totalPages = Math.ceil(matching.length / size);
    return {
      status: 200,
      body: {
        success: true,
        data: matching.slice((page - 1) * size, page * size),
        pagination: {
          current_page: page,
          page_size: size,
          total_count: matching.length,
          total_pages: totalPages,
          has_next: page < totalPages,
          has_prev: page > 1,
        },
      },
    };
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const auditRequests = () => requests.filter((request) => request.path === '/api/v1/audit-log');
const bodyRows = () => screen.getAllByRole('row').slice(1);

describe('AuditLogPage', () => {
  it('shows the newest entries first with readable actions, and the system for a missing actor', async () => {
    renderWithQueryClient(<AuditLogPage />);
    expect(await screen.findByText('Showing 1–50 of 120 entries')).toBeTruthy();
    const first = bodyRows()[0];
    if (!first) throw new Error('no rows');
    expect(within(first).getByText('System')).toBeTruthy();
    expect(within(first).getByText('User created')).toBeTruthy();
    expect(within(first).getByText('user0@example.com')).toBeTruthy();
    expect(within(first).getByText('role member')).toBeTruthy();
    expect(bodyRows()).toHaveLength(50);
  });

  it('pages with Next, Last, Previous and First', async () => {
    renderWithQueryClient(<AuditLogPage />);
    const typist = userEvent.setup();
    const pages = await screen.findByRole('navigation', { name: 'Pagination' });
    expect((within(pages).getByRole('button', { name: 'First' }) as HTMLButtonElement).disabled).toBe(true);
    await typist.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 51–100 of 120 entries')).toBeTruthy();
    await typist.click(within(pages).getByRole('button', { name: 'Last' }));
    expect(await screen.findByText('Showing 101–120 of 120 entries')).toBeTruthy();
    expect((within(pages).getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    await typist.click(within(pages).getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Page 2 of 3')).toBeTruthy();
    await typist.click(within(pages).getByRole('button', { name: 'First' }));
    expect(await screen.findByText('Page 1 of 3')).toBeTruthy();
  });

  it('filters by action at once and starts again at page 1', async () => {
    renderWithQueryClient(<AuditLogPage />);
    const typist = userEvent.setup();
    await typist.click(
      within(await screen.findByRole('navigation', { name: 'Pagination' })).getByRole('button', { name: 'Next' }),
    );
    await screen.findByText('Page 2 of 3');
    await typist.selectOptions(screen.getByLabelText('Action'), 'User disabled');
    expect(await screen.findByText('Showing 1–50 of 60 entries')).toBeTruthy();
    expect(auditRequests().at(-1)?.query.toString()).toBe('page=1&page_size=50&action=user_disabled');
    expect(bodyRows().every((row) => within(row).queryByText('User disabled'))).toBe(true);
  });

  it('filters by actor once typing pauses, with one request for the whole word', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderWithQueryClient(<AuditLogPage />);
    const typist = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await screen.findByText('Showing 1–50 of 120 entries');
    const before = auditRequests().length;
    await typist.type(screen.getByLabelText('Actor'), 'BOB');
    expect(auditRequests()).toHaveLength(before);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(ACTOR_DEBOUNCE_MS);
    });
    expect(await screen.findByText('Showing 1–40 of 40 entries')).toBeTruthy();
    expect(
      auditRequests()
        .slice(before)
        .map((request) => request.query.get('actor')),
    ).toEqual(['BOB']);
    expect(bodyRows().every((row) => within(row).queryByText('bob@example.com'))).toBe(true);
  });

  it('says when no entry matches', async () => {
    renderWithQueryClient(<AuditLogPage />);
    const typist = userEvent.setup();
    await screen.findByText('Showing 1–50 of 120 entries');
    await typist.selectOptions(screen.getByLabelText('Action'), 'Scraper started');
    expect(await screen.findByText('No entries match these filters.')).toBeTruthy();
  });
});
