import type { ScraperProgress, ScraperStatus } from '@mining-hub/contract/scraper';
import { Card } from '../../../components/card.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { phaseName } from '../phase-cards.ts';
import { formatDateTime, formatEstimate } from '../scraper-format.ts';
import { RUN_STATE_LABELS, type ScraperRunState } from '../scraper-run-state.ts';
import { modeLabel } from '../scraper-settings.ts';
import { PhaseCardGrid } from './phase-card-grid.tsx';
import { SkippedPagesPanel } from './skipped-pages-panel.tsx';
import { ProgressMeter, type MeterTone } from './progress-meter.tsx';

interface ScraperProgressPanelProps {
  runState: ScraperRunState;
  status: ScraperStatus | undefined;
  progress: ScraperProgress | undefined;
  /** When the progress was read (ms): the estimate's time left is counted from there. */
  progressReadAt: number;
}

const OVERALL_TONES: Partial<Record<ScraperProgress['status'], MeterTone>> = {
  completed: 'emerald',
  cancelled: 'slate',
  failed: 'red',
  paused: 'amber',
};

/** Status, process id, mode, start time, the two bars, the phase cards, current activity and estimated completion. */
export function ScraperProgressPanel({ runState, status, progress, progressReadAt }: ScraperProgressPanelProps) {
  const active = runState !== 'stopped';
  const facts: [string, string][] = [
    ['Process ID', status && status.pid !== null ? String(status.pid) : '—'],
    ['Mode', status?.mode ? modeLabel(status.mode) : '—'],
    ['Started', status?.start_time ? formatDateTime(status.start_time) : '—'],
  ];
  const estimate = !active
    ? '—'
    : progress?.estimated_completion
      ? formatEstimate(progress.estimated_completion, new Date(progressReadAt))
      : 'Calculating...';
  const activity = progress?.current_activity || (active ? 'Starting...' : '—');

  return (
    <Card title="Progress">
      <div className="space-y-6">
        <dl className="grid grid-cols-2 gap-4 xl:grid-cols-4">
          <div className="min-w-0">
            <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">Status</dt>
            <dd className="mt-1 text-sm font-semibold text-slate-900">
              <RunState state={runState} />
            </dd>
          </div>
          {facts.map(([term, value]) => (
            <div key={term} className="min-w-0">
              <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{term}</dt>
              <dd className="mt-1 truncate text-sm font-semibold text-slate-900 tabular-nums" title={value}>
                {value}
              </dd>
            </div>
          ))}
        </dl>

        <div className="grid gap-4 md:grid-cols-2">
          <ProgressMeter
            label="Overall Progress"
            value={progress?.overall_progress ?? 0}
            tone={OVERALL_TONES[progress?.status ?? 'running'] ?? 'blue'}
            busy={runState === 'running'}
          />
          <ProgressMeter
            label="Current Phase"
            detail={phaseName(progress?.current_phase ?? 'not_started')}
            value={progress?.phase_progress ?? 0}
            tone={progress?.current_phase === 'completed' ? 'emerald' : 'violet'}
            busy={runState === 'running'}
          />
        </div>

        <PhaseCardGrid progress={progress} active={runState === 'running'} />

        <SkippedPagesPanel progress={progress} />

        {progress?.status === 'failed' && (
          <p
            role="alert"
            className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 ring-1 ring-red-200 ring-inset"
          >
            The last run failed{progress.error ? `: ${progress.error}` : '.'} The scraper log on the System Logs screen
            says more.
          </p>
        )}

        <dl className="grid gap-4 rounded-lg bg-slate-50 px-4 py-3 sm:grid-cols-[2fr_1fr]">
          <div className="min-w-0">
            <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">Current Activity</dt>
            <dd className="mt-1 text-sm break-words text-slate-800" aria-live="polite">
              {activity}
            </dd>
          </div>
          <div className="min-w-0">
            <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">Estimated Completion</dt>
            <dd className="mt-1 text-sm text-slate-800 tabular-nums">{estimate}</dd>
          </div>
        </dl>
      </div>
    </Card>
  );
}

const DOT_STYLES: Record<ScraperRunState, string> = {
  running: 'bg-blue-600',
  paused: 'bg-amber-500',
  stopped: 'bg-slate-400',
};

function RunState({ state }: { state: ScraperRunState }) {
  return (
    <span className="inline-flex items-center gap-2">
      {state === 'running' ? (
        <Spinner className="size-3.5" />
      ) : (
        <span aria-hidden="true" className={`size-2 rounded-full ${DOT_STYLES[state]}`} />
      )}
      {RUN_STATE_LABELS[state]}
    </span>
  );
}
