import type { ArticleActivity } from '@mining-hub/contract/articles';
import { useCrmLabel } from '../../../lib/crm-destination.ts';
import { isFailureStatus, statusBadge, type BadgeTone } from '../article-display.ts';

const TONE_CLASSES: Record<BadgeTone, string> = {
  success: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  processing: 'bg-violet-50 text-violet-700 ring-violet-200',
  info: 'bg-sky-50 text-sky-700 ring-sky-200',
  error: 'bg-red-50 text-red-700 ring-red-200',
  default: 'bg-slate-100 text-slate-700 ring-slate-300',
};

/**
 * The article's pipeline status as a coloured pill (SPEC.md section 4); a failure's reason shows on hover.
 * While a batch holds it or a step runs (`activity`), it says so instead of the last attempt's outcome.
 */
export function ArticleStatusBadge({
  status,
  reason = null,
  activity = null,
}: {
  status: string;
  reason?: string | null;
  activity?: ArticleActivity;
}) {
  const badge = statusBadge(status, useCrmLabel(), activity);
  return (
    <span
      data-tone={badge.tone}
      title={activity === null && isFailureStatus(status) && reason ? reason : undefined}
      className={`inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${TONE_CLASSES[badge.tone]}`}
    >
      {badge.label}
    </span>
  );
}
