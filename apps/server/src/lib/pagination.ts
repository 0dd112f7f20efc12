import type { Pagination } from '@mining-hub/contract/news';

/** The pagination block of a list answer for page `page` of `pageSize` items out of `total`. */
export function pageOf(page: number, pageSize: number, total: number): Pagination {
  const totalPages = Math.ceil(total / pageSize);
  return {
    current_page: page,
    page_size: pageSize,
    total_count: total,
    total_pages: totalPages,
    has_next: page < totalPages,
    has_prev: page > 1,
  };
}
