import type { Article } from '@mining-hub/contract/news';
import { articleTypeLabel } from '@mining-hub/contract/reference-data';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Button } from '../../../components/button.tsx';
import { ExternalLinkIcon } from '../../../components/icons.tsx';
import { Modal } from '../../../components/modal.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { articleDetailQueryOptions, useArticleStep } from '../api.ts';
import { articleDate, articleTags, isFailureStatus, sourceLink } from '../article-display.ts';
import { AddToEvaluationSet } from './add-to-evaluation-set.tsx';
import { ArticleAnalysis } from './article-analysis.tsx';
import { ArticleBody, type BodyHighlight } from './article-body.tsx';
import { ArticleFacts } from './article-facts.tsx';
import { ArticleStatusBadge } from './article-status-badge.tsx';
import { ArticleStepButton } from './article-step-button.tsx';
import { CompanyLink } from '../../../components/company-link.tsx';

/** What failed, by failure status. */
const FAILURE_TITLES: Record<string, string> = {
  failed_expansion: 'Expansion failed',
  failed_summary: 'Analysis failed',
  failed_push: 'Push to CRM failed',
};

interface ArticleDetailModalProps {
  articleId: number;
  /** The article as the list shows it; used until, or instead of, the detail call's answer. */
  listItem: Article | null;
  onClose: () => void;
  /** A running batch holds the article. */
  inBatch?: boolean;
  /** More buttons for the footer, from the screen that opened it (the Signals inbox's walk and Dismiss). */
  actions?: ReactNode;
}

/**
 * One article in full. It loads GET /article/{id}; while that runs, and when it fails (silently, SPEC.md
 * section 8), the list's copy of the article is shown instead.
 */
export function ArticleDetailModal({
  articleId,
  listItem,
  onClose,
  inBatch = false,
  actions,
}: ArticleDetailModalProps) {
  const detail = useQuery(articleDetailQueryOptions(articleId));
  // Expanding a large PDF takes a while: the body says what is happening, not only the busy button.
  const expanding = useArticleStep(articleId).running === 'expand';
  // The fact whose sentence is marked in the text (Facts panel), and what became of it for screen readers.
  const [highlight, setHighlight] = useState<BodyHighlight | null>(null);
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    if (detail.error) console.error(`Could not load article ${articleId}; showing the list copy`, detail.error);
  }, [detail.error, articleId]);

  const article = detail.data ?? listItem;

  if (!article) {
    return (
      <Modal open onClose={onClose} title={detail.isPending ? 'Loading article...' : 'Article not available'}>
        {detail.isPending ? (
          <div role="status" className="flex items-center gap-3 py-8 text-sm text-slate-600">
            <Spinner /> Loading article...
          </div>
        ) : (
          <p className="py-4 text-sm text-slate-600">
            This article could not be loaded. It may belong to another user&apos;s session or no longer exist.
          </p>
        )}
      </Modal>
    );
  }

  const link = sourceLink(article);
  const date = articleDate(article);
  const tags = articleTags(article);
  const facts: [string, string | null][] = [
    ['Type', article.type ? articleTypeLabel(article.type) : null],
    ['Company', article.company],
    ['Ticker', article.ticker],
    ['Project', article.project],
  ];

  return (
    <Modal
      open
      onClose={onClose}
      title={article.title}
      subtitle={
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-medium text-slate-700">{article.source}</span>
          {date && (
            <>
              <span aria-hidden="true">·</span>
              <span>{date}</span>
            </>
          )}
          <ArticleStatusBadge status={article.status} activity={article.activity} />
        </span>
      }
      footer={
        <>
          <a
            href={link.href}
            target="_blank"
            rel="noopener noreferrer"
            className="mr-auto inline-flex items-center gap-1 rounded-md px-2 py-1.5 text-sm font-medium text-blue-700 hover:bg-blue-50"
          >
            {link.external ? 'Open source' : 'Open article page'}
            <ExternalLinkIcon className="size-4" />
          </a>
          <AddToEvaluationSet article={article} />
          {actions}
          <ArticleStepButton article={article} inBatch={inBatch} />
          <Button variant="secondary" size="sm" onClick={onClose}>
            Close
          </Button>
        </>
      }
    >
      <div className="space-y-5">
        {expanding && (
          <p
            role="status"
            className="flex items-center gap-2 rounded-lg bg-blue-50 px-3 py-2 text-sm text-blue-800 ring-1 ring-blue-200 ring-inset"
          >
            <Spinner className="size-4 shrink-0" />
            {article.article_type === 'pdf'
              ? 'Extracting the text of the PDF. A large one can take a minute; you can close this meanwhile.'
              : 'Extracting the full text of the article page. You can close this meanwhile.'}
          </p>
        )}
        {isFailureStatus(article.status) && article.activity === null && (
          <section
            aria-label="Failure reason"
            className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 ring-1 ring-red-200 ring-inset"
          >
            <p className="font-semibold">{FAILURE_TITLES[article.status]}</p>
            <p className="mt-0.5 break-words">{article.failure_reason ?? 'No reason was recorded.'}</p>
          </section>
        )}
        {article.description && <p className="text-sm font-medium text-slate-800">{article.description}</p>}
        <dl className="grid grid-cols-2 gap-3 rounded-lg bg-slate-50 p-3 text-sm sm:grid-cols-4">
          {facts.map(([label, value]) => (
            <div key={label} className="min-w-0">
              <dt className="text-xs text-slate-500">{label}</dt>
              <dd className="truncate font-medium text-slate-800">
                {label === 'Company' && article.account ? (
                  <CompanyLink account={article.account} label={value ?? article.account.name} />
                ) : (
                  (value ?? '—')
                )}
              </dd>
            </div>
          ))}
        </dl>
        {tags.length > 0 && (
          <ul aria-label="Tags" className="flex flex-wrap gap-1">
            {tags.map((tag) => (
              <li key={tag} className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600">
                {tag}
              </li>
            ))}
          </ul>
        )}
        {article.analysis && (
          <ArticleAnalysis
            analysis={article.analysis}
            promptId={article.analysis_prompt_id}
            promptVersion={article.analysis_prompt_version}
            crmCompanyId={article.crm_company_id}
          />
        )}
        {article.facts && (
          <ArticleFacts
            facts={article.facts}
            picked={highlight?.key ?? null}
            onPick={(fact) => {
              setAnnouncement('');
              setHighlight(fact);
            }}
            announcement={announcement}
          />
        )}
        <section aria-label="Article content">
          <ArticleBody
            article={article}
            highlight={highlight}
            onHighlighted={(found) =>
              setAnnouncement(
                found
                  ? `Marked in the article text below: “${highlight?.quote ?? ''}”`
                  : `Not found in the text shown (read from the page's title or metadata): “${highlight?.quote ?? ''}”`,
              )
            }
          />
        </section>
      </div>
    </Modal>
  );
}
