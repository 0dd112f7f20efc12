import { throttledBodySchema } from '@mining-hub/contract/errors';
import type { Article, FilterSet } from '@mining-hub/contract/news';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useReducer, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { isApiError, isRefusal, type ApiError } from '../../lib/api-client.ts';
import { useLiveMessage } from '../../lib/live-context.tsx';
import { articleKeys, useLoadAutoModeConfig, useSaveAutoModeConfig, useStartNewsFetch } from './api.ts';
import { isBatchActive } from './batch-status.ts';
import { ArticleDetailModal } from './components/article-detail-modal.tsx';
import { ArticleList } from './components/article-list.tsx';
import { FetchProgressBar } from './components/fetch-progress-bar.tsx';
import { NewsFiltersPanel } from './components/news-filters-panel.tsx';
import { fetchSessionReducer, initialFetchSession, rateLimitMessage } from './fetch-session.ts';
import { DEFAULT_FILTER_SET, toFetchNewsRequest } from './filter-set.ts';
import { readPageMemory, writePageMemory } from './page-memory.ts';
import { EMPTY_SELECTION, type Selection } from './selection.ts';
import { throttle } from '../../lib/throttle.ts';
import { rememberedBatch, useBatchRun } from './use-batch-run.ts';
import { useTimedNotice } from './use-timed-notice.ts';

/** Live article changes re-read the list at most this often: a batch sends several messages per article. */
const LIVE_LIST_REFETCH_MS = 1_000;

/** The `?article={id}` of the product's own article page, when it names a valid id. */
function articleIdParam(params: URLSearchParams): number | null {
  const raw = params.get('article');
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/** The 429 message from the answer's wait_time (SPEC.md section 8), or the server's own words without one. */
function throttledMessage(error: ApiError): string {
  const body = throttledBodySchema.safeParse(error.body);
  return body.success ? rateLimitMessage(body.data.wait_time) : error.detail;
}

export function MarketIntelligencePage() {
  const queryClient = useQueryClient();
  const [memory] = useState(readPageMemory);
  const [filters, setFilters] = useState<FilterSet>(memory.filters);
  const [session, dispatch] = useReducer(fetchSessionReducer, memory, (m) => initialFetchSession(m.sessionId, m.page));
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, showNotice] = useTimedNotice();
  const [openedFromList, setOpenedFromList] = useState<Article | null>(null);
  const [searchParams, setSearchParams] = useSearchParams();
  const openArticleId = articleIdParam(searchParams);

  const startFetch = useStartNewsFetch();
  const saveConfig = useSaveAutoModeConfig();
  const loadConfig = useLoadAutoModeConfig();

  const refetchCurrentSession = () => {
    if (session.sessionId) void queryClient.invalidateQueries({ queryKey: articleKeys.session(session.sessionId) });
  };

  // On completion the selection is cleared (SPEC.md section 4) and the list shows where each article ended up.
  const batch = useBatchRun({
    remembered: memory.batch,
    onCompleted: () => {
      setSelection(EMPTY_SELECTION);
      refetchCurrentSession();
    },
  });
  const batchToRemember = useMemo(() => rememberedBatch(batch.state), [batch.state]);

  useEffect(() => {
    writePageMemory({ filters, sessionId: session.sessionId, page: session.page, batch: batchToRemember });
  }, [filters, session.sessionId, session.page, batchToRemember]);

  useLiveMessage('progress_update', (message) => {
    dispatch({ type: 'progress', sessionId: message.session_id, data: message.data });
    if (message.session_id === session.sessionId && message.data.status === 'completed') refetchCurrentSession();
  });
  // Only the list on screen is active, so invalidating every session's pages re-reads just the current one.
  const [refetchListSoon] = useState(() =>
    throttle(() => void queryClient.invalidateQueries({ queryKey: articleKeys.sessions }), LIVE_LIST_REFETCH_MS),
  );
  useEffect(() => () => refetchListSoon.cancel(), [refetchListSoon]);
  useLiveMessage('article_status_update', () => refetchListSoon());
  useLiveMessage('articles_updated', (message) => {
    if (!message.session_id || message.session_id === session.sessionId) refetchListSoon();
  });

  const changeFilters = (next: FilterSet) => {
    setFilters(next);
    setFormError(null);
  };

  const handleFetch = () => {
    const request = toFetchNewsRequest(filters, new Date());
    if (!request.ok) {
      setFormError(request.message);
      return;
    }
    setFormError(null);
    showNotice(null);
    dispatch({ type: 'start' });
    startFetch.mutate(request.value, {
      onSuccess: (response) => {
        setSelection(EMPTY_SELECTION);
        dispatch({ type: 'started', sessionId: response.session_id });
      },
      onError: (error) => {
        if (isApiError(error, 'rate_limited')) {
          dispatch({ type: 'rate-limited' });
          showNotice({ tone: 'error', text: throttledMessage(error) });
          return;
        }
        console.error('Starting the news fetch failed', error);
        setSelection(EMPTY_SELECTION);
        dispatch({ type: 'failed' });
        // A refused request says why (every 4xx code comes with a detail); anything else stays at 'Error occurred'.
        if (isRefusal(error)) setFormError(error.detail);
      },
    });
  };

  const handleSave = () =>
    saveConfig.mutate(filters, {
      onSuccess: () => showNotice({ tone: 'success', text: 'Filters saved as the auto configuration.' }),
      // Silent by the spec (section 8): console only.
      onError: (error) => console.error('Saving the auto configuration failed', error),
    });

  const handleLoad = () =>
    loadConfig.mutate(undefined, {
      onSuccess: (saved) => {
        if (!saved) {
          showNotice({ tone: 'success', text: 'No auto configuration has been saved yet.' });
          return;
        }
        changeFilters(saved);
        showNotice({ tone: 'success', text: 'Auto configuration loaded.' });
      },
      onError: (error) => console.error('Loading the auto configuration failed', error),
    });

  const handlePageChange = useCallback((page: number) => dispatch({ type: 'page', page }), []);
  const handleSessionLost = useCallback(() => {
    setSelection(EMPTY_SELECTION);
    dispatch({ type: 'session-lost' });
  }, []);

  const openArticle = (article: Article) => {
    setOpenedFromList(article);
    setSearchParams({ article: String(article.article_id) }, { replace: true });
  };
  const closeArticle = () => {
    setOpenedFromList(null);
    setSearchParams(
      (params) => {
        params.delete('article');
        return params;
      },
      { replace: true },
    );
  };

  return (
    <div className="space-y-6">
      <PageHeader
        title="Market Intelligence"
        description="Fetch mining news by commodity, country and date, then expand, analyse and push the articles that signal a sales opportunity to the CRM."
      />
      <NewsFiltersPanel
        filters={filters}
        onChange={changeFilters}
        onFetch={handleFetch}
        starting={startFetch.isPending}
        fetching={session.fetching}
        onSave={handleSave}
        onLoad={handleLoad}
        onReset={() => changeFilters(DEFAULT_FILTER_SET)}
        saving={saveConfig.isPending}
        loading={loadConfig.isPending}
        error={formError}
        notice={notice}
      />
      {session.progress && <FetchProgressBar progress={session.progress} fetching={session.fetching} />}
      <ArticleList
        sessionId={session.sessionId}
        page={session.page}
        onPageChange={handlePageChange}
        fetching={session.fetching}
        selection={selection}
        onSelectionChange={setSelection}
        onOpen={openArticle}
        onSessionLost={handleSessionLost}
        batch={batch.state.run}
        batchStarting={batch.state.starting}
        onProcessSelected={batch.start}
        onDismissBatch={batch.dismiss}
      />
      {openArticleId !== null && (
        <ArticleDetailModal
          key={openArticleId}
          articleId={openArticleId}
          listItem={openedFromList?.article_id === openArticleId ? openedFromList : null}
          onClose={closeArticle}
          inBatch={isBatchActive(batch.state.run) && batch.state.run?.articleIds.has(openArticleId) === true}
        />
      )}
    </div>
  );
}
