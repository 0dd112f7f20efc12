import type { LogResult } from '@mining-hub/contract/logs';
import { Button } from '../../../components/button.tsx';
import { formatDateTime, formatNumber } from '../../../lib/format.ts';

/**
 * 'Since' of the summary: when the window starts, in the browser's local time and the app's one date format
 * ('Jan 5, 2026, 3:04 PM'), or 'All time'.
 */
export function formatSince(cutoffTime: string | null): string {
  return cutoffTime ? formatDateTime(cutoffTime) : 'All time';
}

export function LogSummary({
  result,
  refreshing,
  onRefresh,
}: {
  result: LogResult | undefined;
  refreshing: boolean;
  onRefresh(): void;
}) {
  const items: [string, string][] = [
    ['File', result?.file_name ?? '—'],
    ['Total lines', result ? formatNumber(result.total_lines_in_file) : '—'],
    ['Filtered lines', result ? formatNumber(result.filtered_lines) : '—'],
    ['Since', result ? formatSince(result.cutoff_time) : '—'],
  ];
  return (
    <div className="flex flex-wrap items-center justify-between gap-4">
      <dl className="grid flex-1 grid-cols-2 gap-4 sm:grid-cols-4">
        {items.map(([term, value]) => (
          <div key={term} className="min-w-0">
            <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{term}</dt>
            <dd className="mt-1 truncate text-sm font-semibold text-slate-900" title={value}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <Button variant="secondary" onClick={onRefresh} disabled={refreshing}>
        <RefreshGlyph spinning={refreshing} />
        Refresh Logs
      </Button>
    </div>
  );
}

function RefreshGlyph({ spinning }: { spinning: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      aria-hidden="true"
      className={`size-4 ${spinning ? 'animate-spin' : ''}`}
    >
      <path d="M20 11a8 8 0 0 0-14.9-3.5M4 4v4h4M4 13a8 8 0 0 0 14.9 3.5M20 20v-4h-4" />
    </svg>
  );
}
