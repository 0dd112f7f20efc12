import { mkdtemp, open, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateLog, writeLog } from '../../../test/log-fixtures.ts';
import type { EntryScan } from './log-entry-scanner.ts';
import { collectMatches, createMatchIndexCache, indexMatches, mergeMatchIndexes, splitScan } from './log-matches.ts';

let dir: string;
let file: string;
let size: number;
let firstTimestamp: number;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'mh-matches-'));
  const { content } = generateLog({ entries: 3000, end: Date.now(), stepMs: 1000, seed: 9, leadingLines: 2 });
  file = await writeLog(dir, 'm.log', content);
  size = Buffer.byteLength(content);
  firstTimestamp = content.search(/^\d{4}-/m);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const scanOf = (filter: Partial<EntryScan>): EntryScan => ({
  from: 0,
  to: size,
  firstTimestamp: 0,
  minRank: 0,
  searchTerm: '',
  windowBytes: 4096,
  ...filter,
});

describe('match index', () => {
  it.each([
    ['every entry', {}],
    ['WARNING and above', { minRank: 3 }],
    ['a search', { searchTerm: 'assay' }],
  ])('reads the same pages from sparse checkpoints, merged parts and a full record (%s)', async (_name, filter) => {
    const handle = await open(file);
    try {
      const scan = scanOf({ ...filter, firstTimestamp });
      const full = await indexMatches(handle, scan);
      const sparse = await indexMatches(handle, scan, 4);
      const merged = mergeMatchIndexes(
        await Promise.all((await splitScan(handle, scan, 3)).map((part) => indexMatches(handle, part, 8))),
      );
      expect(full.numbers).toHaveLength(full.count);
      expect(sparse.numbers.length).toBeLessThanOrEqual(4);
      expect(sparse.count).toBe(full.count);
      expect(merged.count).toBe(full.count);
      for (const [first, last] of [
        [0, 100],
        [full.count - 100, full.count],
        [517, 1017],
        [full.count - 7, full.count + 50],
      ] as const) {
        const expected = await collectMatches(handle, scan, full, first, last);
        expect(await collectMatches(handle, scan, sparse, first, last)).toEqual(expected);
        expect(await collectMatches(handle, scan, merged, first, last)).toEqual(expected);
      }
    } finally {
      await handle.close();
    }
  });

  it('keeps the most recent indexes and drops a failed build', async () => {
    const cache = createMatchIndexCache(2);
    let builds = 0;
    const build = async () => {
      builds += 1;
      return { count: builds, numbers: [], starts: [], ends: [] };
    };
    await cache.get('a', build);
    await cache.get('a', build);
    expect(builds).toBe(1);
    await cache.get('b', build);
    await cache.get('c', build);
    await cache.get('a', build);
    expect(builds).toBe(4);
    await expect(cache.get('d', () => Promise.reject(new Error('gone')))).rejects.toThrow('gone');
    await cache.get('d', build);
    expect(builds).toBe(5);
  });
});
