import { useQueryClient } from '@tanstack/react-query';
import { dashboardKeys } from '../features/dashboard/api.ts';
import { articleKeys } from '../features/news/api.ts';
import { useLiveMessages } from '../lib/live-context.tsx';

/** Marks cached data stale when the server says it changed (SPEC.md section 4, live connection). */
export function LiveQuerySync() {
  const queryClient = useQueryClient();
  useLiveMessages((message) => {
    if (message.type === 'article_updated') void queryClient.invalidateQueries({ queryKey: articleKeys.all });
    if (message.type === 'stats_updated') void queryClient.invalidateQueries({ queryKey: dashboardKeys.stats });
  });
  return null;
}
