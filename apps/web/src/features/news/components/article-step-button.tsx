import type { Article } from '@mining-hub/contract/news';
import { Button } from '../../../components/button.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useCrmLabel } from '../../../lib/crm-destination.ts';
import { useArticleStep } from '../api.ts';
import { nextPipelineAction, PIPELINE_ACTIONS } from '../article-display.ts';

interface ArticleStepButtonProps {
  article: Pick<Article, 'article_id' | 'status'>;
  /** A running batch holds the article: its own steps wait for the batch. */
  inBatch?: boolean;
}

/**
 * The article's next pipeline step (SPEC.md section 4): Expand when fetched, Summarize when expanded, Push to the
 * CRM (named as it is: 'Push to HubSpot', 'Push to CRM (local outbox)') when summarised, each also offered again
 * after it failed. While the step runs the button shows its busy label
 * and is disabled; nothing shows once the article is in the CRM.
 */
export function ArticleStepButton({ article, inBatch = false }: ArticleStepButtonProps) {
  const action = nextPipelineAction(article.status);
  const step = useArticleStep(article.article_id);
  const crmLabel = useCrmLabel();
  if (step.running) {
    return (
      <Button variant="secondary" size="sm" disabled aria-busy="true">
        <Spinner className="size-4" />
        {PIPELINE_ACTIONS[step.running].busyLabel}
      </Button>
    );
  }
  if (!action) return null;
  return (
    <Button
      variant="secondary"
      size="sm"
      disabled={inBatch}
      title={inBatch ? 'This article is being processed by the running batch' : undefined}
      onClick={() => step.run(action)}
    >
      {action === 'push' ? `Push to ${crmLabel}` : PIPELINE_ACTIONS[action].label}
    </Button>
  );
}
