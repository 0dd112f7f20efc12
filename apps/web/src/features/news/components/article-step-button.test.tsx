import type { CrmDestination } from '@mining-hub/contract/crm';
import type { Article } from '@mining-hub/contract/news';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithQueryClient } from '../../../test/render.tsx';
import { makeArticle } from '../test/article-factory.ts';
import { ArticleListHarness } from '../test/article-list-harness.tsx';
import { deferred, stubApiAsync } from '../test/fake-server.ts';

const SESSION = '4b1f7b2e-8d0a-4c47-9a57-0b6f6b0f2f11';
const STEP_PATHS = ['/api/v1/expand-article', '/api/v1/openai/process-article', '/api/v1/hubspot/push-article'];

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/**
 * A server holding one article whose status the test moves on, answering steps when the test lets it;
 * it names `destination` as the CRM when given (else the page has not learnt it).
 */
function serveOneArticle(initial: Partial<Article>, destination?: CrmDestination) {
  let article = makeArticle(initial);
  let gate: ReturnType<typeof deferred<{ status: number; body: unknown }>> | null = null;
  const requests = stubApiAsync(async (request) => {
    if (request.path === `/api/v1/articles/session/${SESSION}`) {
      return {
        status: 200,
        body: {
          data: [article],
          pagination: {
            current_page: 1,
            page_size: 20,
            total_count: 1,
            total_pages: 1,
            has_next: false,
            has_prev: false,
          },
        },
      };
    }
    if (request.path === '/api/v1/crm/destination' && destination) {
      return { status: 200, body: { success: true, data: destination } };
    }
    if (STEP_PATHS.includes(request.path) && gate) return gate.promise;
    return undefined;
  });
  return {
    requests,
    /** The next step call waits for `finish`. */
    holdNextStep: () => {
      gate = deferred();
    },
    finish: (changes: Partial<Article>, status = 200) => {
      article = { ...article, ...changes };
      gate?.resolve(status === 200 ? { status, body: { success: true, data: article } } : { status, body: changes });
    },
    listReads: () => requests.filter((request) => request.path.startsWith('/api/v1/articles/session/')).length,
  };
}

describe('ArticleStepButton', () => {
  it('runs Expand, says Expanding... while it runs, then refetches the list and offers Summarize', async () => {
    const server = serveOneArticle({ status: 'fetched' });
    const user = userEvent.setup();
    renderWithQueryClient(<ArticleListHarness sessionId={SESSION} />);
    const card = await screen.findByRole('listitem', { name: 'Aurora Ridge drills 12.4 g/t Au over 8 metres' });

    server.holdNextStep();
    const readsBefore = server.listReads();
    await user.click(within(card).getByRole('button', { name: 'Expand' }));
    const busy = await within(card).findByRole('button', { name: 'Expanding...' });
    expect(busy.hasAttribute('disabled')).toBe(true);
    expect(server.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/api/v1/expand-article',
      body: { article_id: 42 },
    });

    server.finish({ status: 'expanded' });
    expect(await within(card).findByRole('button', { name: 'Summarize' })).toBeTruthy();
    expect(within(card).getByText('Expanded')).toBeTruthy();
    expect(server.listReads()).toBeGreaterThan(readsBefore);
  });

  it('pushes an analysed article to HubSpot; once there, the card says HubSpot and offers no step', async () => {
    const server = serveOneArticle({ status: 'summarised' }, { kind: 'hubspot', label: 'HubSpot' });
    const user = userEvent.setup();
    renderWithQueryClient(<ArticleListHarness sessionId={SESSION} />);
    const card = await screen.findByRole('listitem', { name: 'Aurora Ridge drills 12.4 g/t Au over 8 metres' });
    expect(within(card).getByText('Analyzed')).toBeTruthy();

    server.holdNextStep();
    await user.click(await within(card).findByRole('button', { name: 'Push to HubSpot' }));
    expect(await within(card).findByRole('button', { name: 'Pushing...' })).toBeTruthy();
    server.finish({ status: 'pushed_to_hubspot', crm_company_id: '7' });
    expect(await within(card).findByText('HubSpot')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: /Expand|Summarize|Push to|Pushing/ })).toBeNull();
  });

  it('names the local outbox on the push button and the badge when pushes go there', async () => {
    const server = serveOneArticle({ status: 'summarised' }, { kind: 'outbox', label: 'CRM (local outbox)' });
    const user = userEvent.setup();
    renderWithQueryClient(<ArticleListHarness sessionId={SESSION} />);
    const card = await screen.findByRole('listitem', { name: 'Aurora Ridge drills 12.4 g/t Au over 8 metres' });

    server.holdNextStep();
    await user.click(await within(card).findByRole('button', { name: 'Push to CRM (local outbox)' }));
    server.finish({ status: 'pushed_to_hubspot', crm_company_id: '7' });
    expect(await within(card).findByText('CRM (local outbox)')).toBeTruthy();
    expect(within(card).queryByText('HubSpot')).toBeNull();
  });

  it('a failed step is silent: the badge shows the failure, its reason on hover, and the step is offered again', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const server = serveOneArticle({ status: 'expanded' });
    const user = userEvent.setup();
    renderWithQueryClient(<ArticleListHarness sessionId={SESSION} />);
    const card = await screen.findByRole('listitem', { name: 'Aurora Ridge drills 12.4 g/t Au over 8 metres' });

    server.holdNextStep();
    await user.click(within(card).getByRole('button', { name: 'Summarize' }));
    expect(await within(card).findByRole('button', { name: 'Summarizing...' })).toBeTruthy();
    // The server records the failure on the article (and answers 500 here); the page says nothing itself.
    server.finish({ status: 'failed_summary', failure_reason: 'AI service answered 500' }, 500);
    const badge = await within(card).findByText('Failed Summary');
    expect(badge.getAttribute('title')).toBe('AI service answered 500');
    expect(within(card).getByRole('button', { name: 'Summarize' }).hasAttribute('disabled')).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(consoleError).toHaveBeenCalled();
  });
});
