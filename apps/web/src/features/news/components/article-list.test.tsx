import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/fake-api.ts';
import { renderWithQueryClient } from '../../../test/render.tsx';
import { makeArticle } from '../test/article-factory.ts';
import { ArticleListHarness } from '../test/article-list-harness.tsx';

const SESSION = '4b1f7b2e-8d0a-4c47-9a57-0b6f6b0f2f11';

afterEach(() => vi.unstubAllGlobals());

function pageOf(ids: number[], page: number, total: number, pageSize = 2) {
  const totalPages = Math.ceil(total / pageSize);
  return {
    data: ids.map((id) => makeArticle({ article_id: id, title: `Article ${id}` })),
    pagination: {
      current_page: page,
      page_size: pageSize,
      total_count: total,
      total_pages: totalPages,
      has_next: page < totalPages,
      has_prev: page > 1,
    },
  };
}

describe('ArticleList', () => {
  it('says how to start before any fetch', () => {
    renderWithQueryClient(<ArticleListHarness sessionId={null} />);
    expect(screen.getByText(/^No articles yet/).closest('p')?.textContent).toBe(
      'No articles yet - Set your filters and click "Fetch News" to load articles',
    );
  });

  it('says the session found nothing once it is done', async () => {
    stubApi(() => ({ status: 200, body: pageOf([], 1, 0) }));
    renderWithQueryClient(<ArticleListHarness sessionId={SESSION} />);
    expect((await screen.findByText(/^No articles found/)).closest('p')?.textContent).toBe(
      'No articles found for this session - Try adjusting your filters and fetching again',
    );
  });

  it('selects the page, then every page, and offers Process Selected for the selection', async () => {
    stubApi((request) => {
      if (request.path.endsWith('/ids'))
        return { status: 200, body: { success: true, data: { article_ids: [1, 2, 3, 4, 5] } } };
      return { status: 200, body: pageOf([1, 2], 1, 5) };
    });
    const user = userEvent.setup();
    renderWithQueryClient(<ArticleListHarness sessionId={SESSION} />);
    expect((await screen.findByRole('button', { name: 'Process Selected' })).hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByLabelText('Select all on this page'));
    expect(screen.getByText('2 selected')).toBeTruthy();
    expect((screen.getByLabelText('Select Article 1') as HTMLInputElement).checked).toBe(true);

    await user.click(screen.getByRole('button', { name: 'All Pages' }));
    expect(await screen.findByText('All 5 articles selected')).toBeTruthy();
    const process = screen.getByRole('button', { name: 'Process Selected (5)' }) as HTMLButtonElement;
    expect(process.disabled).toBe(false);
    expect(screen.queryByTitle('Available when the article pipeline is enabled')).toBeNull();

    await user.click(screen.getByLabelText('Select Article 2'));
    expect(screen.getByText('4 selected')).toBeTruthy();
    expect(screen.getByText('Showing 1–2 of 5 articles')).toBeTruthy();
  });

  it("shows an analysed article's buying intent, why, and its one-line sales signal on the card", async () => {
    const analysed = makeArticle({
      article_id: 1,
      title: 'Article 1',
      status: 'summarised',
      buying_intent_score: 'High',
      intent_reasons: ['9,000 m drilling in Q1 2027', 'C$5M placement closed', 'contact named: Jane Doe, CEO', 'more'],
      signal_summary: 'Kestrel Gold plans 9,000 m of drilling at Crow Lake.',
    });
    stubApi(() => ({
      status: 200,
      body: { ...pageOf([2], 1, 2), data: [analysed, makeArticle({ article_id: 2, title: 'Article 2' })] },
    }));
    renderWithQueryClient(<ArticleListHarness sessionId={SESSION} />);
    const card = await screen.findByRole('listitem', { name: 'Article 1' });
    const signal = within(card).getByRole('region', { name: 'Sales signal' });
    expect(within(signal).getByText('Buying intent: High').getAttribute('data-intent')).toBe('High');
    expect(within(signal).getByText(/C\$5M placement closed/).textContent).toBe(
      'Why: 9,000 m drilling in Q1 2027 · C$5M placement closed · contact named: Jane Doe, CEO',
    );
    expect(within(signal).getByText('Kestrel Gold plans 9,000 m of drilling at Crow Lake.')).toBeTruthy();
    const fresh = screen.getByRole('listitem', { name: 'Article 2' });
    expect(within(fresh).queryByRole('region', { name: 'Sales signal' })).toBeNull();
  });

  it('shows an article queued again after a failed push as queued, then processing, not as the old failure', async () => {
    const failed = { status: 'failed_push', failure_reason: 'HubSpot refused the request (400)' } as const;
    stubApi(() => ({
      status: 200,
      body: {
        ...pageOf([1, 2, 3], 1, 3, 3),
        data: [
          makeArticle({ article_id: 1, title: 'Queued', ...failed, activity: 'queued' }),
          makeArticle({ article_id: 2, title: 'Processing', ...failed, activity: 'processing' }),
          makeArticle({ article_id: 3, title: 'Failed', ...failed }),
        ],
      },
    }));
    renderWithQueryClient(<ArticleListHarness sessionId={SESSION} />);
    const badge = (title: string, label: string) =>
      within(screen.getByRole('listitem', { name: title })).getByText(label, { selector: 'span[data-tone]' });
    await screen.findByRole('listitem', { name: 'Queued' });
    expect(badge('Queued', 'Queued').getAttribute('title')).toBeNull();
    expect(badge('Processing', 'Processing').getAttribute('data-tone')).toBe('processing');
    expect(badge('Failed', 'Failed Push').getAttribute('title')).toBe('HubSpot refused the request (400)');
    expect(within(screen.getByRole('listitem', { name: 'Queued' })).queryByText('Failed Push')).toBeNull();
  });

  it('analyzes the selection without pushing it, or processes it all the way', async () => {
    stubApi(() => ({ status: 200, body: pageOf([1, 2], 1, 2) }));
    const started: [number[], boolean][] = [];
    const user = userEvent.setup();
    renderWithQueryClient(
      <ArticleListHarness sessionId={SESSION} onProcessSelected={(ids, push) => started.push([ids, push])} />,
    );
    await user.click(await screen.findByLabelText('Select all on this page'));
    await user.click(screen.getByRole('button', { name: 'Analyze Selected' }));
    await user.click(screen.getByRole('button', { name: 'Process Selected (2)' }));
    expect(started).toEqual([
      [[1, 2], false],
      [[1, 2], true],
    ]);
  });

  it('refuses more than 1,000 articles in one batch', async () => {
    const ids = Array.from({ length: 1001 }, (_, index) => index + 1);
    stubApi((request) => {
      if (request.path.endsWith('/ids')) return { status: 200, body: { success: true, data: { article_ids: ids } } };
      return { status: 200, body: pageOf([1, 2], 1, 1001) };
    });
    const user = userEvent.setup();
    renderWithQueryClient(<ArticleListHarness sessionId={SESSION} />);
    await user.click(await screen.findByRole('button', { name: 'All Pages' }));
    expect(await screen.findByText('All 1,001 articles selected')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Process Selected (1,001)' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('At most 1,000 articles per batch')).toBeTruthy();
  });
});
