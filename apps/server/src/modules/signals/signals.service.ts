import { ownerFilterFor, type Viewer } from '@mining-hub/contract/auth';
import type { Pagination } from '@mining-hub/contract/news';
import type { Signal, SignalsQuery } from '@mining-hub/contract/signals';
import { LRUCache } from 'lru-cache';
import { notFound } from '../../errors.ts';
import { pageOf } from '../../lib/pagination.ts';
import type { StoriesService } from '../stories/stories.service.ts';
import { KEYSET_SORTS, type SignalsRepository } from './signals.repository.ts';

/** Filter sets whose counts are kept (an entry is a few dozen bytes), and orders whose start keys are kept. */
const COUNT_CACHE_MAX = 2_000;
const START_KEYS_CACHE_MAX = 200;
/** Every this many signals a page deep in the list may start its walk from (see `page`). */
const START_KEY_STRIDE = 1_000;
/**
 * A cached count (or start key) is trusted for this long at most: the generation it is checked against misses
 * the one change that moves a count without being a whole statement or a single row's update (a fetch
 * refreshing the title or date of an article it already had, which only a text or date filter notices).
 */
const COUNT_TTL_MS = 60_000;

export interface SignalsServiceDeps {
  repository: SignalsRepository;
  /** Each signal's story (its sources), and the story a copy's id stands for; without it signals show none. */
  stories?: Pick<StoriesService, 'storiesOf' | 'primaryOf'>;
  now?: () => number;
  /** START_KEY_STRIDE unless a test wants deep pages in a small inbox. */
  startKeyStride?: number;
}

/** The signals inbox: analysed articles across every fetch the viewer may see, and their dismissal. */
export function createSignalsService(deps: SignalsServiceDeps) {
  const { repository } = deps;
  const now = deps.now ?? Date.now;
  /**
   * Counts by owner and filters, with the generation (migration 010) they were read at. Counting is most of
   * a listing's cost (an admin's inbox walks 100,000 index entries); a page is a short index walk.
   */
  const counts = new LRUCache<string, { total: number; generation: string; at: number }>({ max: COUNT_CACHE_MAX });
  /**
   * The sort keys of every 1,000th signal by owner, filters and order, with their generation: a deep page
   * seeks to the nearest one before it in the order's index and walks at most 999 entries from there, instead
   * of walking every entry before it (100,000 for the last page of an admin's inbox).
   */
  const startKeys = new LRUCache<string, { keys: string[][]; generation: string; at: number }>({
    max: START_KEYS_CACHE_MAX,
  });
  const stride = deps.startKeyStride ?? START_KEY_STRIDE;

  /** Owner and filters: what a count depends on. */
  const filterKey = (ownerId: number | undefined, query: SignalsQuery) => {
    const { intent, commodity, country, status, fact, stage, q, from, to } = query;
    return JSON.stringify([ownerId, intent, commodity, country, status, fact, stage, q, from, to]);
  };
  const fresh = (entry: { generation: string; at: number } | undefined, generation?: string) =>
    entry !== undefined &&
    (generation === undefined || entry.generation === generation) &&
    now() - entry.at < COUNT_TTL_MS;

  async function total(ownerId: number | undefined, query: SignalsQuery, generation: string): Promise<number> {
    const key = filterKey(ownerId, query);
    const cached = counts.get(key);
    if (cached && fresh(cached, generation)) return cached.total;
    const counted = await repository.count(ownerId, query);
    counts.set(key, { ...counted, at: now() });
    return counted.total;
  }

  /** The page, from the start key before it when it lies deep in an order that has them. */
  async function page(ownerId: number | undefined, query: SignalsQuery) {
    const offset = (query.page - 1) * query.page_size;
    if (offset < stride || !KEYSET_SORTS.has(query.sort)) return repository.page(ownerId, query);
    const key = `${filterKey(ownerId, query)}${query.sort}`;
    // Keys read at another generation may sit elsewhere now: read them again (once; then walk the offset).
    for (let attempt = 0; attempt < 2; attempt++) {
      let table = startKeys.get(key);
      if (!table || !fresh(table)) {
        table = { ...(await repository.startKeys(ownerId, query, stride)), at: now() };
        startKeys.set(key, table);
      }
      const before = Math.min(Math.floor(offset / stride), table.keys.length);
      const after = table.keys[before - 1];
      if (!after) break;
      const found = await repository.page(ownerId, query, { after, skip: offset - before * stride });
      if (found.generation === table.generation) return found;
      startKeys.delete(key);
    }
    return repository.page(ownerId, query);
  }

  /** The story's primary a copy's id stands for (a signal is its story's, dismissed once for every copy). */
  const primaryOf = async (articleId: number) =>
    (await deps.stories?.primaryOf([articleId]))?.get(articleId) ?? articleId;

  /** The article's dismissal after a change; 404 for an article the viewer's sessions never found. */
  async function dismissal(articleId: number, change: Promise<{ dismissed_at: Date | null } | undefined>) {
    const row = await change;
    if (!row) throw notFound(`Article ${articleId} not found`);
    return { article_id: articleId, dismissed_at: row.dismissed_at?.toISOString() ?? null };
  }

  return {
    /** One page of the viewer's signals (a member's own fetches, everyone's for an admin). */
    async list(viewer: Viewer, query: SignalsQuery): Promise<{ data: Signal[]; pagination: Pagination }> {
      const ownerId = ownerFilterFor(viewer);
      const { signals, generation } = await page(ownerId, query);
      const count = await total(ownerId, query, generation);
      const stories = (await deps.stories?.storiesOf(signals.map((signal) => signal.article_id))) ?? new Map();
      return {
        data: signals.map((signal) => ({ ...signal, story: stories.get(signal.article_id) ?? null })),
        pagination: pageOf(query.page, query.page_size, count),
      };
    },

    /** Takes a signal out of the inbox for everyone who sees its article (kept under the Dismissed filter). */
    async dismiss(viewer: Viewer, articleId: number) {
      const primaryId = await primaryOf(articleId);
      return dismissal(articleId, repository.dismiss(ownerFilterFor(viewer), primaryId, viewer.id));
    },

    /** Puts a dismissed signal back in the inbox. */
    async restore(viewer: Viewer, articleId: number) {
      const primaryId = await primaryOf(articleId);
      return dismissal(articleId, repository.restore(ownerFilterFor(viewer), primaryId));
    },
  };
}
export type SignalsService = ReturnType<typeof createSignalsService>;
