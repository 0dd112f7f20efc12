import { mkdtemp, open, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logLine, writeLog } from '../../../test/log-fixtures.ts';
import { candidateRegExp, scanEntries, type EntryScan } from './log-entry-scanner.ts';

const T = new Date(2026, 10, 22, 9, 0, 0).getTime();
const at = (seconds: number) => new Date(T + seconds * 1000);

const CONTENT = `${[
  'preamble without a timestamp',
  logLine(at(1), 'DEBUG', 'cache warmed', 'jobs'),
  logLine(at(2), 'INFO', 'Fetched 12 articles about COPPER', 'news'),
  logLine(at(3), 'WARNING', 'slow answer from the CRM', 'crm'),
  logLine(at(4), 'ERROR', 'push failed', 'crm'),
  '    at push (/srv/app/crm.ts:10:3)',
  '    at copper-lookup (/srv/app/lookup.ts:4:1)',
  logLine(at(5), 'INFO', 'upstream said " - ERROR - " but we recovered', 'http'),
  logLine(at(6), 'CRITICAL', 'database unreachable: Zürich node', 'db'),
  '    at connect (/srv/app/db.ts:1:1)',
  logLine(at(7), 'INFO', 'ZÜRICH node back', 'db'),
].join('\n')}\n`;

let dir: string;
let file: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'mh-scanner-'));
  file = await writeLog(dir, 'scan.log', CONTENT);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function kept(filter: Partial<EntryScan>, windowBytes = 1024): Promise<string[]> {
  const handle = await open(file);
  try {
    const texts: string[] = [];
    const bytes = Buffer.from(CONTENT);
    const firstTimestamp = bytes.indexOf('2026-');
    await scanEntries(
      handle,
      { from: 0, to: bytes.length, firstTimestamp, minRank: 0, searchTerm: '', windowBytes, ...filter },
      (start, end) => void texts.push(bytes.toString('utf8', start, end).trimEnd()),
    );
    return texts;
  } finally {
    await handle.close();
  }
}

const messages = (texts: string[]) =>
  texts.map((text) => text.split('\n')[0]?.split(' - ').slice(3).join(' - ') ?? text);

describe.each([3, 40, 1024])('scanEntries (window %i)', (windowBytes) => {
  it('keeps every entry, stack traces attached, with no filter', async () => {
    const texts = await kept({}, windowBytes);
    expect(texts).toHaveLength(8);
    expect(texts[0]).toBe('preamble without a timestamp');
    expect(texts[4]).toMatch(/push failed\n {4}at push .*\n {4}at copper-lookup/);
  });

  it('keeps a level and the more severe ones, by the level field and not the message', async () => {
    expect(messages(await kept({ minRank: 4 }, windowBytes))).toEqual([
      'push failed',
      'database unreachable: Zürich node',
    ]);
    expect(messages(await kept({ minRank: 3 }, windowBytes))).toEqual([
      'slow answer from the CRM',
      'push failed',
      'database unreachable: Zürich node',
    ]);
    expect(await kept({ minRank: 1 }, windowBytes)).toHaveLength(7); // the preamble has no level
    expect(await kept({ minRank: 5 }, windowBytes)).toHaveLength(1);
  });

  it('searches case-insensitively for a literal, in stack traces too, counting each entry once', async () => {
    expect(messages(await kept({ searchTerm: 'copper' }, windowBytes))).toEqual([
      'Fetched 12 articles about COPPER',
      'push failed',
    ]);
    expect(messages(await kept({ searchTerm: 'zürich' }, windowBytes))).toEqual([
      'database unreachable: Zürich node',
      'ZÜRICH node back',
    ]);
    expect(await kept({ searchTerm: '(/srv/app/' }, windowBytes)).toHaveLength(2);
    expect(await kept({ searchTerm: '.*' }, windowBytes)).toEqual([]);
    expect(messages(await kept({ searchTerm: 'node', minRank: 5 }, windowBytes))).toEqual([
      'database unreachable: Zürich node',
    ]);
  });

  it('stops when the visitor says so', async () => {
    const handle = await open(file);
    try {
      const starts: number[] = [];
      await scanEntries(
        handle,
        { from: 0, to: Buffer.byteLength(CONTENT), firstTimestamp: 29, minRank: 0, searchTerm: 'node', windowBytes },
        (start) => starts.push(start) < 1,
      );
      expect(starts).toHaveLength(1);
    } finally {
      await handle.close();
    }
  });
});

describe('candidateRegExp', () => {
  it('jumps between candidates for a search or a high level, and walks lines otherwise', () => {
    expect(candidateRegExp({ minRank: 0, searchTerm: 'a.b' })?.source).toBe('a\\.b');
    expect(candidateRegExp({ minRank: 4, searchTerm: '' })?.source).toBe(' - (?:ERROR|CRITICAL|FATAL) - ');
    expect(candidateRegExp({ minRank: 2, searchTerm: '' })).toBeUndefined();
    expect(candidateRegExp({ minRank: 0, searchTerm: '' })).toBeUndefined();
  });
});
