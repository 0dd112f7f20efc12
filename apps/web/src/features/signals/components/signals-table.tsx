import { findCommodity, findCountry } from '@mining-hub/contract/reference-data';
import type { Signal } from '@mining-hub/contract/signals';
import type { RefObject } from 'react';
import { AlsoFrom, type CopyLink } from '../../../components/also-from.tsx';
import { BuyingIntentBadge } from '../../../components/buying-intent-badge.tsx';
import { ExternalLinkIcon } from '../../../components/icons.tsx';
import { formatDate } from '../../../lib/format.ts';
import { TableScroll } from '../../../components/table-scroll.tsx';
import { CompanyLink } from '../../../components/company-link.tsx';

interface SignalsTableProps {
  signals: Signal[];
  selected: ReadonlySet<number>;
  /** The focus row (j/k move it), or -1 before the first move. */
  focusIndex: number;
  onFocusRow: (index: number) => void;
  onToggle: (articleId: number) => void;
  onToggleAll: () => void;
  onOpen: (articleId: number) => void;
  /** The rows' elements by index, so the page can move the keyboard focus. */
  rowRefs: RefObject<(HTMLTableRowElement | null)[]>;
  /** The CRM's name for the pushed status: 'CRM (local outbox)' or 'HubSpot'. */
  crmLabel: string;
}

/** The signal's story's other sources that have a web link of their own. */
function otherCopies(signal: Signal): CopyLink[] {
  return (signal.story?.sources ?? []).flatMap((source) =>
    source.article_id !== signal.article_id && source.url && /^https?:\/\//i.test(source.url)
      ? [{ name: source.name, href: source.url }]
      : [],
  );
}

const STATUS_TONES: Record<string, string> = {
  summarised: 'bg-violet-50 text-violet-700 ring-violet-200',
  pushed_to_hubspot: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  failed_push: 'bg-red-50 text-red-700 ring-red-200',
  dismissed: 'bg-slate-100 text-slate-600 ring-slate-300',
  queued: 'bg-slate-100 text-slate-700 ring-slate-300',
  processing: 'bg-violet-50 text-violet-700 ring-violet-200',
};

/**
 * The status as the inbox names it: dismissal first, then what a batch or step is doing with it (not the
 * outcome of the previous attempt), then the pipeline's step.
 */
export function signalStatusLabel(
  signal: Pick<Signal, 'status' | 'dismissed_at' | 'activity'>,
  crmLabel: string,
): string {
  if (signal.dismissed_at) return 'Dismissed';
  if (signal.activity === 'queued') return 'Queued';
  if (signal.activity === 'processing') return 'Processing';
  switch (signal.status) {
    case 'summarised':
      return 'Analyzed';
    case 'pushed_to_hubspot':
      return `Pushed to ${crmLabel}`;
    case 'failed_push':
      return 'Push failed';
    default:
      return signal.status.replaceAll('_', ' ').replace(/^\w/, (first) => first.toUpperCase());
  }
}

const names = (codes: string[], find: (code: string) => { name: string } | undefined) =>
  codes.map((code) => find(code)?.name ?? code).join(', ');

/**
 * The inbox as a grid of rows: select with the checkbox (or x), open with the title (or e). Below the md
 * breakpoint the intent, market, date and status move into the signal's cell.
 */
export function SignalsTable(props: SignalsTableProps) {
  const { signals, selected, focusIndex, onFocusRow, onToggle, onToggleAll, onOpen, rowRefs, crmLabel } = props;
  const allSelected = signals.length > 0 && signals.every((signal) => selected.has(signal.article_id));
  return (
    <TableScroll label="Signals" className="-mx-5">
      <table
        role="grid"
        aria-label="Signals"
        aria-multiselectable="true"
        className="min-w-full divide-y divide-slate-200 text-sm"
      >
        <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase">
          <tr>
            <th scope="col" className="w-10 py-3 pr-2 pl-5">
              <input
                type="checkbox"
                aria-label="Select all signals on this page"
                className="size-4 rounded border-slate-300 text-blue-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
                checked={allSelected}
                onChange={onToggleAll}
              />
            </th>
            <th scope="col" className="px-3 py-3">
              Signal
            </th>
            <th scope="col" className="px-3 py-3 max-md:hidden">
              Intent
            </th>
            <th scope="col" className="px-3 py-3 max-lg:hidden">
              Commodity · Country
            </th>
            <th scope="col" className="px-3 py-3 max-md:hidden">
              Date
            </th>
            <th scope="col" className="py-3 pr-5 pl-3 max-md:hidden">
              Status
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {signals.map((signal, index) => {
            const isSelected = selected.has(signal.article_id);
            const focused = index === focusIndex;
            const market = [names(signal.commodities, findCommodity), names(signal.countries, findCountry)]
              .filter(Boolean)
              .join(' · ');
            const status = signalStatusLabel(signal, crmLabel);
            const statusTone =
              STATUS_TONES[signal.dismissed_at ? 'dismissed' : (signal.activity ?? signal.status)] ??
              STATUS_TONES.dismissed;
            const date = formatDate(signal.date);
            const intent = signal.buying_intent_score && (
              <BuyingIntentBadge intent={signal.buying_intent_score} reasons={signal.intent_reasons} />
            );
            return (
              <tr
                key={signal.article_id}
                ref={(element) => {
                  rowRefs.current[index] = element;
                }}
                aria-selected={isSelected}
                // One row in the tab order: the focus row, or the first one before any move.
                tabIndex={index === Math.max(focusIndex, 0) ? 0 : -1}
                onFocus={() => onFocusRow(index)}
                data-focused={focused || undefined}
                // The focus row carries a bar; with the keyboard focus on it, a ring too (outlines do not show on rows).
                className={`align-top outline-none focus-visible:shadow-[inset_3px_0_0_0_var(--color-blue-600),inset_0_0_0_2px_var(--color-blue-600)] ${
                  isSelected ? 'bg-blue-50/70' : 'hover:bg-slate-50'
                } ${focused ? 'shadow-[inset_3px_0_0_0_var(--color-blue-600)]' : ''}`}
              >
                <td className="py-3 pr-2 pl-5">
                  <input
                    type="checkbox"
                    aria-label={`Select ${signal.title}`}
                    className="mt-0.5 size-4 rounded border-slate-300 text-blue-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
                    checked={isSelected}
                    onChange={() => onToggle(signal.article_id)}
                  />
                </td>
                <td className="max-w-xl min-w-0 px-3 py-3">
                  <div className="mb-1 flex flex-wrap items-center gap-x-2 gap-y-1">
                    {intent && <span className="md:hidden">{intent}</span>}
                    {signal.account ? (
                      // The feed's name when it gave one, else the account's: the company's page either way.
                      <CompanyLink
                        account={signal.account}
                        label={signal.company ?? signal.account.name}
                        className="text-xs font-semibold tracking-wide uppercase"
                      />
                    ) : (
                      <span className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
                        {signal.company ?? 'Unknown company'}
                      </span>
                    )}
                  </div>
                  <div className="flex items-start gap-1.5">
                    <button
                      type="button"
                      className="rounded text-left font-medium text-slate-900 hover:text-blue-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
                      onClick={() => onOpen(signal.article_id)}
                    >
                      {signal.title}
                    </button>
                    {signal.url && (
                      <a
                        href={signal.url}
                        target="_blank"
                        rel="noopener noreferrer"
                        aria-label={`Source of ${signal.title} (opens in a new tab)`}
                        title="Open the source"
                        className="mt-0.5 shrink-0 rounded text-slate-400 hover:text-blue-700 focus-visible:outline-2 focus-visible:outline-blue-600"
                      >
                        <ExternalLinkIcon className="size-4" />
                      </a>
                    )}
                  </div>
                  <AlsoFrom copies={otherCopies(signal)} className="mt-0.5" />
                  {signal.strongest_fact && (
                    <p className="mt-1.5">
                      <span className="inline-flex max-w-full items-center gap-1 rounded-md bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-300 ring-inset">
                        <span className="sr-only">Strongest fact: </span>
                        <span className="break-words">{signal.strongest_fact}</span>
                      </span>
                    </p>
                  )}
                  {signal.signal_summary && <p className="mt-1 line-clamp-2 text-slate-600">{signal.signal_summary}</p>}
                  {signal.intent_reasons.length > 0 && (
                    <p className="mt-1 text-xs text-slate-500">
                      <span className="font-medium text-slate-600">Why: </span>
                      {signal.intent_reasons.join(' · ')}
                    </p>
                  )}
                  <p className="mt-1.5 text-xs text-slate-500 md:hidden">
                    {[date, market, status].filter(Boolean).join(' · ')}
                  </p>
                  <p className="mt-1 text-xs text-slate-500 max-md:hidden lg:hidden">{market}</p>
                </td>
                <td className="px-3 py-3 whitespace-nowrap max-md:hidden">{intent ?? '—'}</td>
                <td className="px-3 py-3 text-slate-700 max-lg:hidden">
                  <div>{names(signal.commodities, findCommodity) || '—'}</div>
                  <div className="text-xs text-slate-500">{names(signal.countries, findCountry)}</div>
                </td>
                <td className="px-3 py-3 whitespace-nowrap text-slate-600 tabular-nums max-md:hidden">
                  <time dateTime={signal.date}>{date}</time>
                </td>
                <td className="py-3 pr-5 pl-3 max-md:hidden">
                  <span
                    className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${statusTone}`}
                  >
                    {status}
                  </span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}
