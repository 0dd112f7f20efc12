import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTER_SET } from './filter-set.ts';
import { PAGE_MEMORY_KEY, parsePageMemory, readPageMemory, writePageMemory } from './page-memory.ts';

describe('page memory', () => {
  it('round-trips filters, session, page and a running batch', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
    };
    const memory = {
      filters: { ...DEFAULT_FILTER_SET, commodity: ['Gold'], country: 'CA' },
      sessionId: '4b1f7b2e-8d0a-4c47-9a57-0b6f6b0f2f11',
      page: 3,
      batch: {
        batchId: '9d0c1f4e-2b3a-4c5d-8e9f-0a1b2c3d4e5f',
        articleIds: [4, 8, 15],
        articleCount: 2,
        skipped: 1,
        startedAt: 1_700_000_000_000,
      },
    };
    writePageMemory(memory, storage);
    expect(store.has(PAGE_MEMORY_KEY)).toBe(true);
    expect(readPageMemory(storage)).toEqual(memory);
  });

  it('starts fresh from nothing, broken JSON or a shape it does not know', () => {
    const fresh = { filters: DEFAULT_FILTER_SET, sessionId: null, page: 1, batch: null };
    expect(parsePageMemory(null)).toEqual(fresh);
    expect(parsePageMemory('{oops')).toEqual(fresh);
    expect(parsePageMemory(JSON.stringify({ filters: {}, sessionId: 'not-a-uuid', page: 1 }))).toEqual(fresh);
  });

  it('reads memory written before batches were remembered as having no batch', () => {
    const sessionId = '4b1f7b2e-8d0a-4c47-9a57-0b6f6b0f2f11';
    const older = JSON.stringify({ filters: DEFAULT_FILTER_SET, sessionId, page: 2 });
    expect(parsePageMemory(older)).toEqual({ filters: DEFAULT_FILTER_SET, sessionId, page: 2, batch: null });
  });
});
