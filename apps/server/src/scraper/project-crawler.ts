import { Configuration, RequestQueue, type Request } from '@crawlee/core';
import { HttpCrawler } from '@crawlee/http';
import { SCRAPER_SKIPPED_PAGES_LISTED } from '@mining-hub/contract/scraper';
import type {
  CrawlRequest,
  CrawlResponse,
  ProjectSource,
  ScrapedProject,
} from '../adapters/project-sources/project-source.ts';
import { BrowserLane } from './browser-lane.ts';
import type { CrawlState } from './crawl-state.ts';
import {
  checkStatus,
  describe,
  MAX_RETRIES,
  PermanentFetchError,
  RetryAfterError,
  sleepUnlessStopped,
  toCrawleeRequest,
  type CrawleeRequestInput,
} from './crawl-requests.ts';
import type { CrawlCounters } from './scraper-progress.ts';
import { Stopwatch } from './scraper-progress.ts';
import { pausableCrawler, type CrawleeCrawler, type Pausable, type RunControl } from './run-control.ts';

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
  /** Data that script-rendered pages name (their contacts' JSON), fetched over HTTP instead of in a browser. */
  httpDataRequests: number;
  /** Wall time the HTTP crawler spent on project pages and their data (pauses excluded). */
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

const BACKOFF_BASE_MS = 500;
const BACKOFF_MAX_MS = 10_000;

/** A run's crawl figures before it has crawled anything. */
export function emptyCrawlMetrics(): CrawlMetrics {
  return {
    discoveryPages: 0,
    discoveryMs: 0,
    httpProjectPages: 0,
    httpDataRequests: 0,
    httpMs: 0,
    browserProjectPages: 0,
    browserMs: 0,
    assemblyMs: 0,
    retries: 0,
    discoveryFailures: [],
  };
}

/** Discovery then assembly of one run with Crawlee; export is the caller's. */
export class ProjectCrawler {
  readonly metrics: CrawlMetrics = emptyCrawlMetrics();
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

  /**
   * Fetches every target project's details in batches over HTTP; only pages that render with a script and
   * name no data the HTTP crawler can read go to the browser, and are skipped when there is none.
   */
  async assemble(): Promise<void> {
    const { settings, state, control, counters, assemblyClock } = this.deps;
    const target = this.targetGids();
    counters.phase = 'assembly';
    counters.projectsTotal = target.length;
    counters.projectsCompleted = target.filter((gid) => state.projects.has(gid)).length;
    counters.projectsFailed = target.filter((gid) => state.failures.has(gid)).length;
    const skipped = target.flatMap((gid) => state.skipped.get(gid) ?? []);
    counters.projectsSkipped = skipped.length;
    counters.skippedPages = skipped.slice(0, SCRAPER_SKIPPED_PAGES_LISTED);
    counters.totalBatches = Math.ceil(target.length / settings.batchSize);
    counters.currentBatch = 0;
    const wall = new Stopwatch();

    const browser = new BrowserLane({
      source: this.deps.source,
      chromiumPath: settings.chromiumPath,
      maxConcurrency: settings.maxConcurrency,
      control,
      config: this.config,
      openQueue: (purpose) => this.openQueue(purpose),
      backOff: (request, error) => this.backOff(request, error),
      pausable: (crawler, clock) => this.pausable(crawler, clock),
      rendered: (project) => {
        this.metrics.browserProjectPages += 1;
        this.recordProject(project);
      },
      failed: (gid, error) => this.recordFailure(gid, error),
      skipped: (gid, url, reason) => this.recordSkip(gid, url, reason),
      log: this.deps.log,
    });
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
          const pages = `${needsBrowser.length} JavaScript pages of batch ${counters.currentBatch}`;
          const noBrowser = browser.unavailableReason;
          counters.activity = noBrowser ? `Skipping ${pages}: ${noBrowser}` : `Rendering ${pages} in the browser`;
          await browser.render(needsBrowser);
        }
        assemblyClock.stop();
        wall.stop();
      }
    } finally {
      await browser.close();
      assemblyClock.stop();
      wall.stop();
      this.metrics.assemblyMs += wall.elapsedMs();
      this.metrics.browserMs += browser.clock.elapsedMs();
    }
  }

  /** One batch over HTTP (with the data script-rendered pages name); returns the pages that need a browser. */
  private async fetchBatchOverHttp(gids: string[]): Promise<string[]> {
    const { source, control } = this.deps;
    const needsBrowser = new Set<string>();
    // Pages whose data is on its way, kept until it lands.
    const awaitingData = new Map<string, CrawlResponse>();
    const clock = new Stopwatch();
    const crawler = new HttpCrawler(
      {
        ...this.httpOptions(this.deps.settings.maxWorkers, await this.openQueue('projects')),
        requestHandler: async ({ request, response, body, contentType }) => {
          checkStatus(response.statusCode, response.headers['retry-after']);
          const gid = String(request.userData.gid);
          const answer = { url: request.url, body: body.toString(), contentType: contentType.type };
          if (request.userData.part === 'data') {
            const page = awaitingData.get(gid);
            if (!page || !source.parseProjectData) throw new PermanentFetchError(`no page waits for ${request.url}`);
            const project = source.parseProjectData(gid, page, answer);
            this.metrics.httpDataRequests += 1;
            this.recordProject(project);
            awaitingData.delete(gid);
            return;
          }
          const result = source.parseProject(gid, answer);
          this.metrics.httpProjectPages += 1;
          if (result.kind === 'needs-browser') needsBrowser.add(gid);
          else if (result.kind === 'project') this.recordProject(result.project);
          else {
            awaitingData.set(gid, answer);
            await crawler.addRequests([toCrawleeRequest(result.request, { gid, part: 'data' })]);
          }
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
    // In the batch's order, whatever order the answers came in.
    return gids.filter((gid) => needsBrowser.has(gid));
  }

  private recordProject(project: ScrapedProject): void {
    const { state, counters } = this.deps;
    if (state.isDone(project.gid)) return;
    state.addProject(project);
    counters.projectsCompleted += 1;
  }

  private recordSkip(gid: string, url: string, reason: string): void {
    const { state, counters } = this.deps;
    if (state.isDone(gid)) return;
    state.addSkipped({ gid, url, reason });
    counters.projectsSkipped += 1;
    if (counters.skippedPages.length < SCRAPER_SKIPPED_PAGES_LISTED) counters.skippedPages.push({ gid, url, reason });
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

  private pausable(crawler: CrawleeCrawler, clock: Stopwatch): Pausable {
    // Paused time counts towards no rate: the clocks running at the pause stop, and run again on resume.
    let stoppedClocks: Stopwatch[] = [];
    return pausableCrawler(crawler, {
      onPause: () => {
        stoppedClocks = [clock, this.deps.assemblyClock].filter((watch) => watch.running);
        for (const watch of stoppedClocks) watch.stop();
      },
      onResume: () => {
        for (const watch of stoppedClocks) watch.start();
        stoppedClocks = [];
      },
    });
  }
}
