import type { Article } from '@mining-hub/contract/news';
import { MAX_BATCH_ARTICLES } from '@mining-hub/contract/pipeline';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '../../../components/button.tsx';
import { Card } from '../../../components/card.tsx';
import { NewsIcon } from '../../../components/icons.tsx';
import { PaginationControls } from '../../../components/pagination-controls.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { formatNumber } from '../../../lib/format.ts';
import { fetchAllArticleIds, sessionArticlesQueryOptions } from '../api.ts';
import { isBatchActive, type BatchRun } from '../batch-status.ts';
import {
  pageSelectionState,
  selectAllPages,
  selectedCount,
  selectedIds,
  toggleArticle,
  togglePage,
  EMPTY_SELECTION,
  type Selection,
} from '../selection.ts';
import { ArticleCard } from './article-card.tsx';
import { BatchProgressPanel } from './batch-progress-panel.tsx';

/** While a fetch runs the list is re-read this often, so articles appear as the pages come in. */
const LIST_REFRESH_WHILE_FETCHING_MS = 3_000;

interface ArticleListProps {
  sessionId: string | null;
  page: number;
  onPageChange: (page: number) => void;
  fetching: boolean;
  selection: Selection;
  onSelectionChange: (selection: Selection) => void;
  onOpen: (article: Article) => void;
  /** The server no longer knows the session (404): the page forgets it. */
  onSessionLost: () => void;
  /** The 'Process Selected' batch the page follows, running or just finished. */
  batch: BatchRun | null;
  /** Between clicking Process Selected and the server's answer. */
  batchStarting: boolean;
  /** Starts a batch over the selection; `push` false stops at analysed, for review before push. */
  onProcessSelected: (articleIds: number[], push: boolean) => void;
  onDismissBatch: () => void;
}

function EmptyState({ title, children, busy = false }: { title: string; children?: ReactNode; busy?: boolean }) {
  return (
    <div className="flex flex-col items-center justify-center rounded-lg border border-dashed border-slate-300 px-6 py-14 text-center">
      <div className="mb-3 flex size-11 items-center justify-center rounded-full bg-blue-50 text-blue-600">
        {busy ? <Spinner /> : <NewsIcon />}
      </div>
      <p className="max-w-lg text-sm text-slate-600">
        <span className="font-semibold text-slate-900">{title}</span>
        {children}
      </p>
    </div>
  );
}

/** Keeps the select-all box's mixed state in the DOM, where React has no attribute for it. */
function SelectAllBox({
  state,
  onChange,
  disabled,
}: {
  state: 'none' | 'some' | 'all';
  onChange: () => void;
  disabled: boolean;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = state === 'some';
  }, [state]);
  return (
    <label className="inline-flex items-center gap-2 text-sm font-medium text-slate-700">
      <input
        ref={ref}
        type="checkbox"
        checked={state === 'all'}
        onChange={onChange}
        disabled={disabled}
        className="size-4 rounded border-slate-300 accent-blue-600"
      />
      Select all on this page
    </label>
  );
}

export function ArticleList(props: ArticleListProps) {
  const { sessionId } = props;
  return (
    <Card title="News Articles" headingLevel={2}>
      {sessionId === null ? (
        <EmptyState title="No articles yet">{' - Set your filters and click "Fetch News" to load articles'}</EmptyState>
      ) : (
        <SessionArticles {...props} sessionId={sessionId} />
      )}
    </Card>
  );
}

function SessionArticles({
  sessionId,
  page,
  onPageChange,
  fetching,
  selection,
  onSelectionChange,
  onOpen,
  onSessionLost,
  batch,
  batchStarting,
  onProcessSelected,
  onDismissBatch,
}: ArticleListProps & { sessionId: string }) {
  const list = useQuery({
    ...sessionArticlesQueryOptions(sessionId, page),
    refetchInterval: fetching ? LIST_REFRESH_WHILE_FETCHING_MS : false,
  });
  const [collecting, setCollecting] = useState(false);
  const lost = isApiError(list.error, 'not_found');
  const totalPages = list.data?.pagination.total_pages ?? 0;

  useEffect(() => {
    if (lost) onSessionLost();
  }, [lost, onSessionLost]);

  // A page past the end (the list shrank, or an old bookmark) moves to the last page there is.
  useEffect(() => {
    if (totalPages > 0 && page > totalPages) onPageChange(totalPages);
  }, [page, totalPages, onPageChange]);

  if (list.isPending) {
    return (
      <div role="status" aria-label="Loading articles" className="space-y-3">
        {Array.from({ length: 4 }, (_, index) => (
          <div key={index} className="h-28 animate-pulse rounded-lg bg-slate-100" />
        ))}
      </div>
    );
  }
  if (list.isError) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-red-50 px-4 py-3 text-sm text-red-700">
        <span>Could not load the articles of this session.</span>
        <Button variant="secondary" size="sm" onClick={() => void list.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  const { data: articles, pagination } = list.data;
  if (pagination.total_count === 0) {
    return fetching ? (
      <EmptyState title="Fetching articles..." busy>
        {' - They appear here as the sources answer'}
      </EmptyState>
    ) : (
      <EmptyState title="No articles found for this session">
        {' - Try adjusting your filters and fetching again'}
      </EmptyState>
    );
  }

  const pageIds = articles.map((article) => article.article_id);
  const count = selectedCount(selection);
  const batchActive = isBatchActive(batch);
  const tooMany = count > MAX_BATCH_ARTICLES;

  const toggleAllPages = async () => {
    if (selection.allPages) {
      onSelectionChange(EMPTY_SELECTION);
      return;
    }
    setCollecting(true);
    try {
      onSelectionChange(selectAllPages(await fetchAllArticleIds(sessionId)));
    } finally {
      setCollecting(false);
    }
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg bg-slate-50 px-3 py-2">
        <SelectAllBox
          state={pageSelectionState(selection, pageIds)}
          onChange={() => onSelectionChange(togglePage(selection, pageIds))}
          disabled={pageIds.length === 0}
        />
        <Button
          variant={selection.allPages ? 'primary' : 'secondary'}
          size="sm"
          aria-pressed={selection.allPages}
          disabled={collecting}
          onClick={() => void toggleAllPages()}
        >
          {collecting ? 'Selecting...' : 'All Pages'}
        </Button>
        <p className="text-sm text-slate-600 tabular-nums" aria-live="polite">
          {count === 0
            ? 'No articles selected'
            : selection.allPages
              ? `All ${formatNumber(count)} articles selected`
              : `${formatNumber(count)} selected`}
        </p>
        {count > 0 && (
          <Button variant="ghost" size="sm" onClick={() => onSelectionChange(EMPTY_SELECTION)}>
            Clear selection
          </Button>
        )}
        <div className="ml-auto flex items-center gap-3">
          {tooMany && (
            <p className="text-xs text-amber-800">At most {formatNumber(MAX_BATCH_ARTICLES)} articles per batch</p>
          )}
          <Button
            variant="secondary"
            size="sm"
            title="Expand and analyze the selected articles without pushing them, to review them first"
            disabled={count === 0 || tooMany || batchStarting || batchActive}
            onClick={() => onProcessSelected(selectedIds(selection), false)}
          >
            Analyze Selected
          </Button>
          <Button
            variant="primary"
            size="sm"
            disabled={count === 0 || tooMany || batchStarting || batchActive}
            aria-busy={batchStarting || batchActive}
            onClick={() => onProcessSelected(selectedIds(selection), true)}
          >
            {batchStarting
              ? 'Starting batch...'
              : batchActive
                ? 'Processing...'
                : `Process Selected${count > 0 ? ` (${formatNumber(count)})` : ''}`}
          </Button>
        </div>
      </div>

      {batch && <BatchProgressPanel run={batch} onDismiss={onDismissBatch} />}

      <ul aria-label="Articles" className={`space-y-3 ${list.isPlaceholderData ? 'opacity-60' : ''}`}>
        {articles.map((article) => (
          <ArticleCard
            key={article.article_id}
            article={article}
            selected={selection.ids.has(article.article_id)}
            onToggle={() => onSelectionChange(toggleArticle(selection, article.article_id))}
            onOpen={() => onOpen(article)}
            inBatch={batchActive && batch !== null && batch.articleIds.has(article.article_id)}
          />
        ))}
      </ul>

      <PaginationControls
        pagination={pagination}
        onPageChange={onPageChange}
        itemName="articles"
        busy={list.isPlaceholderData}
      />
    </div>
  );
}
