import { readFile } from 'node:fs/promises';
import { printFigure, signIn, startServer, type BenchServer } from './lib/server.ts';

/**
 * The scraper's test mode on the demo directory with the default settings (2 workers, 1 browser page,
 * batches of 50), as an admin starts it: total seconds from Start to completed, project pages per
 * minute of the HTTP crawler (and of the browser crawler when a run renders pages in it; the demo
 * directory's need none), from the processing report, the child's peak memory; beside them, in the same run, plain `fetch` of the same project pages at the same
 * concurrency with no crawler and no parsing (the ideal bound for the HTTP crawler).
 */

const GOALS = { totalSeconds: 30, httpPagesPerMinute: 500 };
const SETTINGS = { mode: 'test', max_workers: 2, max_concurrency: 1, batch_size: 50 };

interface Progress {
  status: string;
  projects_completed: number;
  projects_failed: number;
}

async function api<T>(server: BenchServer, cookie: string, method: string, url: string, body?: object): Promise<T> {
  const response = await fetch(`${server.origin}/api/v1/scraper${url}`, {
    method,
    headers: { origin: server.origin, cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const payload = (await response.json()) as T & { detail?: string };
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${payload.detail}`);
  return payload;
}

/** Peak resident memory of a process, read from /proc until it exits. */
function watchPeakMemory(pid: number) {
  let peakMb = 0;
  let running = true;
  const sampling = (async () => {
    while (running) {
      try {
        const status = await readFile(`/proc/${pid}/status`, 'utf8');
        const match = /^VmHWM:\s+(\d+) kB/m.exec(status);
        if (match) peakMb = Math.max(peakMb, Number(match[1]) / 1024);
      } catch {
        return; // exited
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  return async () => {
    running = false;
    await sampling;
    return peakMb;
  };
}

/** Fetches every URL with `concurrency` requests at a time; returns pages per minute. */
async function plainFetch(urls: string[], concurrency: number): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < urls.length) {
        const url = urls[next++];
        if (url) await (await fetch(url)).text();
      }
    }),
  );
  return (urls.length / (performance.now() - started)) * 60_000;
}

async function main(): Promise<void> {
  const server = await startServer();
  try {
    const cookie = await signIn(server);
    const started = performance.now();
    const start = await api<{ data: { pid: number | null } }>(server, cookie, 'POST', '/start', SETTINGS);
    const pid = start.data.pid;
    if (pid === null) throw new Error('the scraper started without a child pid');
    const peakMemory = watchPeakMemory(pid);
    let progress: Progress;
    for (;;) {
      progress = (await api<{ data: Progress }>(server, cookie, 'GET', '/progress')).data;
      if (progress.status !== 'running') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const totalSeconds = (performance.now() - started) / 1000;
    const peakMb = await peakMemory();
    if (progress.status !== 'completed') throw new Error(`the run ended ${progress.status}`);

    const outputs = (
      await api<{ data: Record<'json' | 'reports', { name: string }[]> }>(server, cookie, 'GET', '/outputs')
    ).data;
    const download = async <T>(type: string, name: string | undefined): Promise<T> =>
      (
        await fetch(`${server.origin}/api/v1/scraper/download/${type}/${name}`, { headers: { cookie } })
      ).json() as Promise<T>;
    const report = await download<{
      phases: {
        assembly: {
          http_pages: number;
          http_data_requests: number;
          browser_pages: number;
          http_pages_per_minute: number;
          browser_pages_per_minute: number | null;
        };
      };
    }>('reports', outputs.reports[0]?.name);
    const crm = await download<{ companies: { projects: { source_url: string }[] }[] }>('json', outputs.json[0]?.name);
    const urls = crm.companies.flatMap((company) => company.projects.map((project) => project.source_url));
    const baseline = await plainFetch(urls, SETTINGS.max_workers);
    const { assembly } = report.phases;

    console.log(
      `test mode: ${progress.projects_completed} projects (${progress.projects_failed} failed); ${assembly.http_pages} HTTP project pages (+${assembly.http_data_requests} contact data requests) and ${assembly.browser_pages} browser pages`,
    );
    printFigure(
      'test mode total',
      totalSeconds,
      's',
      `goal < ${GOALS.totalSeconds} s: ${totalSeconds < GOALS.totalSeconds ? 'met' : 'MISSED'}`,
    );
    printFigure(
      'HTTP crawler project pages',
      assembly.http_pages_per_minute,
      'pages/min',
      `2 workers; goal >= ${GOALS.httpPagesPerMinute}/min per core: ${assembly.http_pages_per_minute >= GOALS.httpPagesPerMinute ? 'met' : 'MISSED'}`,
    );
    printFigure('  baseline: plain fetch, same pages', baseline, 'pages/min', '2 at a time, no crawler, no parsing');
    // The demo directory needs no browser (its JavaScript-only pages name their data): only a run that rendered pages has a rate.
    if (assembly.browser_pages_per_minute !== null) {
      printFigure(
        'browser crawler project pages',
        assembly.browser_pages_per_minute,
        'pages/min',
        '1 browser page at a time',
      );
    }
    printFigure('scraper child peak memory', peakMb, 'MB', 'resident, Chromium not included');
  } finally {
    await server.stop();
  }
}

await main();
