import type { ArticleStatus } from '@mining-hub/contract/articles';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/fake-api.ts';
import { renderWithQueryClient } from '../../../test/render.tsx';
import { makeArticle } from '../test/article-factory.ts';
import { COPIED_MS } from '../../../components/copy-button.tsx';
import { ArticleDetailModal } from './article-detail-modal.tsx';

/** The default prompt's answer as the offline analyser gives it. */
const ANALYSIS = {
  signal_summary: 'Brackwater Lithium raises C$16.2 million to fund a 5,000 m drill program.',
  expanded_summary: 'Brackwater Lithium Corp. announces a non-brokered private placement.',
  drilling_planned: 'Yes',
  drilling_timeline: 'commencing in December 2026',
  drilling_details: 'Approximately 5,000 metres of diamond drilling.',
  drilling_length_meters: '5000',
  additional_sales_signals: ['Financing: C$16.2 million private placement'],
  contact_details: [
    {
      first_name: 'Callum',
      last_name: 'Kruger',
      email: 'ckruger@brackwaterlithium.com',
      job_title: 'CEO & Director',
      phone_number: '+1 (514) 555-0182',
    },
  ],
  buying_intent_score: 'Very High',
  talking_points: ['Planned 5,000 m diamond program: ask about rig availability.'],
  email_subject: 'Brackwater Lithium: support for your 5,000 m drilling program',
  email_body: 'Dear Callum,\n\nCongratulations on your announcement.',
};

function serveArticle(changes: Parameters<typeof makeArticle>[0]) {
  stubApi((request) =>
    request.path === '/api/v1/article/42'
      ? { status: 200, body: { success: true, data: makeArticle(changes) } }
      : undefined,
  );
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ArticleDetailModal', () => {
  it('shows the full article from GET /article/{id}', async () => {
    stubApi((request) =>
      request.path === '/api/v1/article/42'
        ? { status: 200, body: { success: true, data: makeArticle({ full_content: '<p>Hole <b>ARG-25-014</b></p>' }) } }
        : undefined,
    );
    renderWithQueryClient(<ArticleDetailModal articleId={42} listItem={null} onClose={() => {}} />);
    expect(await screen.findByText('ARG-25-014')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Aurora Ridge drills 12.4 g/t Au over 8 metres' })).toBeTruthy();
  });

  it('falls back to the list item, silently, when the detail call fails', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubApi(() => ({ status: 500, body: { detail: 'boom' } }));
    renderWithQueryClient(
      <ArticleDetailModal
        articleId={42}
        listItem={makeArticle({ title: 'From the list', content: null })}
        onClose={() => {}}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'From the list' })).toBeTruthy();
    expect(await screen.findByText('No content available')).toBeTruthy();
    await vi.waitFor(() => expect(consoleError).toHaveBeenCalled());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('frames a PDF article', async () => {
    stubApi(() => ({
      status: 200,
      body: { success: true, data: makeArticle({ article_type: 'pdf', pdf_iframe_url: '/api/v1/demo/report.pdf' }) },
    }));
    renderWithQueryClient(<ArticleDetailModal articleId={42} listItem={null} onClose={() => {}} />);
    const frame = await screen.findByTitle('PDF: Aurora Ridge drills 12.4 g/t Au over 8 metres');
    expect(frame.getAttribute('src')).toBe('/api/v1/demo/report.pdf');
    expect(screen.queryByRole('region', { name: 'Text of the PDF' })).toBeNull();
  });

  it('shows the text an expanded PDF gave under its frame', async () => {
    const article = makeArticle({
      article_type: 'pdf',
      pdf_iframe_url: 'https://files.example/report.pdf',
      status: 'expanded',
      full_content: '紫金矿业集团股份有限公司\n年度报告\n\nPage 2',
    });
    stubApi(() => ({ status: 200, body: { success: true, data: article } }));
    renderWithQueryClient(<ArticleDetailModal articleId={42} listItem={null} onClose={() => {}} />);
    const text = await screen.findByRole('region', { name: 'Text of the PDF' });
    expect([...text.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      '紫金矿业集团股份有限公司\n年度报告',
      'Page 2',
    ]);
    expect(screen.getByTitle('PDF: Aurora Ridge drills 12.4 g/t Au over 8 metres')).toBeTruthy();
  });

  it('shows why the buying intent is what it is, beside the badge', async () => {
    const reasons = ['5,000 m drilling commencing in December 2026', 'C$16.2M private placement announced'];
    serveArticle({ status: 'summarised', analysis: { ...ANALYSIS, intent_reasons: reasons } });
    renderWithQueryClient(<ArticleDetailModal articleId={42} listItem={null} onClose={() => {}} />);
    const analysis = await screen.findByRole('region', { name: 'AI analysis' });
    const why = within(analysis).getByRole('region', { name: 'Why this intent' });
    expect(
      within(why)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(reasons);
    expect(within(analysis).getByText('Buying intent: Very High').getAttribute('title')).toBe(
      `Why: ${reasons.join('; ')}`,
    );
    // Shown in their own place, not again among the other fields.
    expect(within(analysis).queryByText('Intent reasons')).toBeNull();
  });

  it('shows the analysis: summaries, buying intent, drilling, contacts, talking points, signals and the email draft', async () => {
    serveArticle({
      status: 'pushed_to_hubspot',
      analysis: ANALYSIS,
      analysis_prompt_id: 1,
      analysis_prompt_version: 3,
      crm_company_id: '17',
    });
    renderWithQueryClient(<ArticleDetailModal articleId={42} listItem={null} onClose={() => {}} />);
    const analysis = await screen.findByRole('region', { name: 'AI analysis' });
    expect(within(analysis).getByText(ANALYSIS.signal_summary)).toBeTruthy();
    expect(within(analysis).getByText(ANALYSIS.expanded_summary)).toBeTruthy();
    expect(within(analysis).getByText('Buying intent: Very High').getAttribute('data-intent')).toBe('Very High');
    expect(within(analysis).getByText('Prompt #1 v3')).toBeTruthy();

    const drilling = within(analysis).getByRole('region', { name: 'Drilling' });
    expect(within(drilling).getByText('Yes')).toBeTruthy();
    expect(within(drilling).getByText('commencing in December 2026')).toBeTruthy();
    expect(within(drilling).getByText('5,000 m')).toBeTruthy();
    expect(within(drilling).getByText(ANALYSIS.drilling_details)).toBeTruthy();

    const contacts = within(analysis).getByRole('region', { name: 'Contacts' });
    expect(within(contacts).getByText('Callum Kruger')).toBeTruthy();
    expect(within(contacts).getByText('· CEO & Director')).toBeTruthy();
    expect(within(contacts).getByRole('link', { name: 'ckruger@brackwaterlithium.com' }).getAttribute('href')).toBe(
      'mailto:ckruger@brackwaterlithium.com',
    );
    expect(within(contacts).getByText('+1 (514) 555-0182')).toBeTruthy();

    expect(within(analysis).getByText(ANALYSIS.talking_points[0] ?? '')).toBeTruthy();
    expect(within(analysis).getByText(ANALYSIS.additional_sales_signals[0] ?? '')).toBeTruthy();
    const email = within(analysis).getByRole('region', { name: 'Email draft' });
    expect(within(email).getByText(ANALYSIS.email_subject)).toBeTruthy();
    // Once in the CRM there is no further step.
    expect(screen.queryByRole('button', { name: /Expand|Summarize|Push to CRM/ })).toBeNull();
  });

  it('copies the email draft and says Copied for a moment', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const copied: string[] = [];
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text: string) => void copied.push(text) },
    });
    serveArticle({ status: 'summarised', analysis: ANALYSIS });
    renderWithQueryClient(<ArticleDetailModal articleId={42} listItem={null} onClose={() => {}} />);
    await user.click(await screen.findByRole('button', { name: 'Copy email' }));
    expect(copied).toEqual([`Subject: ${ANALYSIS.email_subject}\n\n${ANALYSIS.email_body}`]);
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
    // The state changed after an await, outside act: let its effect start the timer before advancing.
    await act(async () => {});
    act(() => vi.advanceTimersByTime(COPIED_MS));
    expect(screen.getByRole('button', { name: 'Copy email' })).toBeTruthy();
  });

  it('shows a custom prompt’s other fields by name', async () => {
    serveArticle({
      status: 'summarised',
      analysis: {
        signal_summary: 'Short.',
        funding_amount_usd: 16_200_000,
        next_steps: ['Call the CFO', 'Send pricing'],
      },
    });
    renderWithQueryClient(<ArticleDetailModal articleId={42} listItem={null} onClose={() => {}} />);
    const analysis = await screen.findByRole('region', { name: 'AI analysis' });
    expect(
      within(within(analysis).getByRole('region', { name: 'Funding amount usd' })).getByText('16,200,000'),
    ).toBeTruthy();
    const steps = within(analysis).getByRole('region', { name: 'Next steps' });
    expect(within(steps).getByText('Send pricing')).toBeTruthy();
  });

  it('shows why a step failed, and offers it again', async () => {
    serveArticle({ status: 'failed_push', failure_reason: 'CRM answered 503', analysis: ANALYSIS });
    renderWithQueryClient(<ArticleDetailModal articleId={42} listItem={null} onClose={() => {}} />);
    const failure = await screen.findByRole('region', { name: 'Failure reason' });
    expect(failure.textContent).toBe('Push to CRM failedCRM answered 503');
    expect(screen.getByRole('button', { name: 'Push to CRM' }).hasAttribute('disabled')).toBe(false);
  });

  it('shows a failed article a batch is pushing again as processing, without the old failure', async () => {
    serveArticle({
      status: 'failed_push',
      failure_reason: 'CRM answered 503',
      analysis: ANALYSIS,
      activity: 'processing',
    });
    renderWithQueryClient(<ArticleDetailModal articleId={42} listItem={null} onClose={() => {}} />);
    expect(await screen.findByText('Processing', { selector: 'span[data-tone]' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Failure reason' })).toBeNull();
    expect(screen.queryByText('Failed Push')).toBeNull();
  });

  it('says a PDF is being extracted while Expand runs, on the busy button and in the body', async () => {
    let finishExpanding: () => void = () => {};
    const expanding = new Promise<void>((resolve) => {
      finishExpanding = resolve;
    });
    let status: ArticleStatus = 'fetched';
    // The expand call answers only when the test lets it, as a large PDF keeps the server busy.
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path === '/api/v1/expand-article') {
        await expanding;
        status = 'expanded';
      }
      const known = path === '/api/v1/article/42' || path === '/api/v1/expand-article';
      const article = makeArticle({ status, article_type: 'pdf', pdf_iframe_url: '/api/v1/demo/report.pdf' });
      return new Response(
        JSON.stringify(known ? { success: true, data: article } : { detail: 'x', code: 'not_found' }),
        {
          status: known ? 200 : 404,
          headers: { 'Content-Type': 'application/json' },
        },
      );
    });
    renderWithQueryClient(<ArticleDetailModal articleId={42} listItem={null} onClose={() => {}} />);
    expect(screen.queryByText(/Extracting the text/)).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: 'Expand' }));

    const busy = await screen.findByRole('button', { name: 'Expanding...' });
    expect(busy.hasAttribute('disabled')).toBe(true);
    expect(
      screen.getByText(/Extracting the text of the PDF\. A large one can take a minute/).getAttribute('role'),
    ).toBe('status');

    finishExpanding();
    expect(await screen.findByRole('button', { name: 'Summarize' })).toBeTruthy();
    expect(screen.queryByText(/Extracting the text/)).toBeNull();
  });

  it('runs the next step from its footer and shows the article it answers with', async () => {
    let status: ArticleStatus = 'expanded';
    stubApi((request) => {
      if (request.path === '/api/v1/openai/process-article') status = 'summarised';
      if (request.path === '/api/v1/article/42' || request.path === '/api/v1/openai/process-article') {
        const analysis = status === 'summarised' ? ANALYSIS : null;
        return { status: 200, body: { success: true, data: makeArticle({ status, analysis }) } };
      }
      return undefined;
    });
    renderWithQueryClient(<ArticleDetailModal articleId={42} listItem={null} onClose={() => {}} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Summarize' }));
    expect(await screen.findByRole('region', { name: 'AI analysis' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Push to CRM' })).toBeTruthy();
    expect(screen.getByRole('dialog').querySelector('[data-tone="processing"]')?.textContent).toBe('Analyzed');
  });
});
