import { appendFile, mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateLog, logLine, referenceEntries } from '../../../test/log-fixtures.ts';
import { createLogFileIndexCache } from './log-file-index.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'mh-index-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function indexed(name: string, cache = createLogFileIndexCache({ blockBytes: 300, windowBytes: 50 })) {
  const file = await open(path.join(dir, name));
  const info = await file.stat();
  const index = await cache.indexOf(file, { dev: info.dev, ino: info.ino, size: info.size, mtimeMs: info.mtimeMs });
  return { file, index, cache };
}

/** Byte offset where each entry starts, the obvious way. */
function entryStarts(content: string): number[] {
  const starts: number[] = [];
  let offset = 0;
  for (const entry of referenceEntries(content)) {
    starts.push(offset);
    offset += Buffer.byteLength(entry.text) + 1;
  }
  return starts;
}

describe('log file index', () => {
  it('counts lines and entries before any line start, and finds where any entry starts', async () => {
    const { content } = generateLog({ entries: 300, end: Date.now(), stepMs: 1000, seed: 5, leadingLines: 4 });
    await writeFile(path.join(dir, 'a.log'), content);
    const { file, index } = await indexed('a.log');
    try {
      const starts = entryStarts(content);
      expect(index.totalLines).toBe(content.split('\n').length - 1);
      expect(index.firstTimestamp).toBe(starts[4]);
      for (let n = 0; n < starts.length; n += 7) {
        expect(await index.entriesBefore(starts[n] ?? 0)).toBe(n);
        expect(await index.entryStart(n)).toBe(starts[n]);
      }
      expect(await index.entriesBefore(Buffer.byteLength(content))).toBe(starts.length);
    } finally {
      await file.close();
    }
  });

  it('extends itself when the file grows and starts over when it is rewritten', async () => {
    const name = 'b.log';
    const first = `${logLine(new Date(), 'INFO', 'one')}\n${logLine(new Date(), 'INFO', 'two')}\n`;
    await writeFile(path.join(dir, name), first);
    const cache = createLogFileIndexCache({ blockBytes: 64, windowBytes: 16 });
    const a = await indexed(name, cache);
    expect(a.index.totalLines).toBe(2);
    await a.file.close();

    await appendFile(path.join(dir, name), `${logLine(new Date(), 'ERROR', 'three')}\n  at trace\nunfinished`);
    const b = await indexed(name, cache);
    expect(b.index.totalLines).toBe(5);
    expect(await b.index.entriesBefore(Buffer.byteLength(first))).toBe(2);
    expect(await b.index.entryStart(2)).toBe(Buffer.byteLength(first));
    await b.file.close();

    await writeFile(path.join(dir, name), 'rewritten\nfrom scratch\n');
    const c = await indexed(name, cache);
    expect(c.index.totalLines).toBe(2);
    expect(c.index.firstTimestamp).toBe(Number.POSITIVE_INFINITY);
    expect(await c.index.entriesBefore(23)).toBe(2); // no timestamps: every line is an entry
    await c.file.close();
  });
});
