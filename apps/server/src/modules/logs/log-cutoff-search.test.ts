import { mkdtemp, open, rm, type FileHandle } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateLog, logLine, seededRandom, writeLog } from '../../../test/log-fixtures.ts';
import { firstEntryAtOrAfter, nextTimestampedLine } from './log-cutoff-search.ts';

const T = new Date(2026, 10, 22, 9, 30, 0).getTime();
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'mh-cutoff-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function withFile<T>(content: string, use: (file: FileHandle, size: number) => Promise<T>): Promise<T> {
  const file = await open(await writeLog(dir, `f${Math.random().toString(36).slice(2)}.log`, content));
  try {
    return await use(file, Buffer.byteLength(content));
  } finally {
    await file.close();
  }
}

const cutoff = (content: string, time: number) =>
  withFile(content, (file, size) => firstEntryAtOrAfter(file, time, 0, size));
const offsetOf = (content: string, text: string) => Buffer.from(content.slice(0, content.indexOf(text))).length;

describe('firstEntryAtOrAfter', () => {
  it('finds the first entry at the cutoff among its neighbours a millisecond either side', async () => {
    const content = `${[
      logLine(new Date(T - 1), 'INFO', 'just before'),
      logLine(new Date(T), 'INFO', 'exactly at'),
      logLine(new Date(T + 1), 'INFO', 'just after'),
    ].join('\n')}\n`;
    expect(await cutoff(content, T)).toBe(offsetOf(content, logLine(new Date(T), 'INFO', 'exactly at')));
    expect(await cutoff(content, T + 1)).toBe(offsetOf(content, logLine(new Date(T + 1), 'INFO', 'just after')));
    expect(await cutoff(content, T - 10)).toBe(0);
    expect(await cutoff(content, T + 2)).toBe(Buffer.byteLength(content));
  });

  it('returns the first of many entries sharing the cutoff timestamp, across probe windows', async () => {
    const older = Array.from({ length: 3000 }, (_, i) => logLine(new Date(T - 3000 + i), 'INFO', `old ${i}`));
    const same = Array.from({ length: 3000 }, (_, i) => logLine(new Date(T), 'INFO', `same ${i}`));
    const newer = Array.from({ length: 3000 }, (_, i) => logLine(new Date(T + 1 + i), 'INFO', `new ${i}`));
    const content = `${[...older, ...same, ...newer].join('\n')}\n`;
    expect(Buffer.byteLength(content)).toBeGreaterThan(200 * 1024);
    expect(await cutoff(content, T)).toBe(offsetOf(content, same[0] ?? ''));
    expect(await cutoff(content, T + 1)).toBe(offsetOf(content, newer[0] ?? ''));
  });

  it('lands on the timestamped line of a multi-line entry, never inside its stack trace', async () => {
    const trace = Array.from(
      { length: 2000 },
      (_, i) => `    at frame${i} (2026-11-22 09:30:00,000 - looks like a date)`,
    );
    const content = `${[
      logLine(new Date(T - 5000), 'ERROR', 'failed'),
      ...trace,
      logLine(new Date(T + 5000), 'ERROR', 'failed again'),
      ...trace,
      logLine(new Date(T + 9000), 'INFO', 'recovered'),
    ].join('\n')}\n`;
    expect(await cutoff(content, T)).toBe(offsetOf(content, logLine(new Date(T + 5000), 'ERROR', 'failed again')));
    expect(await cutoff(content, T + 6000)).toBe(offsetOf(content, logLine(new Date(T + 9000), 'INFO', 'recovered')));
  });

  it('finds nothing in a file with no timestamped lines, and skips untimestamped lines at the top', async () => {
    const plain = 'started\nno timestamps here\n    at all\n'.repeat(2000);
    expect(await cutoff(plain, 0)).toBe(Buffer.byteLength(plain));
    const withPreamble = `${plain}${logLine(new Date(T), 'INFO', 'first real entry')}\n`;
    expect(await cutoff(withPreamble, 0)).toBe(Buffer.byteLength(plain));
    expect(await cutoff('', T)).toBe(0);
  });

  it('agrees with a linear scan on generated files at random cutoffs', async () => {
    const random = seededRandom(7);
    const { content, first, last } = generateLog({ entries: 20_000, end: T, stepMs: 700, seed: 11, leadingLines: 2 });
    const lines = content.split('\n');
    const linear = (time: number) => {
      let offset = 0;
      for (const line of lines) {
        const match = /^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d),(\d{3})/.exec(line);
        if (match) {
          const [y, mo, d, h, mi, s, ms] = match.slice(1).map(Number) as [
            number,
            number,
            number,
            number,
            number,
            number,
            number,
          ];
          if (new Date(y, mo - 1, d, h, mi, s, ms).getTime() >= time) return offset;
        }
        offset += Buffer.byteLength(line) + 1;
      }
      return Buffer.byteLength(content);
    };
    await withFile(content, async (file, size) => {
      for (let i = 0; i < 60; i++) {
        const time = first - 5000 + Math.floor(random() * (last - first + 10_000));
        expect(await firstEntryAtOrAfter(file, time, 0, size)).toBe(linear(time));
      }
    });
  });

  it('searches only within [from, to)', async () => {
    const lines = Array.from({ length: 100 }, (_, i) => logLine(new Date(T + i * 1000), 'INFO', `n${i}`));
    const content = `${lines.join('\n')}\n`;
    const at = (i: number) => offsetOf(content, lines[i] ?? '');
    await withFile(content, async (file) => {
      expect(await firstEntryAtOrAfter(file, T, at(10), at(20))).toBe(at(10));
      expect(await firstEntryAtOrAfter(file, T + 50_000, at(10), at(20))).toBe(at(20));
    });
  });
});

describe('nextTimestampedLine', () => {
  it('skips lines longer than a probe and timestamps that are not real dates', async () => {
    const content = `${'x'.repeat(40_000)}\n2026-13-45 99:99:99,000 - app - INFO - impossible\n${logLine(new Date(T), 'WARNING', 'real')}\n`;
    await withFile(content, async (file, size) => {
      expect(await nextTimestampedLine(file, 0, size)).toEqual({ offset: offsetOf(content, '2026-11-22'), time: T });
      expect(await nextTimestampedLine(file, size - 3, size)).toBeUndefined();
    });
  });
});
