import {
  ARTICLE_PAGE_SIZE,
  articleIdsResponseSchema,
  articlePageResponseSchema,
  articleResponseSchema,
  autoModeResponseSchema,
  fetchNewsResponseSchema,
  type FetchNewsRequest,
  type FilterSet,
} from '@mining-hub/contract/news';
import {
  articleStepResponseSchema,
  batchStatusSchema,
  processSelectedResponseSchema,
  type BatchStatus,
  type ProcessSelectedRequest,
} from '@mining-hub/contract/pipeline';
import { keepPreviousData, queryOptions, useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { apiRequest, isApiError } from '../../lib/api-client.ts';
import type { PipelineAction } from './article-display.ts';

/**
 * Query keys of the news feature. Every articles query lives under ['articles', ...] so that one live
 * 'article_updated' message can invalidate all of them at once.
 */
export const articleKeys = {
  all: ['articles'] as const,
  sessions: ['articles', 'session'] as const,
  session: (sessionId: string) => ['articles', 'session', sessionId] as const,
  sessionPage: (sessionId: string, page: number, pageSize: number) =>
    ['articles', 'session', sessionId, 'page', page, pageSize] as const,
  detail: (articleId: number) => ['articles', 'detail', articleId] as const,
};

/** The article list is fresh for 5 minutes (SPEC.md section 9). */
export const ARTICLE_LIST_STALE_MS = 300_000;
const MAX_LIST_RETRIES = 3;

/** The article list retries up to 3 times, but never on 404: a missing session will not come back (SPEC.md section 7). */
export function shouldRetryArticleList(failureCount: number, error: unknown): boolean {
  return failureCount < MAX_LIST_RETRIES && !isApiError(error, 'not_found');
}

export const sessionArticlesQueryOptions = (sessionId: string, page: number, pageSize = ARTICLE_PAGE_SIZE) =>
  queryOptions({
    queryKey: articleKeys.sessionPage(sessionId, page, pageSize),
    queryFn: ({ signal }) =>
      apiRequest(
        `/articles/session/${encodeURIComponent(sessionId)}?page=${page}&page_size=${pageSize}`,
        articlePageResponseSchema,
        { signal },
      ),
    staleTime: ARTICLE_LIST_STALE_MS,
    retry: shouldRetryArticleList,
    // Paging keeps the previous page on screen until the next one arrives, instead of flashing a spinner;
    // a new session never shows the old one's articles.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === sessionId ? keepPreviousData(previous) : undefined,
  });

export const articleDetailQueryOptions = (articleId: number) =>
  queryOptions({
    queryKey: articleKeys.detail(articleId),
    queryFn: async ({ signal }) => (await apiRequest(`/article/${articleId}`, articleResponseSchema, { signal })).data,
    // The modal falls back to the list item at once; a retry would only delay that.
    retry: false,
  });

/**
 * Every article id of a session, for 'All Pages' mode. SPEC.md collects them by paging at 100 per page; the
 * server answers the whole list in one call, which is the same set. A failure is silent and yields no ids.
 */
export async function fetchAllArticleIds(sessionId: string): Promise<number[]> {
  try {
    const response = await apiRequest(
      `/articles/session/${encodeURIComponent(sessionId)}/ids`,
      articleIdsResponseSchema,
    );
    return response.data.article_ids;
  } catch (error) {
    console.error('Could not collect the article ids of the session', error);
    return [];
  }
}

/** Starts a fetch session; the answer carries the new session id. */
export function useStartNewsFetch() {
  return useMutation({
    mutationFn: (body: FetchNewsRequest) =>
      apiRequest('/fetch-news-session', fetchNewsResponseSchema, { method: 'POST', body }),
  });
}

/** The saved automatic configuration, or null when none is saved. */
export async function loadAutoModeConfig(): Promise<FilterSet | null> {
  return (await apiRequest('/configurations/auto-mode', autoModeResponseSchema)).data;
}

export function useLoadAutoModeConfig() {
  return useMutation({ mutationFn: loadAutoModeConfig });
}

export function useSaveAutoModeConfig() {
  return useMutation({
    mutationFn: async (filters: FilterSet) =>
      (await apiRequest('/configurations/auto-mode', autoModeResponseSchema, { method: 'POST', body: filters })).data,
  });
}

/** The spec's call for each article step (SPEC.md section 7). */
const STEP_PATHS: Record<PipelineAction, string> = {
  expand: '/expand-article',
  summarize: '/openai/process-article',
  push: '/hubspot/push-article',
};

/** Mutation key of one article's steps, so the card and the detail modal share the busy state. */
export const articleStepKey = (articleId: number) => ['article-step', articleId] as const;

/**
 * Runs Expand, Summarize or Push to CRM on one article. The step runs on the server before it answers; the
 * article lists are refetched afterwards, and the step stays busy until they are. A failure is silent (console,
 * SPEC.md section 8): the server records a failed step on the article, whose badge and reason then show it.
 */
export function useArticleStep(articleId: number): {
  run: (action: PipelineAction) => void;
  /** The step running on this article, from this component or another one showing the same article. */
  running: PipelineAction | null;
} {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationKey: articleStepKey(articleId),
    mutationFn: (action: PipelineAction) =>
      apiRequest(STEP_PATHS[action], articleStepResponseSchema, { method: 'POST', body: { article_id: articleId } }),
    onSuccess: (response) => queryClient.setQueryData(articleKeys.detail(articleId), response.data),
    onError: (error, action) => console.error(`${action} of article ${articleId} failed`, error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: articleKeys.all }),
  });
  const running = useMutationState({
    filters: { mutationKey: articleStepKey(articleId), status: 'pending' },
    select: (pending) => pending.state.variables as PipelineAction,
  });
  return { run: mutation.mutate, running: running[0] ?? null };
}

/**
 * POST /batch/process-selected: starts a batch over the selected articles; with `push` false it stops each
 * once analysed, for review before push (SPEC.md's request, without `push`, pushes).
 */
export function useStartBatch() {
  return useMutation({
    mutationFn: ({ articleIds, push }: { articleIds: number[]; push: boolean }) => {
      const body: ProcessSelectedRequest = { article_ids: articleIds, ...(push ? {} : { push: false }) };
      return apiRequest('/batch/process-selected', processSelectedResponseSchema, { method: 'POST', body });
    },
  });
}

/** GET /batch/status/{id}. */
export function fetchBatchStatus(batchId: string, signal?: AbortSignal): Promise<BatchStatus> {
  return apiRequest(`/batch/status/${encodeURIComponent(batchId)}`, batchStatusSchema, { signal });
}
