import type { Pagination } from '@mining-hub/contract/news';
import { formatNumber } from '../lib/format.ts';
import { Button } from './button.tsx';

/** First and last item numbers shown on a page (1-based), e.g. 21–40 of 57. */
export function pageItemRange(pagination: Pagination): { first: number; last: number } {
  if (pagination.total_count === 0) return { first: 0, last: 0 };
  const first = (pagination.current_page - 1) * pagination.page_size + 1;
  return { first, last: Math.min(pagination.total_count, first + pagination.page_size - 1) };
}

interface PaginationControlsProps {
  pagination: Pagination;
  onPageChange: (page: number) => void;
  /** What is counted, plural: 'articles', 'entries'. */
  itemName: string;
  /** The next page is on its way. */
  busy?: boolean;
}

/** First / Previous / Next / Last under a paged list, with 'Showing 21–40 of 57'. */
export function PaginationControls({ pagination, onPageChange, itemName, busy = false }: PaginationControlsProps) {
  const { first, last } = pageItemRange(pagination);
  const lastPage = Math.max(1, pagination.total_pages);
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600">
      <p className="tabular-nums">
        Showing {formatNumber(first)}–{formatNumber(last)} of {formatNumber(pagination.total_count)} {itemName}
      </p>
      <div className="flex items-center gap-1.5">
        <Button
          variant="secondary"
          size="sm"
          className="max-sm:hidden"
          disabled={!pagination.has_prev || busy}
          onClick={() => onPageChange(1)}
        >
          First
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={!pagination.has_prev || busy}
          onClick={() => onPageChange(pagination.current_page - 1)}
        >
          Previous
        </Button>
        <span className="px-2 font-medium whitespace-nowrap text-slate-800 tabular-nums" aria-current="page">
          Page {formatNumber(pagination.current_page)} of {formatNumber(lastPage)}
        </span>
        <Button
          variant="secondary"
          size="sm"
          disabled={!pagination.has_next || busy}
          onClick={() => onPageChange(pagination.current_page + 1)}
        >
          Next
        </Button>
        <Button
          variant="secondary"
          size="sm"
          className="max-sm:hidden"
          disabled={!pagination.has_next || busy}
          onClick={() => onPageChange(lastPage)}
        >
          Last
        </Button>
      </div>
    </nav>
  );
}
