import { Button } from '../../../components/button.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useCrmLabel } from '../../../lib/crm-destination.ts';
import { formatNumber } from '../../../lib/format.ts';
import { titleCaseStatus } from '../article-display.ts';
import { batchPercent, isBatchActive, isBatchFinished, type BatchRun } from '../batch-status.ts';

const plural = (count: number, one: string, many: string) => `${formatNumber(count)} ${count === 1 ? one : many}`;

/**
 * Progress of a 'Process Selected' batch (SPEC.md sections 3 and 4), fed by the status poll and the live
 * batch_progress messages. Once the batch is over, or no longer followed, it can be dismissed.
 */
export function BatchProgressPanel({ run, onDismiss }: { run: BatchRun; onDismiss: () => void }) {
  const batch = run.status;
  const percent = batchPercent(batch);
  const finished = isBatchFinished(batch.status);
  const active = isBatchActive(run);
  const crmLabel = useCrmLabel();
  const results: [string, number][] = [
    ['Expanded', batch.results.expanded],
    ['Analyzed', batch.results.analyzed],
    [crmLabel, batch.results.pushed_to_hubspot],
  ];
  return (
    <section
      aria-label="Batch progress"
      data-status={batch.status}
      className={`rounded-lg border px-4 py-3 ${
        finished ? 'border-emerald-200 bg-emerald-50/50' : 'border-violet-200 bg-violet-50/50'
      }`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <p className="flex items-center gap-2 font-medium text-slate-800">
          {active && <Spinner className="size-4" />}
          <span>
            Batch {titleCaseStatus(batch.status)}: {formatNumber(batch.completed)} of{' '}
            {formatNumber(batch.total_articles)} processed
            {batch.failed > 0 && <span className="text-red-700">, {formatNumber(batch.failed)} failed</span>}
          </span>
        </p>
        <div className="flex items-center gap-2">
          <p className="text-slate-600 tabular-nums">{percent}%</p>
          {!active && (
            <Button variant="ghost" size="sm" onClick={onDismiss}>
              Dismiss
            </Button>
          )}
        </div>
      </div>
      <div
        role="progressbar"
        aria-label="Batch progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-busy={active}
        className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={`h-full rounded-full transition-[width] ${finished ? 'bg-emerald-600' : 'bg-violet-600'}`}
          style={{ width: `${percent}%` }}
        />
      </div>
      <dl className="mt-2 flex flex-wrap gap-x-5 text-xs text-slate-600">
        {results.map(([label, value]) => (
          <div key={label} className="flex gap-1">
            <dt>{label}:</dt>
            <dd className="font-medium text-slate-800 tabular-nums">{formatNumber(value)}</dd>
          </div>
        ))}
      </dl>
      {batch.failures.length > 0 && (
        <ul aria-label="Failures" className="mt-2 space-y-0.5 text-xs text-red-800">
          {batch.failures.slice(0, 5).map((failure) => (
            <li key={failure.article_id} className="break-words">
              Article {failure.article_id}: {failure.reason}
            </li>
          ))}
          {batch.failed > 5 && <li>…and {formatNumber(batch.failed - 5)} more</li>}
        </ul>
      )}
      {run.skipped > 0 && (
        <p className="mt-2 text-xs text-amber-800">
          {plural(run.skipped, 'selected article was', 'selected articles were')} skipped: already in another running
          batch.
        </p>
      )}
      {!finished && run.pollStopped === 'time-limit' && (
        <p className="mt-2 text-xs text-slate-600">
          Stopped checking after 5 minutes; the batch goes on in the background and its articles update as they finish.
        </p>
      )}
    </section>
  );
}
