import type { ScraperProgress } from '@mining-hub/contract/scraper';
import type { ReactNode } from 'react';
import { Spinner } from '../../../components/spinner.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { phaseCards, type PhaseCard, type PhaseCardState } from '../phase-cards.ts';

const FRAME: Record<PhaseCardState, string> = {
  done: 'border-emerald-200 bg-emerald-50/60',
  active: 'border-blue-300 bg-blue-50/60 ring-1 ring-blue-200',
  paused: 'border-amber-200 bg-amber-50/60',
  cancelled: 'border-slate-300 bg-slate-50',
  failed: 'border-red-200 bg-red-50/60',
  ready: 'border-amber-200 bg-amber-50/60',
  waiting: 'border-slate-200 bg-white',
};

const BADGE: Record<PhaseCardState, string> = {
  done: 'bg-emerald-100 text-emerald-800',
  active: 'bg-blue-100 text-blue-800',
  paused: 'bg-amber-100 text-amber-800',
  cancelled: 'bg-slate-200 text-slate-700',
  failed: 'bg-red-100 text-red-800',
  ready: 'bg-amber-100 text-amber-800',
  waiting: 'bg-slate-100 text-slate-600',
};

/** The Discovery, Assembly and Export cards with the counts that belong to each. */
export function PhaseCardGrid({ progress, active }: { progress: ScraperProgress | undefined; active: boolean }) {
  const cards = phaseCards(progress);
  return (
    <ol aria-label="Phases" className="grid gap-3 lg:grid-cols-3">
      {cards.map((card, index) => (
        <li
          key={card.phase}
          aria-label={card.title}
          data-state={card.state}
          className={`rounded-lg border px-4 py-3 ${FRAME[card.state]}`}
        >
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div>
              <p className="text-xs font-medium text-slate-500">Phase {index + 1}</p>
              <h3 className="font-semibold text-slate-900">{card.title}</h3>
            </div>
            <span
              className={`inline-flex shrink-0 items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium ${BADGE[card.state]}`}
            >
              {card.state === 'active' && active && <Spinner className="size-3" />}
              {card.state === 'done' && <CheckGlyph />}
              {card.label}
            </span>
          </div>
          <p className="mt-1 text-xs text-slate-500">{card.description}</p>
          {progress && <PhaseFigures phase={card.phase} progress={progress} />}
        </li>
      ))}
    </ol>
  );
}

function PhaseFigures({ phase, progress }: { phase: PhaseCard['phase']; progress: ScraperProgress }) {
  const rows: [string, ReactNode][] =
    phase === 'discovery'
      ? [
          ['Countries', `${formatNumber(progress.countries_completed)} of ${formatNumber(progress.countries_total)}`],
          ['Project ids found', formatNumber(progress.total_gids)],
        ]
      : phase === 'assembly'
        ? [
            [
              'Projects',
              <>
                {formatNumber(progress.projects_completed)} of {formatNumber(progress.projects_total)}
                {progress.projects_failed > 0 && (
                  <span className="text-red-700"> ({formatNumber(progress.projects_failed)} failed)</span>
                )}
                {progress.projects_skipped > 0 && (
                  <span className="text-amber-800"> ({formatNumber(progress.projects_skipped)} skipped)</span>
                )}
              </>,
            ],
            ['Batch', `${formatNumber(progress.current_batch)} of ${formatNumber(progress.total_batches)}`],
          ]
        : [
            ['Projects to export', formatNumber(progress.projects_completed)],
            ['Failures in report', formatNumber(progress.projects_failed)],
          ];
  return (
    <dl className="mt-3 space-y-1 border-t border-slate-200/70 pt-2 text-xs">
      {rows.map(([term, value]) => (
        <div key={term} className="flex justify-between gap-2">
          <dt className="text-slate-500">{term}</dt>
          <dd className="font-medium text-slate-800 tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function CheckGlyph() {
  return (
    <svg viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth={2.2} aria-hidden="true" className="size-3">
      <path d="M3.5 8.5l3 3 6-7" />
    </svg>
  );
}
