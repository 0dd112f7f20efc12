import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { formatLogLine, type LogLevelName } from '../src/logging.ts';

// Generated log files and a deliberately naive reading of them (split everything into entries in memory),
// which the streaming implementation must agree with.

const LEVEL_RANKS: Record<string, number> = { DEBUG: 1, INFO: 2, WARNING: 3, WARN: 3, ERROR: 4, CRITICAL: 5, FATAL: 5 };

/** One entry line in the app's format. */
export const logLine = (date: Date, level: LogLevelName, message: string, logger = 'app') =>
  formatLogLine(date, logger, level, message);

/** A small deterministic random number generator, so a failing case can be replayed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x1_0000_0000;
  };
}

export interface GeneratedLog {
  content: string;
  /** Epoch ms of the first and last entries. */
  first: number;
  last: number;
}

/**
 * A log of `entries` entries one `stepMs` apart (some sharing a timestamp), ending at `end`: mixed levels,
 * stack traces under some errors, the odd search word, and optionally untimestamped lines at the top.
 */
export function generateLog(options: {
  entries: number;
  end: number;
  stepMs: number;
  seed: number;
  leadingLines?: number;
  longLineEvery?: number;
}): GeneratedLog {
  const random = seededRandom(options.seed);
  const levels: LogLevelName[] = ['DEBUG', 'INFO', 'INFO', 'INFO', 'WARNING', 'ERROR', 'CRITICAL'];
  const loggers = ['server', 'http', 'jobs', 'news-fetch', 'scraper'];
  const words = ['assay', 'Drill', 'tailings', 'COPPER', 'lithium', 'smelter', 'ünïcode', 'ore - ERROR - grade'];
  const lines: string[] = [];
  for (let i = 0; i < (options.leadingLines ?? 0); i++) lines.push(`preamble line ${i} without a timestamp`);
  let time = options.end - options.entries * options.stepMs;
  const first = time + options.stepMs;
  for (let i = 0; i < options.entries; i++) {
    if (random() > 0.2) time += options.stepMs; // some entries share a timestamp
    const level = levels[Math.floor(random() * levels.length)] ?? 'INFO';
    const logger = loggers[Math.floor(random() * loggers.length)] ?? 'app';
    const word = words[Math.floor(random() * words.length)] ?? '';
    let message = `event ${i} about ${word} #${Math.floor(random() * 1000)}`;
    if (options.longLineEvery && i % options.longLineEvery === 0) message += ` ${'x'.repeat(3000)}`;
    lines.push(logLine(new Date(time), level, message, logger));
    if (level === 'ERROR' || level === 'CRITICAL') {
      const frames = Math.floor(random() * 4);
      for (let f = 0; f < frames; f++) lines.push(`    at step${f} (/srv/app/${word}.ts:${f + 1}:7)`);
    }
  }
  return { content: `${lines.join('\n')}\n`, first, last: time };
}

export async function writeLog(dir: string, name: string, content: string): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, content);
  return file;
}

interface ReferenceEntry {
  text: string;
  time: number | undefined;
  rank: number;
}

const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2}),(\d{3})/;

function timeOf(line: string): number | undefined {
  const match = TIMESTAMP.exec(line);
  if (!match) return undefined;
  const [year, month, day, hour, minute, second, ms] = match.slice(1).map(Number) as number[];
  if (month === undefined || month < 1 || month > 12 || (day ?? 0) < 1 || (day ?? 0) > 31) return Number.NaN;
  if ((hour ?? 0) > 23 || (minute ?? 0) > 59 || (second ?? 0) > 59) return Number.NaN;
  return new Date(year ?? 0, month - 1, day, hour, minute, second, ms).getTime();
}

/** Every entry of a log, the slow and obvious way. */
export function referenceEntries(content: string): ReferenceEntry[] {
  const lines = content.endsWith('\n') ? content.slice(0, -1).split('\n') : content.split('\n');
  if (content === '') return [];
  const entries: ReferenceEntry[] = [];
  let seenTimestamp = false;
  for (const line of lines) {
    const time = timeOf(line);
    if (time !== undefined || !seenTimestamp) {
      if (time !== undefined) seenTimestamp = true;
      const level = time === undefined ? undefined : /^.{23} - .*? - (.*?) - /.exec(line)?.[1];
      entries.push({ text: line, time, rank: (level && LEVEL_RANKS[level]) || 0 });
    } else {
      const last = entries.at(-1);
      if (last) last.text += `\n${line}`;
    }
  }
  return entries;
}

/** What one page of a read should return, computed from referenceEntries. */
export function referenceRead(
  content: string,
  query: { from?: number; to?: number; minRank: number; searchTerm: string; page: number; pageSize: number },
): { total: number; lines: string[] } {
  const term = query.searchTerm.toLowerCase();
  const kept = referenceEntries(content).filter((entry) => {
    if (query.from !== undefined && !(entry.time !== undefined && entry.time >= query.from)) return false;
    if (query.to !== undefined && !(entry.time !== undefined && entry.time < query.to)) return false;
    if (query.minRank > 0 && entry.rank < query.minRank) return false;
    return !term || entry.text.toLowerCase().includes(term);
  });
  const last = Math.max(0, kept.length - (query.page - 1) * query.pageSize);
  const first = Math.max(0, last - query.pageSize);
  return { total: kept.length, lines: kept.slice(first, last).map((entry) => entry.text) };
}
