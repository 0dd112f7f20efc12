import { wholePercent } from '../scraper-format.ts';

const TONES = {
  blue: 'bg-blue-600',
  violet: 'bg-violet-600',
  emerald: 'bg-emerald-500',
  amber: 'bg-amber-500',
  red: 'bg-red-500',
  slate: 'bg-slate-400',
} as const;

export type MeterTone = keyof typeof TONES;

/** A labelled bar with its percentage; `detail` goes at the right of the label (e.g. the phase's name). */
export function ProgressMeter({
  label,
  detail,
  value,
  tone,
  busy,
}: {
  label: string;
  detail?: string;
  value: number;
  tone: MeterTone;
  busy: boolean;
}) {
  const percent = wholePercent(value);
  return (
    <div>
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <p className="font-medium text-slate-700">
          {label}
          {detail && <span className="ml-2 font-normal text-slate-500">{detail}</span>}
        </p>
        <p className="font-semibold text-slate-900 tabular-nums">{percent}%</p>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={detail ? `${percent}% (${detail})` : `${percent}%`}
        aria-busy={busy}
        className="mt-1.5 h-2.5 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={`h-full rounded-full transition-[width] duration-500 ${TONES[tone]}`}
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
