import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { crmKeys } from '../features/crm/api.ts';
import { dashboardKeys } from '../features/dashboard/api.ts';
import { articleKeys } from '../features/news/api.ts';
import { reportKeys } from '../features/reports/api.ts';
import { useLiveMessages } from '../lib/live-context.tsx';
import { throttle } from '../lib/throttle.ts';

/** A batch updates hundreds of articles a minute: refetch the article lists at most this often. */
const ARTICLE_REFRESH_MS = 1000;
/** The CRM list and the reports aggregate more: refetch them at most this often while a batch runs. */
const PIPELINE_VIEWS_REFRESH_MS = 5000;
/** Resyncs come after an outage or a lost message, a few at once at most: refetch once for them. */
const RESYNC_REFRESH_MS = 1000;

/**
 * Marks cached data stale when the server says it changed (SPEC.md section 4, live connection). After a
 * `resync` (the socket reconnected, the server lost its database for a moment, or messages went missing)
 * every query on screen is refetched: article lists, stats, notifications, whatever the page shows. Batch
 * and fetch progress need no query: the server's catch-up messages came just before the resync.
 */
export function LiveQuerySync() {
  const queryClient = useQueryClient();
  const refreshEverything = useMemo(
    () => throttle(() => void queryClient.invalidateQueries(), RESYNC_REFRESH_MS),
    [queryClient],
  );
  const refreshArticles = useMemo(
    () => throttle(() => void queryClient.invalidateQueries({ queryKey: articleKeys.all }), ARTICLE_REFRESH_MS),
    [queryClient],
  );
  const refreshPipelineViews = useMemo(
    () =>
      throttle(() => {
        void queryClient.invalidateQueries({ queryKey: crmKeys.all });
        void queryClient.invalidateQueries({ queryKey: reportKeys.all });
      }, PIPELINE_VIEWS_REFRESH_MS),
    [queryClient],
  );
  useEffect(() => () => refreshArticles.cancel(), [refreshArticles]);
  useEffect(() => () => refreshPipelineViews.cancel(), [refreshPipelineViews]);
  useEffect(() => () => refreshEverything.cancel(), [refreshEverything]);
  useLiveMessages((message) => {
    if (message.type === 'resync') refreshEverything();
    // articles_updated: many at once, e.g. the articles a batch has just queued.
    if (message.type === 'article_updated' || message.type === 'articles_updated') refreshArticles();
    if (message.type === 'stats_updated') {
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.stats });
      refreshPipelineViews();
    }
  });
  return null;
}
