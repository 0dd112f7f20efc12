import type { Pagination } from '@mining-hub/contract/news';
import type { ReactNode } from 'react';
import { isApiError } from '../lib/api-client.ts';
import { Button } from './button.tsx';
import { PaginationControls } from './pagination-controls.tsx';
import { Spinner } from './spinner.tsx';

/** '{what} could not be loaded.' with the server's reason when it gave one, and Retry. */
export function LoadFailure({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm text-red-700">
      {what} could not be loaded.{isApiError(error) ? ` ${error.detail}` : ''}
      <Button variant="secondary" size="sm" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}

/** What a paged list screen needs of its query (TanStack Query's result, kept on the previous page). */
interface PagedQuery<Item> {
  data: { data: Item[]; pagination: Pagination } | undefined;
  error: unknown;
  isPending: boolean;
  isError: boolean;
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

interface PagedListProps<Item> {
  query: PagedQuery<Item>;
  /** Names the list in the failure message: 'The audit log'. */
  what: string;
  /** What is counted, plural: 'entries'. */
  itemName: string;
  onPageChange: (page: number) => void;
  /** Shown when the page holds nothing. */
  empty: ReactNode;
  children: (items: Item[]) => ReactNode;
}

/**
 * A paged list's body: a spinner first, the failure with Retry, the pagination over the items (dimmed while
 * the next page loads, the previous one staying on screen), or the empty message.
 */
export function PagedList<Item>({ query, what, itemName, onPageChange, empty, children }: PagedListProps<Item>) {
  const result = query.data;
  if (query.isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner className="size-8" />
      </div>
    );
  }
  if (query.isError && !result) {
    return <LoadFailure what={what} error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (!result || result.data.length === 0) return <p className="py-10 text-center text-sm text-slate-500">{empty}</p>;
  return (
    <div className="space-y-4">
      <PaginationControls
        pagination={result.pagination}
        itemName={itemName}
        busy={query.isPlaceholderData}
        onPageChange={onPageChange}
      />
      <div className={query.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
        {children(result.data)}
      </div>
    </div>
  );
}
