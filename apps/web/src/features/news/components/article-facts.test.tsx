import { noFacts, type MiningFacts } from '@mining-hub/contract/facts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/fake-api.ts';
import { renderWithQueryClient } from '../../../test/render.tsx';
import { makeArticle } from '../test/article-factory.ts';
import { ArticleDetailModal } from './article-detail-modal.tsx';

const HTML =
  '<p>Hole KS-26-001 returned 7.5 m at 2.35 g/t Au.</p>' +
  '<ul><li>Hole KS-26-004 intersected <b>14.2 m</b> grading 6.12 g/t Au from 88.0 m.</li></ul>' +
  '<table><tr><th>Hole</th><th>Au (g/t)</th></tr><tr><td>KS-26-002</td><td>0.95</td></tr></table>' +
  '<p>Again: Hole KS-26-001 returned 7.5 m at 2.35 g/t Au.</p>';
/** The server's text of HTML (articleToText), which the offsets index. */
const TEXT =
  'Hole KS-26-001 returned 7.5 m at 2.35 g/t Au.\n\n• Hole KS-26-004 intersected 14.2 m grading 6.12 g/t Au from 88.0 m.\n\nHole | Au (g/t)\n\nKS-26-002 | 0.95\n\nAgain: Hole KS-26-001 returned 7.5 m at 2.35 g/t Au.';

const span = (quote: string, from = 0) => {
  const start = TEXT.indexOf(quote, from);
  return { quote, start, end: start + quote.length };
};
const intercept = (hole: string, width: number, grade: number, quote: ReturnType<typeof span>) => ({
  hole_id: hole,
  from_m: null,
  to_m: null,
  width_m: width,
  true_width_m: null,
  grade,
  unit: 'g/t' as const,
  element: 'Au',
  including: false,
  drill_type: null,
  ...quote,
});
const NONE = noFacts();
const FACTS: MiningFacts = {
  ...NONE,
  intercepts: [
    intercept('KS-26-001', 7.5, 2.35, span('Hole KS-26-001 returned 7.5 m at 2.35 g/t Au.')),
    intercept('KS-26-004', 14.2, 6.12, span('Hole KS-26-004 intersected 14.2 m grading 6.12 g/t Au from 88.0 m.')),
    intercept('KS-26-002', 1, 0.95, span('KS-26-002 | 0.95')),
    // The same sentence again, later in the text: its own copy is marked.
    intercept('KS-26-001', 7.5, 2.35, span('Hole KS-26-001 returned 7.5 m at 2.35 g/t Au.', 100)),
  ],
};

function open(facts: MiningFacts | null) {
  stubApi((request) =>
    request.path === '/api/v1/article/42'
      ? { status: 200, body: { success: true, data: makeArticle({ full_content: HTML, facts }) } }
      : undefined,
  );
  renderWithQueryClient(<ArticleDetailModal articleId={42} listItem={null} onClose={() => {}} />);
}

const marked = () => [...document.querySelectorAll('mark')].map((mark) => mark.textContent).join('');

describe('the Facts panel', () => {
  it('shows a table per kind present and marks the sentence of the fact picked, with the keyboard', async () => {
    open(FACTS);
    const table = await screen.findByRole('table', { name: /Drill intercepts/ });
    expect(within(table).getAllByRole('row')).toHaveLength(5);
    expect(screen.queryByRole('table', { name: /Financings/ })).toBeNull();

    const user = userEvent.setup();
    within(table)
      .getByRole('button', { name: 'Show the sentence of intercept 14.2 m at 6.12 g/t Au in KS-26-004' })
      .focus();
    await user.keyboard('{Enter}');
    expect(marked().replace(/\s/g, '')).toBe('HoleKS-26-004intersected14.2mgrading6.12g/tAufrom88.0m.');
    expect(screen.getByRole('status').textContent).toContain('Marked in the article text below');
    expect(within(table).getByRole('button', { pressed: true })).toBeTruthy();

    // A table row's cells, each marked in its own cell.
    await user.click(within(table).getByRole('button', { name: /in KS-26-002/ }));
    expect([...document.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['KS-26-002', '0.95']);

    // Of two copies of one sentence, the one the offsets point at.
    const copies = within(table).getAllByRole('button', { name: /in KS-26-001/ });
    expect(copies).toHaveLength(2);
    await user.click(copies[1] as HTMLElement);
    expect(document.querySelector('mark')?.closest('p')?.textContent).toMatch(/^Again:/);
  });

  it('says so when the release has no facts', async () => {
    open(NONE);
    expect(await screen.findByText(/No mining facts .* were found in this release/)).toBeTruthy();
    expect(screen.queryByRole('table', { name: /\(\d+\)/ })).toBeNull();
  });

  it('is absent for an article whose facts were not read (not expanded)', async () => {
    open(null);
    expect(await screen.findByText('KS-26-002')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Facts' })).toBeNull();
  });
});
