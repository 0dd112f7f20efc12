import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lineChunks, lineStartAtOrAfter, readEntries } from './log-file-reader.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'mh-reader-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function openWith(content: string) {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.log`);
  await writeFile(file, content);
  return open(file);
}

async function chunksOf(content: string, windowBytes: number, start = 0, end = Buffer.byteLength(content)) {
  const file = await openWith(content);
  try {
    const chunks: { text: string; base: number; midLine: boolean }[] = [];
    for await (const chunk of lineChunks(file, start, end, windowBytes)) {
      chunks.push({ text: chunk.bytes.toString('utf8'), base: chunk.base, midLine: chunk.midLine });
    }
    return chunks;
  } finally {
    await file.close();
  }
}

describe('lineChunks', () => {
  const content = 'first line\nsecond\n\nfourth line is longer\nfifth without newline';

  it.each([1, 3, 7, 16, 64, 1024])('hands out whole lines in order, window %i', async (windowBytes) => {
    const chunks = await chunksOf(content, windowBytes);
    expect(chunks.map((chunk) => chunk.text).join('')).toBe(content);
    let expectedBase = 0;
    for (const chunk of chunks) {
      expect(chunk.base).toBe(expectedBase);
      expect(chunk.midLine).toBe(false);
      expect(chunk.text === content.slice(chunk.base) || chunk.text.endsWith('\n')).toBe(true);
      expectedBase += Buffer.byteLength(chunk.text);
    }
  });

  it('reads only [start, end)', async () => {
    const chunks = await chunksOf(content, 5, 11, 19);
    expect(chunks.map((chunk) => chunk.text).join('')).toBe('second\n\n');
  });

  it('hands out a line longer than the limit in pieces marked as mid-line', async () => {
    const long = `${'a'.repeat(10_000)}\nshort\n`;
    const chunks = await chunksOf(long, 1000);
    expect(chunks.map((chunk) => chunk.text).join('')).toBe(long);
    expect(chunks[0]?.midLine).toBe(false);
    expect(chunks.slice(1).some((chunk) => chunk.midLine)).toBe(true);
    expect(Math.max(...chunks.map((chunk) => chunk.text.length))).toBeLessThanOrEqual(5096);
  });

  it('finds the next line start from any offset', async () => {
    const file = await openWith(content);
    try {
      expect(await lineStartAtOrAfter(file, 0, 100)).toBe(0);
      expect(await lineStartAtOrAfter(file, 1, 100)).toBe(11);
      expect(await lineStartAtOrAfter(file, 11, 100)).toBe(11);
      expect(await lineStartAtOrAfter(file, 50, Buffer.byteLength(content))).toBe(Buffer.byteLength(content));
    } finally {
      await file.close();
    }
  });
});

describe('readEntries', () => {
  it('returns each entry without its final line break and cuts long ones with a note', async () => {
    const text = 'one\r\ntwo\n  trace\nthree\n' + 'x'.repeat(100) + '\n';
    const file = await openWith(text);
    try {
      const entries = await readEntries(
        file,
        [
          [0, 5],
          [5, 17],
          [17, 23],
          [23, 124],
        ],
        20,
      );
      expect(entries).toEqual(['one', 'two\n  trace', 'three', `${'x'.repeat(20)}\n… [81 more bytes not shown]`]);
    } finally {
      await file.close();
    }
  });
});
