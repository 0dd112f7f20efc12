import { Configuration, RequestQueue, type Request } from '@crawlee/core';
import { HttpCrawler } from '@crawlee/http';
import { PlaywrightCrawler } from '@crawlee/playwright';
import { chromium } from 'playwright';
import type { CrawlRequest, ProjectSource, ScrapedProject } from '../adapters/project-sources/project-source.ts';
import { parseRetryAfterMs, RETRY_AFTER_MAX_MS } from '../lib/retry-after.ts';
import type { CrawlState } from './crawl-state.ts';
import type { CrawlCounters } from './scraper-progress.ts';
import { Stopwatch } from './scraper-progress.ts';
import type { Pausable, RunControl } from './run-control.ts';

export interface CrawlSettings {
  /** ISO codes of the countries to discover. */
  countries: string[];
  maxProjects: number | undefined;
  /** HTTP crawler concurrency. */
  maxWorkers: number;
  /** Browser pages at once. */
  maxConcurrency: number;
  batchSize: number;
  chromiumPath: string;
}

/** Pages fetched and time spent per crawler, for the processing report and the benchmark. */
export interface CrawlMetrics {
  discoveryPages: number;
  discoveryMs: number;
  httpProjectPages: number;
  /** Wall time the HTTP crawler spent on project pages (pauses excluded). */
  httpMs: number;
  browserProjectPages: number;
  /** Wall time from the first to the last browser page of each stretch of work (pauses excluded). */
  browserMs: number;
  assemblyMs: number;
  retries: number;
  discoveryFailures: { country: string; url: string; reason: string }[];
}

export interface CrawlerDeps {
  source: ProjectSource;
  settings: CrawlSettings;
  state: CrawlState;
  control: RunControl;
  counters: CrawlCounters;
  /** Assembly rate clock: runs only while projects are being fetched. */
  assemblyClock: Stopwatch;
  log: (level: 'info' | 'warn' | 'error', message: string) => void;
}

const MAX_RETRIES = 3;
const BACKOFF_BASE_MS = 500;
const BACKOFF_MAX_MS = 10_000;
const BROWSER_READY_TIMEOUT_MS = 15_000;

/** An answer that must not be retried (404, 401…). */
class PermanentFetchError extends Error {}

/** A 429 (or 503) that said how long to wait. */
class RetryAfterError extends Error {
  readonly retryAfterMs: number;

  constructor(message: string, retryAfterMs: number) {
    super(message);
    this.retryAfterMs = retryAfterMs;
  }
}

/** Discovery then assembly of one run with Crawlee; export is the caller's. */
export class ProjectCrawler {
  readonly metrics: CrawlMetrics = {
    discoveryPages: 0,
    discoveryMs: 0,
    httpProjectPages: 0,
    httpMs: 0,
    browserProjectPages: 0,
    browserMs: 0,
    assemblyMs: 0,
    retries: 0,
    discoveryFailures: [],
  };
  // Crawlee keeps everything in memory: our own CrawlState is what survives a restart.
  private readonly config = new Configuration({ persistStorage: false, purgeOnStart: false, logLevel: 3 });
  private queueNumber = 0;

  private readonly deps: CrawlerDeps;

  constructor(deps: CrawlerDeps) {
    this.deps = deps;
  }

  /** Collects the project ids of every country not yet discovered. */
  async discover(): Promise<void> {
    const { source, settings, state, control, counters } = this.deps;
    counters.phase = 'discovery';
    counters.countriesTotal = settings.countries.length;
    counters.countriesCompleted = settings.countries.filter((country) => state.countriesCompleted.has(country)).length;
    counters.totalGids = state.gids.size;
    const remaining = settings.countries.filter((country) => !state.countriesCompleted.has(country));
    if (remaining.length === 0) return;
    counters.activity = `Discovering projects in ${remaining.length} ${remaining.length === 1 ? 'country' : 'countries'}`;

    const pending = new Map<string, { requests: number; gids: Set<string> }>();
    const seenUrls = new Set<string>();
    const clock = new Stopwatch();
    const settle = (country: string) => {
      const entry = pending.get(country);
      if (!entry) return;
      entry.requests -= 1;
      if (entry.requests > 0) return;
      state.completeCountry(country, entry.gids);
      counters.countriesCompleted += 1;
      counters.totalGids = state.gids.size;
      counters.activity = `Discovered ${entry.gids.size} projects in ${country} (${counters.countriesCompleted}/${counters.countriesTotal} countries)`;
      this.deps.log('info', counters.activity);
    };
    const enqueue = async (
      crawler: { addRequests(requests: CrawleeRequestInput[]): Promise<unknown> },
      country: string,
      requests: CrawlRequest[],
    ) => {
      const fresh = requests.filter((request) => !seenUrls.has(request.url));
      for (const request of fresh) seenUrls.add(request.url);
      const entry = pending.get(country) ?? { requests: 0, gids: new Set<string>() };
      entry.requests += fresh.length;
      pending.set(country, entry);
      await crawler.addRequests(fresh.map((request) => toCrawleeRequest(request, { country })));
    };

    const crawler = new HttpCrawler(
      {
        ...this.httpOptions(settings.maxWorkers, await this.openQueue('discovery')),
        requestHandler: async ({ request, response, body, contentType }) => {
          checkStatus(response.statusCode, response.headers['retry-after']);
          const country = String(request.userData.country);
          const parsed = source.parseDiscovery({
            url: request.url,
            body: body.toString(),
            contentType: contentType.type,
          });
          this.metrics.discoveryPages += 1;
          const entry = pending.get(country);
          for (const gid of parsed.gids) entry?.gids.add(gid);
          counters.totalGids = state.gids.size + [...pending.values()].reduce((sum, e) => sum + e.gids.size, 0);
          await enqueue(crawler, country, parsed.next);
          settle(country);
        },
        failedRequestHandler: ({ request }, error) => {
          const country = String(request.userData.country);
          const reason = describe(error);
          this.metrics.discoveryFailures.push({ country, url: request.url, reason });
          this.deps.log('error', `Discovery of ${country} failed at ${request.url}: ${reason}`);
          settle(country);
        },
      },
      this.config,
    );
    await control.waitWhilePaused();
    if (control.isStopped) return;
    clock.start();
    await control.track(this.pausable(crawler, clock), async () => {
      const first = remaining.map((country) => ({ country, requests: source.discoveryRequests(country) }));
      const run = crawler.run();
      for (const { country, requests } of first) {
        if (requests.length === 0) {
          pending.set(country, { requests: 1, gids: new Set() });
          settle(country);
        } else {
          await enqueue(crawler, country, requests);
        }
      }
      await run;
    });
    clock.stop();
    this.metrics.discoveryMs += clock.elapsedMs();
  }

  /** The project ids this run assembles, in discovery order, cut at max_projects. */
  targetGids(): string[] {
    const all = [...this.deps.state.gids];
    return this.deps.settings.maxProjects === undefined ? all : all.slice(0, this.deps.settings.maxProjects);
  }

  /** Fetches every target project's details in batches; JavaScript-only pages go to the browser. */
  async assemble(): Promise<void> {
    const { settings, state, control, counters, assemblyClock } = this.deps;
    const target = this.targetGids();
    counters.phase = 'assembly';
    counters.projectsTotal = target.length;
    counters.projectsCompleted = target.filter((gid) => state.projects.has(gid)).length;
    counters.projectsFailed = target.filter((gid) => state.failures.has(gid)).length;
    counters.totalBatches = Math.ceil(target.length / settings.batchSize);
    counters.currentBatch = 0;
    const wall = new Stopwatch();

    const browser = await this.createBrowserCrawler();
    let browserRun: Promise<unknown> | undefined;
    try {
      for (let index = 0; index < target.length && !control.isStopped; index += settings.batchSize) {
        const batch = target.slice(index, index + settings.batchSize).filter((gid) => !state.isDone(gid));
        counters.currentBatch = index / settings.batchSize + 1;
        if (batch.length === 0) continue;
        await control.waitWhilePaused();
        if (control.isStopped) break;
        counters.activity = `Assembling batch ${counters.currentBatch} of ${counters.totalBatches} (${batch.length} projects)`;
        this.deps.log('info', counters.activity);
        wall.start();
        assemblyClock.start();
        const needsBrowser = await this.fetchBatchOverHttp(batch);
        await control.waitWhilePaused();
        if (needsBrowser.length > 0 && !control.isStopped) {
          browserRun ??= control.track(this.pausable(browser.crawler, browser.clock), () => browser.crawler.run());
          counters.activity = `Rendering ${needsBrowser.length} JavaScript pages of batch ${counters.currentBatch} in the browser`;
          await browser.add(needsBrowser);
        }
        assemblyClock.stop();
        wall.stop();
      }
    } finally {
      browser.crawler.stop();
      if (browserRun) await browserRun;
      assemblyClock.stop();
      wall.stop();
      this.metrics.assemblyMs += wall.elapsedMs();
      this.metrics.browserMs += browser.clock.elapsedMs();
    }
  }

  private async fetchBatchOverHttp(gids: string[]): Promise<string[]> {
    const { source, control } = this.deps;
    const needsBrowser: string[] = [];
    const clock = new Stopwatch();
    const crawler = new HttpCrawler(
      {
        ...this.httpOptions(this.deps.settings.maxWorkers, await this.openQueue('projects')),
        requestHandler: async ({ request, response, body, contentType }) => {
          checkStatus(response.statusCode, response.headers['retry-after']);
          const gid = String(request.userData.gid);
          const result = source.parseProject(gid, {
            url: request.url,
            body: body.toString(),
            contentType: contentType.type,
          });
          this.metrics.httpProjectPages += 1;
          if (result.kind === 'needs-browser') needsBrowser.push(gid);
          else this.recordProject(result.project);
        },
        failedRequestHandler: ({ request }, error) => this.recordFailure(String(request.userData.gid), error),
      },
      this.config,
    );
    clock.start();
    await control.track(this.pausable(crawler, clock), () =>
      crawler.run(gids.map((gid) => toCrawleeRequest(source.projectRequest(gid), { gid }))),
    );
    clock.stop();
    this.metrics.httpMs += clock.elapsedMs();
    return needsBrowser;
  }

  /** One browser crawler for the whole assembly (kept alive between batches, so Chromium starts once). */
  private async createBrowserCrawler() {
    const { source, settings, control } = this.deps;
    const clock = new Stopwatch();
    let pending = 0;
    let drained: (() => void)[] = [];
    const settle = () => {
      pending -= 1;
      if (pending > 0) return;
      clock.stop();
      const waiters = drained;
      drained = [];
      for (const resolve of waiters) resolve();
    };
    const crawler = new PlaywrightCrawler(
      {
        requestQueue: await this.openQueue('browser'),
        keepAlive: true,
        maxConcurrency: settings.maxConcurrency,
        minConcurrency: settings.maxConcurrency,
        maxRequestRetries: MAX_RETRIES,
        navigationTimeoutSecs: 30,
        requestHandlerTimeoutSecs: 60,
        useSessionPool: false,
        persistCookiesPerSession: false,
        launchContext: {
          launcher: chromium,
          launchOptions: {
            executablePath: settings.chromiumPath,
            headless: true,
            args: [
              '--no-sandbox',
              '--disable-gpu',
              '--disable-dev-shm-usage',
              '--disable-background-networking',
              '--disable-component-update',
              '--disable-sync',
              '--no-first-run',
            ],
          },
        },
        browserPoolOptions: { useFingerprints: false },
        requestHandler: async ({ page, request, response }) => {
          if (response) checkStatus(response.status(), response.headers()['retry-after']);
          await page.waitForSelector(source.browserReadySelector, { timeout: BROWSER_READY_TIMEOUT_MS });
          const gid = String(request.userData.gid);
          const result = source.parseProject(gid, {
            url: request.url,
            body: await page.content(),
            contentType: 'text/html',
          });
          if (result.kind === 'needs-browser') throw new Error('the page did not render its details');
          this.metrics.browserProjectPages += 1;
          this.recordProject(result.project);
          settle();
        },
        errorHandler: async ({ request }, error) => this.backOff(request, error),
        failedRequestHandler: ({ request }, error) => {
          this.recordFailure(String(request.userData.gid), error);
          settle();
        },
      },
      this.config,
    );
    return {
      crawler,
      clock,
      /** Adds pages and resolves once the browser has finished every page given so far. */
      add: async (gids: string[]) => {
        pending += gids.length;
        clock.start();
        const done = new Promise<void>((resolve) => drained.push(resolve));
        await crawler.addRequests(gids.map((gid) => toCrawleeRequest(source.projectRequest(gid), { gid })));
        await Promise.race([done, control.stopped]);
      },
    };
  }

  private recordProject(project: ScrapedProject): void {
    const { state, counters } = this.deps;
    if (state.isDone(project.gid)) return;
    state.addProject(project);
    counters.projectsCompleted += 1;
  }

  private recordFailure(gid: string, error: Error): void {
    const { state, counters } = this.deps;
    if (state.isDone(gid)) return;
    const reason = describe(error);
    state.addFailure(gid, reason);
    counters.projectsFailed += 1;
    this.deps.log('warn', `Project ${gid} failed: ${reason}`);
  }

  private httpOptions(concurrency: number, requestQueue: RequestQueue) {
    return {
      requestQueue,
      maxConcurrency: concurrency,
      // The operator chose the number of workers: use them from the first request instead of ramping up.
      minConcurrency: concurrency,
      maxRequestRetries: MAX_RETRIES,
      navigationTimeoutSecs: 20,
      requestHandlerTimeoutSecs: 30,
      useSessionPool: false,
      persistCookiesPerSession: false,
      additionalMimeTypes: ['application/json'],
      errorHandler: async ({ request }: { request: Request }, error: Error) => this.backOff(request, error),
    };
  }

  /** Waits before a retry: Retry-After when the server said, otherwise exponential backoff with jitter. */
  private async backOff(request: Request, error: Error): Promise<void> {
    if (error instanceof PermanentFetchError) {
      request.noRetry = true;
      return;
    }
    this.metrics.retries += 1;
    const exponential = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** request.retryCount);
    const delay = error instanceof RetryAfterError ? error.retryAfterMs : exponential * (0.5 + Math.random() / 2);
    await sleepUnlessStopped(delay, this.deps.control);
  }

  private async openQueue(purpose: string): Promise<RequestQueue> {
    this.queueNumber += 1;
    return RequestQueue.open(`${purpose}-${this.queueNumber}`, { config: this.config });
  }

  private pausable(crawler: { autoscaledPool?: Pausable }, clock: Stopwatch): Pausable {
    // Paused time counts towards no rate: the clocks running at the pause stop, and run again on resume.
    let stoppedClocks: Stopwatch[] = [];
    return {
      pause: async () => {
        stoppedClocks = [clock, this.deps.assemblyClock].filter((watch) => watch.running);
        for (const watch of stoppedClocks) watch.stop();
        await crawler.autoscaledPool?.pause();
      },
      resume: () => {
        for (const watch of stoppedClocks) watch.start();
        stoppedClocks = [];
        crawler.autoscaledPool?.resume();
      },
      abort: async () => {
        await crawler.autoscaledPool?.abort();
      },
    };
  }
}

type CrawleeRequestInput = ReturnType<typeof toCrawleeRequest>;

function toCrawleeRequest(request: CrawlRequest, userData: Record<string, string>) {
  return { url: request.url, uniqueKey: request.url, headers: request.headers, userData };
}

/** Turns an HTTP status into the error the retry policy needs; 2xx and 3xx pass. */
function checkStatus(status: number | undefined, retryAfter: string | string[] | undefined): void {
  if (status === undefined || status < 400) return;
  if (status === 429 || status === 503) {
    const waitMs = parseRetryAfterMs(retryAfter, { maxMs: RETRY_AFTER_MAX_MS });
    if (waitMs !== undefined)
      throw new RetryAfterError(`HTTP ${status}, retry after ${Math.round(waitMs / 1000)} s`, waitMs);
    throw new Error(`HTTP ${status}`);
  }
  if (status >= 500) throw new Error(`HTTP ${status}`);
  throw new PermanentFetchError(`HTTP ${status}`);
}

function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0]?.slice(0, 300) ?? 'unknown error';
}

async function sleepUnlessStopped(ms: number, control: RunControl): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until && !control.isStopped) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(200, until - Date.now())));
  }
}
