import type { BatchStatus } from '@mining-hub/contract/pipeline';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LiveProvider } from '../../lib/live-context.tsx';
import { stubApi, type FakeRequest } from '../../test/fake-api.ts';
import { renderWithQueryClient } from '../../test/render.tsx';
import { DEFAULT_FILTER_SET } from './filter-set.ts';
import { MarketIntelligencePage } from './market-intelligence-page.tsx';
import { PAGE_MEMORY_KEY, readPageMemory, type RememberedBatch } from './page-memory.ts';
import { makeArticle } from './test/article-factory.ts';
import { stubApiAsync, stubLiveSocket } from './test/fake-server.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.sessionStorage.clear();
});

function renderPage({ live = false } = {}) {
  return renderWithQueryClient(
    <LiveProvider enabled={live}>
      <MemoryRouter initialEntries={['/news-signals']}>
        <MarketIntelligencePage />
      </MemoryRouter>
    </LiveProvider>,
  );
}

function answerFetch(status: number, body: unknown): FakeRequest[] {
  const requests: FakeRequest[] = [];
  stubApi((request) => {
    if (request.path !== '/api/v1/fetch-news-session') return undefined;
    requests.push(request);
    return { status, body };
  });
  return requests;
}

describe('MarketIntelligencePage fetch errors', () => {
  it('shows Error occurred and keeps no session when the fetch fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const requests = answerFetch(500, { detail: 'Internal server error', code: 'internal' });
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Fetch News' }));
    const progress = await screen.findByRole('region', { name: 'Fetch progress' });
    expect(await within(progress).findByText('Error occurred')).toBeTruthy();
    expect(requests[0]?.body).toMatchObject({ dateRange: 1, commodity: [], country: '' });
    expect(screen.getByText(/^No articles yet/)).toBeTruthy();
  });

  it('shows the server’s reason next to Error occurred when it refuses the filters', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    answerFetch(400, { detail: 'country: unknown country', code: 'validation_failed' });
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Fetch News' }));
    expect((await screen.findByRole('alert')).textContent).toBe('country: unknown country');
    expect(screen.getByText('Error occurred')).toBeTruthy();
  });

  it('words a 429 with the wait time from the answer', async () => {
    answerFetch(429, { detail: 'slow down', code: 'rate_limited', wait_time: 7 });
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Fetch News' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Rate limit exceeded. Please wait 7 seconds before trying again.',
    );
    expect(screen.queryByRole('region', { name: 'Fetch progress' })).toBeNull();
  });

  it('disables Fetch News while the market cap range is reversed, and says why beside the range', async () => {
    const requests = answerFetch(200, { success: true, session_id: 'x', message: 'ok' });
    renderPage();
    const user = userEvent.setup();
    const fetchNews = screen.getByRole('button', { name: 'Fetch News' }) as HTMLButtonElement;
    const min = screen.getByRole('spinbutton', { name: 'Market cap minimum' });
    await user.clear(min);
    await user.type(min, '20000');
    expect(fetchNews.disabled).toBe(true);
    expect(screen.getByText('The minimum is greater than the maximum.')).toBeTruthy();
    await user.click(fetchNews);
    expect(requests).toHaveLength(0);

    await user.clear(min);
    await user.type(min, '5');
    expect(fetchNews.disabled).toBe(false);
    expect(screen.queryByText('The minimum is greater than the maximum.')).toBeNull();
  });
});

const SESSION = '4b1f7b2e-8d0a-4c47-9a57-0b6f6b0f2f11';
const BATCH = '9d0c1f4e-2b3a-4c5d-8e9f-0a1b2c3d4e5f';

function rememberSession(batch: RememberedBatch | null = null) {
  window.sessionStorage.setItem(
    PAGE_MEMORY_KEY,
    JSON.stringify({ filters: DEFAULT_FILTER_SET, sessionId: SESSION, page: 1, batch }),
  );
}

function batchStatus(completed: number, total: number): BatchStatus {
  return {
    batch_session_id: BATCH,
    status: completed >= total ? 'completed' : 'running',
    total_articles: total,
    completed,
    failed: 0,
    progress_percentage: total === 0 ? 100 : (100 * completed) / total,
    results: { expanded: completed, analyzed: completed, pushed_to_hubspot: completed },
    failures: [],
  };
}

/** A session of four articles, two per page, and a batch server whose status the test sets. */
function serveSessionAndBatch() {
  const server = { status: batchStatus(0, 2) };
  const requests = stubApiAsync((request) => {
    if (request.path === `/api/v1/articles/session/${SESSION}`) {
      const page = Number(request.query.get('page'));
      const ids = page === 1 ? [1, 2] : [3, 4];
      return {
        status: 200,
        body: {
          data: ids.map((id) => makeArticle({ article_id: id, title: `Article ${id}` })),
          pagination: {
            current_page: page,
            page_size: 2,
            total_count: 4,
            total_pages: 2,
            has_next: page < 2,
            has_prev: page > 1,
          },
        },
      };
    }
    if (request.path === '/api/v1/batch/process-selected') {
      return {
        status: 200,
        body: { success: true, batch_session_id: BATCH, article_count: 2, skipped_count: 1 },
      };
    }
    if (request.path === `/api/v1/batch/status/${BATCH}`) return { status: 200, body: server.status };
    return undefined;
  });
  const listReads = () => requests.filter((request) => request.path.startsWith('/api/v1/articles/session/')).length;
  return { server, requests, listReads };
}

describe('MarketIntelligencePage Process Selected', () => {
  it('processes a selection across two pages, follows the batch live and clears the selection when done', async () => {
    rememberSession();
    const live = stubLiveSocket();
    const { server, requests, listReads } = serveSessionAndBatch();
    const user = userEvent.setup();
    renderPage({ live: true });

    await screen.findByRole('listitem', { name: 'Article 1' });
    await user.click(screen.getByLabelText('Select all on this page'));
    await user.click(
      within(screen.getByRole('navigation', { name: 'Pagination' })).getByRole('button', { name: 'Next' }),
    );
    await user.click(await screen.findByLabelText('Select Article 3'));
    expect(screen.getByText('3 selected')).toBeTruthy();
    await vi.waitFor(() => expect(live.opened()).toBe(true));

    await user.click(screen.getByRole('button', { name: 'Process Selected (3)' }));
    const panel = await screen.findByRole('region', { name: 'Batch progress' });
    expect(requests.find((request) => request.path === '/api/v1/batch/process-selected')?.body).toEqual({
      article_ids: [1, 2, 3],
    });
    expect(within(panel).getByText(/Batch Running: 0 of 2 processed/)).toBeTruthy();
    expect(within(panel).getByText('1 selected article was skipped: already in another running batch.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Processing...' }).hasAttribute('disabled')).toBe(true);
    // The batch holds article 3: its own Expand waits.
    const article3 = screen.getByRole('listitem', { name: 'Article 3' });
    expect(within(article3).getByRole('button', { name: 'Expand' }).hasAttribute('disabled')).toBe(true);

    // The batch moves on through live messages, between polls.
    live.send({ type: 'batch_progress', batch_session_id: BATCH, data: batchStatus(1, 2) });
    expect(await within(panel).findByText(/Batch Running: 1 of 2 processed/)).toBeTruthy();
    server.status = batchStatus(2, 2);
    live.send({ type: 'batch_progress', batch_session_id: BATCH, data: server.status });
    expect(await within(panel).findByText(/Batch Completed: 2 of 2 processed/)).toBeTruthy();
    expect(screen.getByText('No articles selected')).toBeTruthy();
    expect(within(article3).getByRole('button', { name: 'Expand' }).hasAttribute('disabled')).toBe(false);

    // Article status changes refetch the page the user looks at.
    const reads = listReads();
    live.send({ type: 'article_status_update', article_id: 3, status: 'expanded' });
    await vi.waitFor(() => expect(listReads()).toBeGreaterThan(reads));
    // A burst of messages re-reads the list once more at the end of the second, not once per message.
    const readsAfter = listReads();
    for (let i = 0; i < 5; i += 1) live.send({ type: 'articles_updated' });
    await vi.waitFor(() => expect(listReads()).toBe(readsAfter + 1), { timeout: 10_000 });

    await user.click(within(panel).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('region', { name: 'Batch progress' })).toBeNull();
  });

  it('goes on following a running batch after the user comes back to the page, and forgets it once completed', async () => {
    rememberSession({ batchId: BATCH, articleIds: [1, 2], articleCount: 2, skipped: 0, startedAt: Date.now() });
    const { server } = serveSessionAndBatch();
    server.status = batchStatus(2, 2);
    renderPage();
    const panel = await screen.findByRole('region', { name: 'Batch progress' });
    expect(await within(panel).findByText(/Batch Completed: 2 of 2 processed/)).toBeTruthy();
    await vi.waitFor(() => expect(readPageMemory().batch).toBeNull());
  });
});
