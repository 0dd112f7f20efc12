import { BUYING_INTENT_LEVELS } from '@mining-hub/contract/articles';
import type { Signal } from '@mining-hub/contract/signals';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi, type FakeRequest } from '../../test/fake-api.ts';
import { renderWithQueryClient } from '../../test/render.tsx';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
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
  account: null,
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
    const pushed = /^\/api\/v1\/crm-outbox\/(\d+)$/.exec(path);
    if (method === 'GET' && pushed) {
      const item = signals.find((candidate) => candidate.article_id === Number(pushed[1]));
      if (item?.status !== 'pushed_to_hubspot')
        return { status: 404, body: { detail: 'Not pushed', code: 'not_found' } };
      return {
        status: 200,
        body: {
          success: true,
          data: {
            article_id: item.article_id,
            title: item.title,
            company_name: item.company ?? '',
            domain: null,
            ticker: null,
            account: item.account,
            contacts: [],
            buying_intent_score: item.buying_intent_score,
            signal_summary: item.signal_summary,
            source_url: item.url ?? '',
            pushed_at: '2026-03-09T10:00:00.000Z',
            pushed_by: null,
            hubspot: {
              company_id: '777',
              company_url: 'https://app.hubspot.com/contacts/42/record/0-2/777',
              note_id: null,
            },
          },
        },
      };
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
/** At `/signals` (or `path`), as the app's router has it: `/signals/{id}` opens that signal. */
function renderPage(ui: ReactElement, path = '/signals') {
  return renderWithQueryClient(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/signals/:articleId?" element={ui} />
        <Route path="*" element={<WhereAmI />} />
      </Routes>
      <WhereAmI />
    </MemoryRouter>,
  );
}
function WhereAmI() {
  return <output aria-label="Address">{useLocation().pathname + useLocation().search}</output>;
}
const address = () => screen.getAllByRole('status', { name: 'Address' }).at(-1)?.textContent;

const signalRequests = () => requests.filter((request) => request.path === '/api/v1/signals');

describe('SignalsPage', () => {
  it('lists the signals highest intent first with company, summary, reasons, market, date and status', async () => {
    renderPage(<SignalsPage />);
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

  it("names a signal's company by its account when the feed named none, linking to the company page", async () => {
    signals = [
      signal(1, { company: null, title: 'Alpha plans drilling', account: { id: 7, name: 'Alpha Copper Corp.' } }),
      signal(2, { company: 'Beta Gold', title: 'Beta reports assays', account: { id: 8, name: 'Beta Gold Ltd' } }),
      signal(3, { company: null, title: 'Gamma joined nothing' }),
    ];
    renderPage(<SignalsPage />);
    await screen.findByText('Showing 1–3 of 3 signals');
    const alpha = within(rowOf('Alpha plans drilling')).getByRole('link', { name: 'Alpha Copper Corp.: company page' });
    expect(alpha.getAttribute('href')).toBe('/companies/7');
    // The feed's own name stays what the row shows; the link still opens the account.
    const beta = within(rowOf('Beta reports assays')).getByRole('link', { name: 'Beta Gold: company page' });
    expect(beta.getAttribute('href')).toBe('/companies/8');
    expect(within(rowOf('Gamma joined nothing')).getByText('Unknown company')).toBeTruthy();
    expect(within(rowOf('Gamma joined nothing')).queryByRole('link', { name: /company page/ })).toBeNull();
  });

  it('filters by intent and by words once typing pauses', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderPage(<SignalsPage />);
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
    renderPage(
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
    // With a signal open, j and k walk the inbox; x selects nothing behind it.
    await typist.keyboard('j');
    expect(opened.at(-1)).toBe(2);
    await typist.keyboard('kx');
    expect(opened.at(-1)).toBe(3);
    expect(screen.getByText('0 selected')).toBeTruthy();
    await typist.click(screen.getByRole('button', { name: 'Close' }));

    await typist.click(screen.getByLabelText('Search'));
    await typist.keyboard('jx');
    expect(screen.getByText('0 selected')).toBeTruthy();
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('jx');
  });

  it('dismisses the selected signals out of the inbox and restores them from the Dismissed view', async () => {
    renderPage(<SignalsPage />);
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
    renderPage(<SignalsPage />);
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

  it('opens /signals/{id} over the inbox: previous and next walk it, Dismiss moves on, a pushed one links to its CRM record', async () => {
    renderPage(
      <SignalsPage
        renderArticle={(articleId, onClose, actions) => (
          <div role="dialog" aria-label={`Article ${articleId}`}>
            {actions}
            <button type="button" onClick={onClose}>
              Close
            </button>
          </div>
        )}
      />,
      '/signals/1',
    );
    const typist = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Article 1' });
    expect(await within(dialog).findByText('1 of 3')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(dialog).queryByRole('link', { name: /Open in/ })).toBeNull(); // not pushed

    await typist.click(within(dialog).getByRole('button', { name: 'Next' }));
    const pushed = await screen.findByRole('dialog', { name: 'Article 3' });
    expect(address()).toBe('/signals/3');
    // Signal 3 is in the CRM: the detail links to the company record in HubSpot.
    const crm = await within(pushed).findByRole('link', { name: 'Open in CRM (local outbox)' });
    expect(crm.getAttribute('href')).toBe('https://app.hubspot.com/contacts/42/record/0-2/777');

    await typist.click(within(pushed).getByRole('button', { name: 'Dismiss' }));
    expect(await screen.findByRole('dialog', { name: 'Article 2' })).toBeTruthy();
    expect(requests.some((request) => request.path === '/api/v1/article/3/dismiss')).toBe(true);
    await typist.click(screen.getByRole('button', { name: 'Close' }));
    expect(address()).toBe('/signals');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('holds the rows still while updates arrive, and shows them when asked; the selection survives', async () => {
    const { queryClient } = renderPage(<SignalsPage />);
    const typist = userEvent.setup();
    await screen.findByText('Showing 1–3 of 3 signals');
    await typist.click(within(rowOf('Beta reports assays')).getByRole('checkbox'));
    const titles = () =>
      rows().map((row) => signals.find((item) => row.textContent?.includes(item.title))?.title ?? '?');
    const before = titles();

    // A batch analyses two more (one ranked first) and reorders the rest: live updates refetch the inbox.
    signals = [
      ...signals.map((item) => (item.article_id === 2 ? { ...item, buying_intent_score: 'Very High' as const } : item)),
      signal(4, { title: 'Delta closes financing', buying_intent_score: 'Very High' }),
      signal(5, { title: 'Epsilon starts drilling', buying_intent_score: 'Low' }),
    ];
    await act(() => queryClient.invalidateQueries());
    expect(await screen.findByText(/2 new signals —/)).toBeTruthy();
    expect(titles()).toEqual(before);
    expect(screen.getByText('1 selected')).toBeTruthy();

    await typist.click(screen.getByRole('button', { name: 'show' }));
    expect(titles()).toHaveLength(5);
    expect(titles()[0]).not.toBe(before[0]);
    expect(screen.queryByText(/new signals —/)).toBeNull();
    expect(rowOf('Beta reports assays').getAttribute('aria-selected')).toBe('true');
  });

  it("applies the rep's own Push and Dismiss at once while other updates stay behind the banner", async () => {
    const { queryClient } = renderPage(<SignalsPage />);
    const typist = userEvent.setup();
    await screen.findByText('Showing 1–3 of 3 signals');
    // A batch analyses a new signal ranked first: held behind the banner.
    signals = [signal(4, { title: 'Delta closes financing', buying_intent_score: 'Very High' }), ...signals];
    await act(() => queryClient.invalidateQueries());
    expect(await screen.findByText(/1 new signal —/)).toBeTruthy();
    const titles = () => rows().map((row) => within(row).getAllByRole('button')[0]?.textContent);

    await typist.click(within(rowOf('Beta reports assays')).getByRole('checkbox'));
    await typist.click(screen.getByRole('button', { name: 'Push to CRM (local outbox)' }));
    expect(await within(rowOf('Beta reports assays')).findAllByText(/Pushed to CRM \(local outbox\)/)).not.toHaveLength(
      0,
    );

    await typist.click(within(rowOf('Alpha plans 12,000 m of drilling')).getByRole('checkbox'));
    // The toolbar's Dismiss (the push notice above it has a Dismiss of its own).
    const dismiss = screen.getAllByRole('button', { name: 'Dismiss' }).at(-1);
    if (!dismiss) throw new Error('no Dismiss');
    await typist.click(dismiss);
    await screen.findByText('Dismissed 1 signal');
    expect(titles()).toEqual(['Gamma pushed earlier', 'Beta reports assays']);
    // The others' new signal still waits for the rep.
    expect(screen.getByText(/1 new signal —/)).toBeTruthy();
    expect(screen.queryByText('Delta closes financing')).toBeNull();
  });
});
