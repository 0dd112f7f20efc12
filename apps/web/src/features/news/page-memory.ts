import { filterSetSchema, type FilterSet } from '@mining-hub/contract/news';
import { MAX_BATCH_ARTICLES } from '@mining-hub/contract/pipeline';
import { z } from 'zod';
import { DEFAULT_FILTER_SET } from './filter-set.ts';

/** A running 'Process Selected' batch, so the page goes on following it after the user comes back. */
export interface RememberedBatch {
  batchId: string;
  articleIds: number[];
  articleCount: number;
  skipped: number;
  startedAt: number;
}

/**
 * What the Market Intelligence page remembers for the browser tab (sessionStorage): the filters, the session the
 * list shows and its page, and a running batch, so leaving the page and coming back (or reloading) keeps the
 * user's work.
 */
export interface PageMemory {
  filters: FilterSet;
  sessionId: string | null;
  page: number;
  batch: RememberedBatch | null;
}

export const PAGE_MEMORY_KEY = 'mining-hub.news-signals';

const pageMemorySchema = z.object({
  filters: filterSetSchema,
  sessionId: z.string().uuid().nullable(),
  page: z.number().int().min(1),
  batch: z
    .object({
      batchId: z.string().uuid(),
      articleIds: z.array(z.number().int()).max(MAX_BATCH_ARTICLES),
      articleCount: z.number().int().min(0),
      skipped: z.number().int().min(0),
      startedAt: z.number(),
    })
    .nullable()
    .default(null),
});

const EMPTY_MEMORY: PageMemory = { filters: DEFAULT_FILTER_SET, sessionId: null, page: 1, batch: null };

/** The remembered state, or a fresh page when there is none or it no longer parses. */
export function parsePageMemory(raw: string | null): PageMemory {
  if (!raw) return EMPTY_MEMORY;
  try {
    const parsed = pageMemorySchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : EMPTY_MEMORY;
  } catch {
    return EMPTY_MEMORY;
  }
}

export function readPageMemory(storage: Pick<Storage, 'getItem'> = window.sessionStorage): PageMemory {
  try {
    return parsePageMemory(storage.getItem(PAGE_MEMORY_KEY));
  } catch {
    // Storage can be unavailable (privacy modes); the page then simply starts fresh.
    return EMPTY_MEMORY;
  }
}

export function writePageMemory(memory: PageMemory, storage: Pick<Storage, 'setItem'> = window.sessionStorage): void {
  try {
    storage.setItem(PAGE_MEMORY_KEY, JSON.stringify(memory));
  } catch {
    // Not being able to remember is not worth bothering the user about.
  }
}
