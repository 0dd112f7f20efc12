import { BUYING_INTENT_LEVELS } from '@mining-hub/contract/articles';
import type { Signal } from '@mining-hub/contract/signals';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi, type FakeRequest } from '../../test/fake-api.ts';
import { renderWithQueryClient } from '../../test/render.tsx';
import { SEARCH_DEBOUNCE_MS, SignalsPage } from './signals-page.tsx';

const signal = (id: number, overrides: Partial<Signal>): Signal => ({
  article_id: id,
  company: `Company ${id}`,
  title: `Signal ${id}`,
  buying_intent_score: 'High',
  intent_reasons: [],
  signal_summary: `Summary ${id}`,
  commodities: ['Au'],
  countries: ['CA'],
  date: '2026-03-0' + String(id) + 'T12:00:00.000Z',
  status: 'summarised',
  activity: null,
  dismissed_at: null,
  url: `https://wire.example/${id}`,
  story: null,
  strongest_fact: null,
  ...overrides,
});

let signals: Signal[];
let requests: FakeRequest[];

/** The server's order: intent highest first, then newest. */
const rank = (item: Signal) => BUYING_INTENT_LEVELS.indexOf(item.buying_intent_score ?? 'Low');

beforeEach(() => {
  signals = [
    signal(1, {
      company: 'Alpha Copper',
      title: 'Alpha plans 12,000 m of drilling',
      buying_intent_score: 'Very High',
      intent_reasons: ['12,000 m drilling planned', 'C$8M placement closed'],
      commodities: ['Cu'],
      countries: ['CL'],
    }),
    signal(2, { company: 'Beta Gold', title: 'Beta reports assays', buying_intent_score: 'Medium' }),
    signal(3, { company: 'Gamma Lithium', title: 'Gamma pushed earlier', status: 'pushed_to_hubspot' }),
  ];
  requests = stubApi(({ method, path, query, body }) => {
    if (method === 'GET' && path === '/api/v1/crm/destination') {
      return { status: 200, body: { success: true, data: { kind: 'outbox', label: 'CRM (local outbox)' } } };
    }
    if (method === 'GET' && path === '/api/v1/signals') {
      const dismissed = query.get('status') === 'dismissed';
      const intents = query.get('intent')?.split(',');
      const q = query.get('q')?.toLowerCase();
      const rows = signals
        .filter((item) => (item.dismissed_at !== null) === dismissed)
        .filter((item) => !intents || intents.includes(item.buying_intent_score ?? ''))
        .filter((item) => !q || item.title.toLowerCase().includes(q))
        .sort((a, b) => rank(b) - rank(a) || b.date.localeCompare(a.date));
      return {
        status: 200,
        body: {
          success: true,
          data: rows,
          pagination: {
            current_page: 1,
            page_size: 20,
            total_count: rows.length,
            total_pages: 1,
            has_next: false,
            has_prev: false,
          },
        },
      };
    }
    const change = /^\/api\/v1\/article\/(\d+)\/(dismiss|restore)$/.exec(path);
    if (method === 'POST' && change) {
      const id = Number(change[1]);
      const dismissedAt = change[2] === 'dismiss' ? '2026-03-09T10:00:00.000Z' : null;
      signals = signals.map((item) => (item.article_id === id ? { ...item, dismissed_at: dismissedAt } : item));
      return { status: 200, body: { success: true, data: { article_id: id, dismissed_at: dismissedAt } } };
    }
    if (method === 'POST' && path === '/api/v1/batch/push-selected') {
      const ids = (body as { article_ids: number[] }).article_ids;
      signals = signals.map((item) =>
        ids.includes(item.article_id) ? { ...item, status: 'pushed_to_hubspot' as const } : item,
      );
      return {
        status: 200,
        body: { success: true, batch_session_id: 'b-1', article_count: ids.length, skipped_count: 0 },
      };
    }
    if (method === 'GET' && path === '/api/v1/batch/status/b-1') {
      return {
        status: 200,
        body: {
          batch_session_id: 'b-1',
          status: 'completed',
          total_articles: 2,
          completed: 2,
          failed: 0,
          progress_percentage: 100,
          results: { expanded: 2, analyzed: 2, pushed_to_hubspot: 2 },
          failures: [],
        },
      };
    }
    return undefined;
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const rows = () =>
  within(screen.getByRole('grid', { name: 'Signals' }))
    .getAllByRole('row')
    .slice(1);
const rowOf = (title: string) => {
  const row = rows().find((candidate) => within(candidate).queryByText(title));
  if (!row) throw new Error(`no row for ${title}`);
  return row;
};
const signalRequests = () => requests.filter((request) => request.path === '/api/v1/signals');

describe('SignalsPage', () => {
  it('lists the signals highest intent first with company, summary, reasons, market, date and status', async () => {
    renderWithQueryClient(<SignalsPage />);
    expect(await screen.findByText('Showing 1–3 of 3 signals')).toBeTruthy();
    expect(
      rows().map((row) => within(row).getByRole('button', { name: /Signal|plans|reports|pushed/ }).textContent),
    ).toEqual(['Alpha plans 12,000 m of drilling', 'Gamma pushed earlier', 'Beta reports assays']);
    const first = rowOf('Alpha plans 12,000 m of drilling');
    expect(within(first).getByText('Alpha Copper')).toBeTruthy();
    expect(within(first).getByText('Summary 1')).toBeTruthy();
    expect(within(first).getByText('12,000 m drilling planned · C$8M placement closed')).toBeTruthy();
    expect(within(first).getAllByText('Buying intent: Very High')[0]?.getAttribute('title')).toBe(
      'Why: 12,000 m drilling planned; C$8M placement closed',
    );
    expect(within(first).getByText('Copper')).toBeTruthy();
    expect(within(first).getByText('Chile')).toBeTruthy();
    expect(within(first).getAllByText('Mar 1, 2026').length).toBeGreaterThan(0);
    expect(within(first).getAllByText(/Analyzed/).length).toBeGreaterThan(0);
    expect(within(rowOf('Gamma pushed earlier')).getAllByText(/Pushed to CRM \(local outbox\)/).length).toBeGreaterThan(
      0,
    );
    expect(signalRequests()[0]?.query.toString()).toBe('page=1&page_size=20');
  });

  it('filters by intent and by words once typing pauses', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderWithQueryClient(<SignalsPage />);
    const typist = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await screen.findByText('Showing 1–3 of 3 signals');
    await typist.click(screen.getByRole('button', { name: 'Show buying intent options' }));
    await typist.click(await screen.findByRole('option', { name: 'Very High' }));
    await typist.click(screen.getByRole('option', { name: 'Medium' }));
    await typist.keyboard('{Escape}');
    expect(await screen.findByText('Showing 1–2 of 2 signals')).toBeTruthy();
    expect(signalRequests().at(-1)?.query.get('intent')).toBe('Very High,Medium');

    const before = signalRequests().length;
    await typist.type(screen.getByLabelText('Search'), 'beta');
    expect(signalRequests()).toHaveLength(before);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    });
    expect(await screen.findByText('Showing 1–1 of 1 signals')).toBeTruthy();
    expect(signalRequests().at(-1)?.query.get('q')).toBe('beta');
    await typist.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('Showing 1–3 of 3 signals')).toBeTruthy();
  });

  it('moves the focus row with j and k, selects it with x and opens it with e; not while typing', async () => {
    const opened: number[] = [];
    renderWithQueryClient(
      <SignalsPage
        renderArticle={(articleId, onClose) => {
          opened.push(articleId);
          return (
            <div role="dialog" aria-label="Article">
              <button type="button" onClick={onClose}>
                Close
              </button>
            </div>
          );
        }}
      />,
    );
    const typist = userEvent.setup();
    await screen.findByText('Showing 1–3 of 3 signals');
    await typist.keyboard('j');
    expect(document.activeElement).toBe(rows()[0]);
    await typist.keyboard('jj');
    expect(document.activeElement).toBe(rows()[2]);
    await typist.keyboard('j');
    expect(document.activeElement).toBe(rows()[2]);
    await typist.keyboard('k');
    expect(document.activeElement).toBe(rows()[1]);

    await typist.keyboard('x');
    expect(rows()[1]?.getAttribute('aria-selected')).toBe('true');
    expect((within(rows()[1] as HTMLElement).getByRole('checkbox') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('1 selected')).toBeTruthy();
    await typist.keyboard('x');
    expect(rows()[1]?.getAttribute('aria-selected')).toBe('false');

    await typist.keyboard('e');
    expect(screen.getByRole('dialog', { name: 'Article' })).toBeTruthy();
    expect(opened.at(-1)).toBe(3);
    // Keys go to the open article, not the list behind it.
    await typist.keyboard('j');
    expect(opened.at(-1)).toBe(3);
    await typist.click(screen.getByRole('button', { name: 'Close' }));

    await typist.click(screen.getByLabelText('Search'));
    await typist.keyboard('jx');
    expect(screen.getByText('0 selected')).toBeTruthy();
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('jx');
  });

  it('dismisses the selected signals out of the inbox and restores them from the Dismissed view', async () => {
    renderWithQueryClient(<SignalsPage />);
    const typist = userEvent.setup();
    await screen.findByText('Showing 1–3 of 3 signals');
    await typist.click(screen.getByRole('checkbox', { name: 'Select Beta reports assays' }));
    await typist.click(screen.getByRole('checkbox', { name: 'Select Gamma pushed earlier' }));
    await typist.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(await screen.findByText('Dismissed 2 signals')).toBeTruthy();
    expect(await screen.findByText('Showing 1–1 of 1 signals')).toBeTruthy();
    expect(
      requests
        .filter((request) => request.method === 'POST')
        .map((request) => request.path)
        .sort(),
    ).toEqual(['/api/v1/article/2/dismiss', '/api/v1/article/3/dismiss']);

    await typist.selectOptions(screen.getByLabelText('Status'), 'Dismissed');
    expect(await screen.findByText('Showing 1–2 of 2 signals')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Dismissed signals' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Push to/ })).toBeNull();
    await typist.click(screen.getByRole('checkbox', { name: 'Select all signals on this page' }));
    await typist.click(screen.getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('Restored 2 signals')).toBeTruthy();
    expect(
      await screen.findByText(/^No dismissed signals\. Signals you dismiss from the inbox show here/),
    ).toBeTruthy();
  });

  it('pushes the selected signals to the CRM it names and reports when the batch is done', async () => {
    renderWithQueryClient(<SignalsPage />);
    const typist = userEvent.setup();
    await screen.findByText('Showing 1–3 of 3 signals');
    const push = await screen.findByRole('button', { name: 'Push to CRM (local outbox)' });
    expect((push as HTMLButtonElement).disabled).toBe(true);
    await typist.click(screen.getByRole('checkbox', { name: 'Select Alpha plans 12,000 m of drilling' }));
    await typist.click(screen.getByRole('checkbox', { name: 'Select Beta reports assays' }));
    await typist.click(push);
    expect(await screen.findByText('Pushed 2 signals to CRM (local outbox)')).toBeTruthy();
    expect(requests.find((request) => request.path === '/api/v1/batch/push-selected')?.body).toEqual({
      article_ids: [1, 2],
    });
    expect(screen.getByText('0 selected')).toBeTruthy();
    expect(await within(rowOf('Beta reports assays')).findAllByText(/Pushed to CRM \(local outbox\)/)).not.toHaveLength(
      0,
    );
  });
});
