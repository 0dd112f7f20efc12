import { useQuery } from '@tanstack/react-query';
import { Button } from '../../../components/button.tsx';
import { Card } from '../../../components/card.tsx';
import { useCrmLabel } from '../../../lib/crm-destination.ts';
import { formatNumber } from '../../../lib/format.ts';
import { dashboardStatsQueryOptions } from '../api.ts';
import { articleStatTiles, type StatTone } from '../stat-tiles.ts';

const TONE_CLASSES: Record<StatTone, { tile: string; dot: string }> = {
  neutral: { tile: 'bg-white ring-slate-200', dot: 'bg-slate-400' },
  info: { tile: 'bg-white ring-slate-200', dot: 'bg-sky-500' },
  processing: { tile: 'bg-white ring-slate-200', dot: 'bg-amber-500' },
  success: { tile: 'bg-white ring-slate-200', dot: 'bg-emerald-500' },
  error: { tile: 'bg-white ring-slate-200', dot: 'bg-red-500' },
  total: { tile: 'bg-blue-50 ring-blue-200', dot: 'bg-blue-600' },
};

export function ArticleStatsPanel() {
  const stats = useQuery(dashboardStatsQueryOptions());
  const crmLabel = useCrmLabel();

  return (
    <Card
      className="lg:col-span-2"
      title="Articles by status"
      description="Where every fetched article is in the pipeline"
    >
      {stats.isPending && (
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-hidden="true">
          {Array.from({ length: 8 }, (_, index) => (
            <div key={index} className="h-20 animate-pulse rounded-lg bg-slate-100" />
          ))}
        </div>
      )}
      {stats.isError && (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-red-50 px-4 py-3 text-sm text-red-700">
          <span>Could not load article statistics.</span>
          <Button variant="secondary" size="sm" onClick={() => void stats.refetch()}>
            Try again
          </Button>
        </div>
      )}
      {stats.isSuccess && (
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {articleStatTiles(stats.data, crmLabel).map((tile) => (
            <div key={tile.key} className={`rounded-lg p-4 ring-1 ring-inset ${TONE_CLASSES[tile.tone].tile}`}>
              <dt className="flex items-center gap-2 text-xs font-medium text-slate-600">
                <span aria-hidden="true" className={`size-2 rounded-full ${TONE_CLASSES[tile.tone].dot}`} />
                {tile.label}
              </dt>
              <dd className="mt-1.5 text-2xl font-semibold text-slate-900 tabular-nums">{formatNumber(tile.value)}</dd>
            </div>
          ))}
        </dl>
      )}
    </Card>
  );
}
