import { execFile } from 'node:child_process';
import { link, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { prepareBenchLog } from './lib/log-file-generator.ts';
import { printFigure, signIn, startServer, type BenchServer } from './lib/server.ts';

/**
 * The System Logs screen on a 1 GiB log (about 8 million lines over 30 days, stack traces under errors):
 * the newest page with the 1h filter, a search for a rare term over the whole file beside `grep -c -F` on
 * the same file in the same run, the steps of an operator's journey, and the server's peak memory meanwhile.
 */

const TOTAL_BYTES = 1024 ** 3;
const TAIL_BYTES = 1_500_000; // about one hour of a 1 GiB, 30-day log
const RARE_TERM = 'tailings-dam-alarm-7731';
const RARE_COUNT = 50;
const NEWEST_PAGE_RUNS = 20;
const SEARCH_RUNS = 3;
const GOALS = { newestPageMs: 50, grepSpeedRatio: 0.5, memoryMb: 100, journeyMs: 1000 };

const LOG_NAME = 'bench-1gib.log';
const run = promisify(execFile);

/** A read request without the file name (always the generated log). */
interface ReadBody {
  time_filter?: string;
  search_term?: string;
  log_level?: string;
  custom_date_time_range?: unknown;
  page?: number;
  page_size?: number;
}

interface ReadData {
  total_lines_in_file: number;
  filtered_lines: number;
  lines: string[];
  pagination: { total_pages: number; current_page: number };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1] ?? 0;

async function timedRead(server: BenchServer, cookie: string, body: ReadBody): Promise<{ ms: number; data: ReadData }> {
  const started = performance.now();
  const response = await fetch(`${server.origin}/api/v1/logs/read`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.origin, cookie },
    body: JSON.stringify({ log_file: LOG_NAME, ...body }),
  });
  const payload = (await response.json()) as { data: ReadData; detail?: string };
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`read answered ${response.status}: ${payload.detail}`);
  return { ms, data: payload.data };
}

/** Resident memory of a process in MB, from /proc (Linux). */
async function residentMb(pid: number, field: 'VmRSS' | 'VmHWM'): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
  return match ? Number(match[1]) / 1024 : 0;
}

/** Samples the resident size every few ms; VmHWM (reset first when the kernel lets us) backs it up. */
function watchMemory(pid: number) {
  let peak = 0;
  let running = true;
  const sampling = (async () => {
    while (running) {
      peak = Math.max(peak, await residentMb(pid, 'VmRSS'));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  return {
    async stop(hwmWasReset: boolean): Promise<number> {
      running = false;
      await sampling;
      return hwmWasReset ? Math.max(peak, await residentMb(pid, 'VmHWM')) : peak;
    },
  };
}

/** DD/MM/YYYY, HH:MM and AM/PM of a moment in this machine's zone (the server's too). */
function wall(time: number) {
  const date = new Date(time);
  const pad = (value: number) => String(value).padStart(2, '0');
  return {
    date: `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`,
    time: `${pad(date.getHours() % 12 || 12)}:${pad(date.getMinutes())}`,
    period: date.getHours() < 12 ? 'AM' : 'PM',
  };
}

async function main(): Promise<void> {
  const cacheDir = path.join(os.tmpdir(), 'mh-bench-logs');
  await mkdir(cacheDir, { recursive: true });
  const preparing = performance.now();
  const log = prepareBenchLog({
    path: path.join(cacheDir, LOG_NAME),
    totalBytes: TOTAL_BYTES,
    tailBytes: TAIL_BYTES,
    rareTerm: RARE_TERM,
    rareCount: RARE_COUNT,
    now: Date.now(),
  });
  const prepared = (performance.now() - preparing) / 1000;
  console.log(`${log.generated ? 'generated' : 'reused'} ${log.path} (${log.size} bytes) in ${prepared.toFixed(1)} s`);

  // A LOG_DIR of its own holding a hard link to the big file (the server refuses symlinks leading out).
  const logDir = await mkdtemp(path.join(os.tmpdir(), 'mh-bench-logdir-'));
  await link(log.path, path.join(logDir, LOG_NAME));
  const server = await startServer({ env: { LOG_DIR: logDir } });
  try {
    const cookie = await signIn(server);
    const pid = server.pid;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const idleMb = await residentMb(pid, 'VmRSS');
    let hwmWasReset = true;
    try {
      await writeFile(`/proc/${pid}/clear_refs`, '5'); // resets VmHWM to the current size
    } catch {
      hwmWasReset = false;
    }
    const memory = watchMemory(pid);

    // The first read indexes the file (line count, entry offsets); every later one reuses the index.
    const cold = await timedRead(server, cookie, { time_filter: '1h' });
    printFigure('logs first read (indexes 1 GiB)', cold.ms, 'ms', `(${cold.data.total_lines_in_file} lines)`);

    for (let i = 0; i < 3; i++) await timedRead(server, cookie, { time_filter: '1h' }); // warm-up
    const newest: number[] = [];
    let newestData = cold.data;
    for (let i = 0; i < NEWEST_PAGE_RUNS; i++) {
      const { ms, data } = await timedRead(server, cookie, { time_filter: '1h' });
      newest.push(ms);
      newestData = data;
    }
    const newestMedian = median(newest);
    printFigure(
      'logs newest page, 1h filter',
      newestMedian,
      'ms',
      `median of ${NEWEST_PAGE_RUNS}, ${newestData.lines.length} of ${newestData.filtered_lines} entries (goal < ${GOALS.newestPageMs}${newestMedian < GOALS.newestPageMs ? '' : ', MISSED'})`,
    );
    printFigure('logs newest page, 1h filter', p95(newest), 'p95 ms');

    // The rare term over the whole file, each time in another letter case so no cached result is reused.
    const ours: number[] = [];
    const grep: number[] = [];
    for (let i = 0; i < SEARCH_RUNS; i++) {
      const term = RARE_TERM.slice(0, i) + RARE_TERM.charAt(i).toUpperCase() + RARE_TERM.slice(i + 1);
      const { ms, data } = await timedRead(server, cookie, { time_filter: 'all', search_term: term, page_size: 100 });
      if (data.filtered_lines !== RARE_COUNT) throw new Error(`search found ${data.filtered_lines}, not ${RARE_COUNT}`);
      ours.push(ms);
      const started = performance.now();
      const { stdout } = await run('grep', ['-c', '-F', RARE_TERM, log.path]);
      grep.push(performance.now() - started);
      if (Number(stdout.trim()) !== RARE_COUNT) throw new Error(`grep counted ${stdout.trim()}, not ${RARE_COUNT}`);
    }
    const oursMs = median(ours);
    const grepMs = median(grep);
    printFigure('logs full-file search (case-insensitive)', oursMs, 'ms', `median of ${SEARCH_RUNS}`);
    printFigure('logs grep -c -F, same file', grepMs, 'ms', `median of ${SEARCH_RUNS}`);
    const ratio = grepMs / oursMs;
    printFigure(
      'logs search speed vs grep',
      ratio,
      'ratio',
      `(goal >= ${GOALS.grepSpeedRatio}${ratio >= GOALS.grepSpeedRatio ? '' : ', MISSED'})`,
    );

    // The operator's journey from the issue, each step timed once.
    const week = {
      fromDateTime: wall(Date.now() - 7 * 24 * 3_600_000),
      toDateTime: wall(Date.now()),
    };
    const steps: [string, ReadBody][] = [
      ['ERROR in the last hour', { time_filter: '1h', log_level: 'ERROR' }],
      ['+ search a term', { time_filter: '1h', log_level: 'ERROR', search_term: 'step3 (' }],
      ['custom range, last 7 days', { custom_date_time_range: week, log_level: 'ERROR', search_term: 'step3 (' }],
    ];
    const journey: [string, number][] = [];
    let rangePages = 1;
    for (const [name, body] of steps) {
      const { ms, data } = await timedRead(server, cookie, body);
      journey.push([name, ms]);
      rangePages = data.pagination.total_pages;
    }
    const lastPage = await timedRead(server, cookie, { ...steps[2]?.[1], page: rangePages });
    journey.push([`its last page (${rangePages})`, lastPage.ms]);
    for (const [name, ms] of journey) {
      printFigure(`logs journey: ${name}`, ms, 'ms', ms < GOALS.journeyMs ? '' : `(goal < ${GOALS.journeyMs}, MISSED)`);
    }

    const peakMb = await memory.stop(hwmWasReset);
    const growth = peakMb - idleMb;
    printFigure('logs server memory, idle', idleMb, 'MB');
    printFigure(
      'logs server memory, peak above idle',
      growth,
      'MB',
      `(goal < ${GOALS.memoryMb}${growth < GOALS.memoryMb ? '' : ', MISSED'})`,
    );
  } finally {
    await server.stop();
    await rm(logDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error('logs failed:', error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
