import { mkdtemp, open, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateLog, writeLog } from '../../../test/log-fixtures.ts';
import { indexMatches, mergeMatchIndexes, splitScan } from './log-matches.ts';
import { createScanPool } from './log-scan-pool.ts';

let dir: string;
let file: string;
let size: number;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'mh-pool-'));
  const { content } = generateLog({ entries: 4000, end: Date.now(), stepMs: 500, seed: 4 });
  file = await writeLog(dir, 'p.log', content);
  size = Buffer.byteLength(content);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('scan pool', () => {
  it('counts on scan threads what one thread counts, and survives a failed task', async () => {
    const pool = createScanPool(2);
    const handle = await open(file);
    try {
      const scan = { from: 0, to: size, firstTimestamp: 0, minRank: 3, searchTerm: '' };
      const parts = await splitScan(handle, scan, 3);
      expect(parts).toHaveLength(3);
      const threaded = mergeMatchIndexes(await pool.indexMatches(handle.fd, parts));
      expect(threaded).toEqual(await indexMatches(handle, scan));

      await expect(pool.indexMatches(999_999, [scan])).rejects.toThrow(/EBADF/);
      expect((await pool.indexMatches(handle.fd, [scan]))[0]?.count).toBe(threaded.count);
    } finally {
      await handle.close();
      await pool.close();
    }
  });
});
