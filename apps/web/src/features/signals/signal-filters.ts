import type { BuyingIntent } from '@mining-hub/contract/articles';
import type { StudyStage } from '@mining-hub/contract/facts';
import type { SignalFactFilter, SignalSort, SignalStatusFilter } from '@mining-hub/contract/signals';

/** The inbox's filters as the screen holds them; empty values filter nothing. */
export interface SignalFilters {
  intent: BuyingIntent[];
  /** A commodity symbol, or '' for all. */
  commodity: string;
  /** An ISO country code, or '' for all. */
  country: string;
  /** A pipeline status, 'dismissed' for the Dismissed view, or '' for the whole inbox. */
  status: SignalStatusFilter | '';
  /** Facts the release must carry, every one of them. */
  fact: SignalFactFilter[];
  /** A study stage, or '' for any (or none). */
  stage: StudyStage | '';
  /** Words of the title, company or summary. */
  q: string;
  /** YYYY-MM-DD, or ''. */
  from: string;
  to: string;
  sort: SignalSort;
}

export const DEFAULT_SIGNAL_FILTERS: SignalFilters = {
  intent: [],
  commodity: '',
  country: '',
  status: '',
  fact: [],
  stage: '',
  q: '',
  from: '',
  to: '',
  sort: 'intent',
};

/** Signals a page shows. */
export const SIGNALS_PAGE_SIZE = 20;

/** `GET /signals`'s query string for a page, leaving out the filters not in use (the server's defaults). */
export function signalsSearchParams(filters: SignalFilters, page: number): URLSearchParams {
  const params = new URLSearchParams({ page: String(page), page_size: String(SIGNALS_PAGE_SIZE) });
  if (filters.intent.length > 0) params.set('intent', filters.intent.join(','));
  if (filters.fact.length > 0) params.set('fact', filters.fact.join(','));
  for (const key of ['commodity', 'country', 'status', 'stage', 'from', 'to'] as const) {
    if (filters[key]) params.set(key, filters[key]);
  }
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.sort !== DEFAULT_SIGNAL_FILTERS.sort) params.set('sort', filters.sort);
  return params;
}

/** Whether any filter narrows the inbox (the empty message then says so). */
export function isFiltered(filters: SignalFilters): boolean {
  const { sort: _sort, ...narrowing } = filters;
  return Object.values(narrowing).some((value) => (Array.isArray(value) ? value.length > 0 : value !== ''));
}
