import { ARTICLE_STATUSES, type ArticleStatus } from '@mining-hub/contract/articles';
import type { ArticleCounts } from '@mining-hub/contract/stats';

export type StatTone = 'neutral' | 'info' | 'processing' | 'success' | 'error' | 'total';

export interface StatTile {
  key: ArticleStatus | 'total';
  label: string;
  value: number;
  tone: StatTone;
}

/** Status names as users know them: 'summarised' is shown as Analyzed, 'pushed_to_hubspot' by the CRM's name. */
export const STATUS_LABELS: Record<ArticleStatus, string> = {
  fetched: 'Fetched',
  expanded: 'Expanded',
  summarised: 'Analyzed',
  pushed_to_hubspot: 'HubSpot',
  failed_expansion: 'Failed Expansion',
  failed_summary: 'Failed Summary',
  failed_push: 'Failed Push',
};

// Same colour language as the article status badges (SPEC.md section 4).
const STATUS_TONES: Record<ArticleStatus, StatTone> = {
  fetched: 'neutral',
  expanded: 'info',
  summarised: 'processing',
  pushed_to_hubspot: 'success',
  failed_expansion: 'error',
  failed_summary: 'error',
  failed_push: 'error',
};

/** One tile per article status in lifecycle order, then the total; pushed ones under the CRM's name. */
export function articleStatTiles(counts: ArticleCounts, crmLabel = STATUS_LABELS.pushed_to_hubspot): StatTile[] {
  const tiles: StatTile[] = ARTICLE_STATUSES.map((status) => ({
    key: status,
    label: status === 'pushed_to_hubspot' ? crmLabel : STATUS_LABELS[status],
    value: counts.by_status[status] ?? 0,
    tone: STATUS_TONES[status],
  }));
  tiles.push({ key: 'total', label: 'Total', value: counts.total, tone: 'total' });
  return tiles;
}
