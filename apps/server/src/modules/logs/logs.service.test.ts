import { appendFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { logReadRequestSchema, type LogLevel, type LogReadRequest } from '@mining-hub/contract/logs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateLog, logLine, referenceRead, seededRandom, writeLog } from '../../../test/log-fixtures.ts';
import { createLogsService } from './logs.service.ts';

const NOW = new Date(2026, 10, 22, 12, 0, 0).getTime();
const MINUTE = 60_000;
const LEVELS: (LogLevel | '')[] = ['', 'DEBUG', 'INFO', 'WARNING', 'ERROR', 'CRITICAL'];
const RANKS: Record<string, number> = { '': 0, DEBUG: 1, INFO: 2, WARNING: 3, ERROR: 4, CRITICAL: 5 };

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'mh-logs-service-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const query = (body: LogReadRequest) => logReadRequestSchema.parse(body);

describe('logs service against the naive reading', () => {
  // Tiny windows and blocks make every chunk, block and probe boundary land inside entries and lines.
  const geometries = [
    { windowBytes: 7, blockBytes: 50, scanThreads: 1 },
    { windowBytes: 200, blockBytes: 1000, scanThreads: 1 },
    { windowBytes: 64 * 1024, blockBytes: 4096, scanThreads: 1 },
    // Every filtered scan split over three scan threads.
    { windowBytes: 300, blockBytes: 2000, parallelMinBytes: 1, scanThreads: 3 },
  ];

  it.each(geometries)(
    'agrees on random files and queries (window $windowBytes, block $blockBytes, threads $scanThreads)',
    async (geometry) => {
      const random = seededRandom(geometry.windowBytes + 17);
      for (let round = 0; round < 4; round++) {
        const name = `random-${geometry.windowBytes}-${round}.log`;
        const { content } = generateLog({
          // Byte-sized windows are slow; smaller files cross as many boundaries per entry.
          entries:
            round === 0
              ? 40
              : geometry.windowBytes < 100
                ? 150 + Math.floor(random() * 200)
                : 400 + Math.floor(random() * 800),
          end: NOW - Math.floor(random() * 30) * MINUTE,
          stepMs: Math.floor(random() * 9_000) + 500,
          seed: round + geometry.blockBytes,
          leadingLines: round % 2 === 0 ? 3 : 0,
          longLineEvery: round === 3 ? 97 : undefined,
        });
        await writeLog(dir, name, content);
        const service = createLogsService({ logDir: dir, ...geometry });
        for (let q = 0; q < 25; q++) {
          const filter = (['5m', '15m', '30m', '1h', '4h', 'all'] as const)[Math.floor(random() * 6)] ?? 'all';
          const level = LEVELS[Math.floor(random() * LEVELS.length)] ?? '';
          const term = ['', '', 'assay', 'DRILL', 'ünÏcode', 'ore - error', 'event 1', 'step2', 'no such thing'][
            Math.floor(random() * 9)
          ];
          const pageSize = ([100, 500] as const)[Math.floor(random() * 2)] ?? 100;
          const page = 1 + Math.floor(random() * 4);
          const order = random() < 0.5 ? ('newest' as const) : ('oldest' as const);
          const body = {
            log_file: name,
            time_filter: filter,
            log_level: level,
            search_term: term,
            page,
            page_size: pageSize,
            order,
          };
          const result = await service.read(query(body), NOW);
          const from =
            filter === 'all'
              ? undefined
              : NOW - { '5m': 5, '15m': 15, '30m': 30, '1h': 60, '4h': 240 }[filter] * MINUTE;
          // Every kept entry in file order, then the page as the order reads it.
          const expected = referenceRead(content, {
            from,
            minRank: RANKS[level] ?? 0,
            searchTerm: term ?? '',
            page: 1,
            pageSize: Number.MAX_SAFE_INTEGER,
          });
          const inOrder = order === 'newest' ? expected.lines.toReversed() : expected.lines;
          const context = JSON.stringify(body);
          expect(result.filtered_lines, context).toBe(expected.total);
          expect(result.lines, context).toEqual(inOrder.slice((page - 1) * pageSize, page * pageSize));
          expect(result.total_lines_in_file).toBe(content.split('\n').length - 1);
        }
      }
    },
  );
});

describe('logs service', () => {
  it('pages from the newest entries, newest at the top, with the spec pagination block', async () => {
    const lines = Array.from({ length: 250 }, (_, i) => logLine(new Date(NOW - (250 - i) * 1000), 'INFO', `n${i}`));
    await writeLog(dir, 'paged.log', `${lines.join('\n')}\n`);
    const service = createLogsService({ logDir: dir });
    const first = await service.read(query({ log_file: 'paged.log', time_filter: '1h', page_size: 100 }), NOW);
    expect(first.lines[0]).toContain(' - n249');
    expect(first.lines.at(-1)).toContain(' - n150');
    expect(first.pagination).toEqual({
      showing_start: 1,
      showing_end: 100,
      total_filtered: 250,
      current_page: 1,
      total_pages: 3,
      has_next: true,
    });
    const last = await service.read(query({ log_file: 'paged.log', time_filter: '1h', page: 3, page_size: 100 }), NOW);
    expect(last.lines).toHaveLength(50);
    expect(last.lines.at(-1)).toContain(' - n0');
    expect(last.pagination).toMatchObject({ showing_start: 201, showing_end: 250, current_page: 3, has_next: false });
    const beyond = await service.read(query({ log_file: 'paged.log', page: 10_000, page_size: 100 }), NOW);
    expect(beyond.lines).toEqual([]);
    expect(beyond.pagination).toMatchObject({ showing_start: 0, showing_end: 0, total_pages: 3, has_next: false });
    expect(first.cutoff_time).toBe(new Date(NOW - 60 * MINUTE).toISOString());
    expect((await service.read(query({ log_file: 'paged.log', time_filter: 'all' }), NOW)).cutoff_time).toBeNull();
  });

  it('pages from the oldest entries, oldest at the top, when asked to', async () => {
    const lines = Array.from({ length: 250 }, (_, i) => logLine(new Date(NOW - (250 - i) * 1000), 'INFO', `n${i}`));
    await writeLog(dir, 'oldest.log', `${lines.join('\n')}\n`);
    const service = createLogsService({ logDir: dir });
    const read = (page: number, search_term = '') =>
      service.read(
        query({ log_file: 'oldest.log', time_filter: '1h', page, page_size: 100, order: 'oldest', search_term }),
        NOW,
      );
    const first = await read(1);
    expect(first.lines[0]).toContain(' - n0');
    expect(first.lines.at(-1)).toContain(' - n99');
    expect(first.pagination).toMatchObject({ showing_start: 1, showing_end: 100, total_pages: 3, has_next: true });
    const last = await read(3);
    expect(last.lines).toHaveLength(50);
    expect(last.lines[0]).toContain(' - n200');
    expect(last.lines.at(-1)).toContain(' - n249');
    expect(last.pagination).toMatchObject({ showing_start: 201, showing_end: 250, has_next: false });
    // A filtered read pages the same way: n2, n20..n29, n200..n249 hold "n2".
    const filtered = await read(1, 'n2');
    expect(filtered.filtered_lines).toBe(61);
    expect(filtered.lines.slice(0, 2).map((line) => line.split(' - ').at(-1))).toEqual(['n2', 'n20']);
    expect((await read(4)).lines).toEqual([]);
  });

  it('applies a custom range, including the whole To minute, ahead of the time filter', async () => {
    const at = (minutesAgo: number, seconds = 0) => new Date(NOW - minutesAgo * MINUTE + seconds * 1000);
    const content = [
      logLine(at(200), 'INFO', 'too early'),
      logLine(at(120), 'INFO', 'from minute'),
      logLine(at(100, 59), 'INFO', 'end of to minute'),
      logLine(at(99), 'INFO', 'too late'),
    ].join('\n');
    await writeLog(dir, 'custom.log', `${content}\n`);
    const service = createLogsService({ logDir: dir });
    const wall = (date: Date) => {
      const hour = date.getHours() % 12 || 12;
      return {
        date: `${String(date.getDate()).padStart(2, '0')}/${String(date.getMonth() + 1).padStart(2, '0')}/${date.getFullYear()}`,
        time: `${hour}:${String(date.getMinutes()).padStart(2, '0')}`,
        period: date.getHours() < 12 ? ('AM' as const) : ('PM' as const),
      };
    };
    const result = await service.read(
      query({
        log_file: 'custom.log',
        time_filter: '5m',
        custom_date_time_range: { fromDateTime: wall(at(120)), toDateTime: wall(at(100)) },
      }),
      NOW,
    );
    expect(result.lines.map((line) => line.split(' - ').at(-1))).toEqual(['end of to minute', 'from minute']);
    expect(result.cutoff_time).toBe(at(120).toISOString());
  });

  it('sees lines appended after the first read and a file rotated into a new one', async () => {
    const service = createLogsService({ logDir: dir, windowBytes: 64, blockBytes: 256 });
    const first = generateLog({ entries: 50, end: NOW - 10 * MINUTE, stepMs: 1000, seed: 3 });
    await writeLog(dir, 'growing.log', first.content);
    const before = await service.read(query({ log_file: 'growing.log', time_filter: 'all' }), NOW);
    await appendFile(
      path.join(dir, 'growing.log'),
      `${logLine(new Date(NOW - MINUTE), 'ERROR', 'appended')}\n  trace\n`,
    );
    const after = await service.read(query({ log_file: 'growing.log', time_filter: 'all' }), NOW);
    expect(after.total_lines_in_file).toBe(before.total_lines_in_file + 2);
    expect(after.filtered_lines).toBe(before.filtered_lines + 1);
    expect(after.lines[0]).toMatch(/ - ERROR - appended\n {2}trace$/);

    await writeLog(dir, 'growing.log', `${logLine(new Date(NOW - MINUTE), 'INFO', 'fresh file')}\n`);
    const rotated = await service.read(query({ log_file: 'growing.log', time_filter: 'all' }), NOW);
    expect(rotated.total_lines_in_file).toBe(1);
    expect(rotated.lines).toEqual([expect.stringContaining('fresh file')]);
  });

  it('reads an empty file and a file with no final newline', async () => {
    await writeLog(dir, 'empty.log', '');
    await writeLog(
      dir,
      'unterminated.log',
      `${logLine(new Date(NOW - 1000), 'INFO', 'a')}\n${logLine(new Date(NOW), 'INFO', 'b')}`,
    );
    const service = createLogsService({ logDir: dir });
    const empty = await service.read(query({ log_file: 'empty.log', time_filter: 'all' }), NOW);
    expect(empty).toMatchObject({ total_lines_in_file: 0, filtered_lines: 0, lines: [] });
    expect(empty.pagination).toMatchObject({ total_pages: 1, has_next: false });
    const open = await service.read(query({ log_file: 'unterminated.log', time_filter: 'all' }), NOW);
    expect(open.total_lines_in_file).toBe(2);
    expect(open.lines).toHaveLength(2);
    expect(open.lines[0]).toMatch(/ - b$/);
  });

  it('lists no files and refuses every name without a log directory', async () => {
    const service = createLogsService({ logDir: undefined });
    expect(await service.listFiles()).toEqual([]);
    await expect(service.read(query({ log_file: 'app.log' }), NOW)).rejects.toMatchObject({ statusCode: 400 });
  });
});
