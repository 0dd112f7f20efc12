import {
  LOG_ORDERS,
  LOG_PAGE_SIZES,
  type LogOrder,
  type LogPagination,
  type LogPageSize,
} from '@mining-hub/contract/logs';
import { Button } from '../../../components/button.tsx';
import { formatNumber } from '../../../lib/format.ts';

/** What the order control says: the order the lines below are in. */
export const LOG_ORDER_LABELS: Record<LogOrder, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
};

interface LogPaginationBarProps {
  pagination: LogPagination | undefined;
  pageSize: LogPageSize;
  order: LogOrder;
  onPageChange(page: number): void;
  onPageSizeChange(size: LogPageSize): void;
  onOrderChange(order: LogOrder): void;
}

/**
 * The order of the lines, First / Previous / Next / Last and the page size (SPEC.md section 4: which buttons
 * are disabled when). Page 1 is where the order starts: the newest entries, or the oldest.
 */
export function LogPaginationBar({
  pagination,
  pageSize,
  order,
  onPageChange,
  onPageSizeChange,
  onOrderChange,
}: LogPaginationBarProps) {
  const page = pagination?.current_page ?? 1;
  const totalPages = pagination?.total_pages ?? 1;
  const hasNext = pagination?.has_next ?? false;
  const onFirstPage = page <= 1;
  return (
    <nav aria-label="Log pages" className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-600" aria-live="polite">
        {pagination && pagination.showing_end > 0
          ? `Showing ${formatNumber(pagination.showing_start)}–${formatNumber(pagination.showing_end)} of ${formatNumber(pagination.total_filtered)} · Page ${formatNumber(page)} of ${formatNumber(totalPages)}`
          : `Page ${formatNumber(page)} of ${formatNumber(totalPages)}`}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <label className="flex items-center gap-2 text-sm text-slate-600">
          Order
          <select
            className="rounded-md border-0 bg-white py-1.5 pr-8 pl-2 text-sm text-slate-900 shadow-sm ring-1 ring-slate-500 ring-inset focus:ring-2 focus:ring-blue-600"
            value={order}
            onChange={(event) => onOrderChange(event.target.value as LogOrder)}
          >
            {LOG_ORDERS.map((value) => (
              <option key={value} value={value}>
                {LOG_ORDER_LABELS[value]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-600">
          Per page
          <select
            className="rounded-md border-0 bg-white py-1.5 pr-8 pl-2 text-sm text-slate-900 shadow-sm ring-1 ring-slate-500 ring-inset focus:ring-2 focus:ring-blue-600"
            value={pageSize}
            onChange={(event) => onPageSizeChange(Number(event.target.value) as LogPageSize)}
          >
            {LOG_PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {formatNumber(size)}
              </option>
            ))}
          </select>
        </label>
        <Button variant="secondary" size="sm" disabled={onFirstPage} onClick={() => onPageChange(1)}>
          First
        </Button>
        <Button variant="secondary" size="sm" disabled={onFirstPage} onClick={() => onPageChange(page - 1)}>
          Previous
        </Button>
        <Button variant="secondary" size="sm" disabled={!hasNext} onClick={() => onPageChange(page + 1)}>
          Next
        </Button>
        <Button variant="secondary" size="sm" disabled={!hasNext} onClick={() => onPageChange(totalPages)}>
          Last
        </Button>
      </div>
    </nav>
  );
}
