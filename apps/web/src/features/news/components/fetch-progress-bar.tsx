import { describeSourceReport } from '@mining-hub/contract/live';
import { formatNumber } from '../../../lib/format.ts';
import type { FetchProgress } from '../fetch-session.ts';

const STATUS_STYLES: Record<string, { bar: string; frame: string }> = {
  completed: { bar: 'bg-emerald-500', frame: 'border-emerald-200 bg-emerald-50/50' },
  failed: { bar: 'bg-red-500', frame: 'border-red-200 bg-red-50' },
};
const RUNNING_STYLE = { bar: 'bg-blue-600', frame: 'border-blue-200 bg-white' };

/**
 * The fetch progress (SPEC.md section 2): message, a bar, pages and articles found; once the fetch is over,
 * what each source gave (items read and skipped, and why; or why it failed).
 */
export function FetchProgressBar({ progress, fetching }: { progress: FetchProgress; fetching: boolean }) {
  const style = STATUS_STYLES[progress.status] ?? RUNNING_STYLE;
  const percent = Math.max(0, Math.min(100, Math.round(progress.progress)));
  const shownPercent = progress.status === 'completed' ? 100 : percent;
  return (
    <section
      aria-label="Fetch progress"
      data-status={progress.status}
      className={`rounded-xl border px-5 py-4 shadow-sm ${style.frame}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-sm">
        <p
          className={`font-medium ${progress.status === 'failed' ? 'text-red-700' : 'text-slate-800'}`}
          aria-live="polite"
        >
          {progress.message}
        </p>
        <p className="text-slate-600 tabular-nums">{shownPercent}%</p>
      </div>
      <div
        role="progressbar"
        aria-label="Fetch progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={shownPercent}
        aria-busy={fetching}
        className="mt-2 h-2.5 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={`h-full rounded-full transition-[width] duration-300 ${style.bar} ${fetching && percent === 0 ? 'animate-pulse' : ''}`}
          style={{ width: `${fetching && shownPercent < 3 ? 3 : shownPercent}%` }}
        />
      </div>
      <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-xs text-slate-600">
        <div className="flex gap-1">
          <dt>Pages:</dt>
          <dd className="font-medium text-slate-800 tabular-nums">
            {formatNumber(progress.current_page)} of {formatNumber(progress.total_pages)}
          </dd>
        </div>
        <div className="flex gap-1">
          <dt>Articles found:</dt>
          <dd className="font-medium text-slate-800 tabular-nums">{formatNumber(progress.articles_found)}</dd>
        </div>
      </dl>
      {progress.sources && progress.sources.length > 0 && (
        <ul aria-label="Sources" className="mt-2 space-y-0.5 text-xs text-slate-600">
          {progress.sources.map((source, index) => (
            <li key={index} className={source.error ? 'text-red-700' : undefined}>
              <span className="font-medium">{source.name}</span>: {describeSourceReport(source)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
