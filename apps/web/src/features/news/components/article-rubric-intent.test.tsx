import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/fake-api.ts';
import { renderWithQueryClient } from '../../../test/render.tsx';
import { makeArticle } from '../test/article-factory.ts';
import { ArticleDetailModal } from './article-detail-modal.tsx';

/** With an AI provider, the analysis carries the facts rubric's level beside the AI's (issue 33). */
function open(analysis: Record<string, unknown>) {
  stubApi((request) =>
    request.path === '/api/v1/article/7'
      ? {
          status: 200,
          body: {
            success: true,
            data: makeArticle({ article_id: 7, status: 'summarised', analysis, analysis_prompt_id: 1 }),
          },
        }
      : undefined,
  );
  renderWithQueryClient(<ArticleDetailModal articleId={7} listItem={null} onClose={() => {}} />);
}

describe('intent from the facts beside the AI’s', () => {
  it('flags a disagreement and names the facts the rubric rests on', async () => {
    open({
      signal_summary: 'Closed a placement.',
      buying_intent_score: 'Medium',
      rubric_intent: {
        level: 'Very High',
        reasons: ['C$4.0M placement closed, funds 5,000 m drilling'],
        disagrees: true,
      },
    });
    const block = await screen.findByRole('region', { name: 'Intent from the facts' });
    expect(block.textContent).toContain('The AI scored Medium');
    expect(within(block).getByText('C$4.0M placement closed, funds 5,000 m drilling')).toBeTruthy();
    // Shown in its own place, not again among a custom prompt's extra fields.
    expect(screen.queryByText('Rubric Intent')).toBeNull();
  });

  it('says so when both agree', async () => {
    open({ buying_intent_score: 'High', rubric_intent: { level: 'High', reasons: [], disagrees: false } });
    const block = await screen.findByRole('region', { name: 'Intent from the facts' });
    expect(block.textContent).toContain('The AI agrees.');
  });
});
