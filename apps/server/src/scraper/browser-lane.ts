import type { Configuration, Request, RequestQueue } from '@crawlee/core';
import type { PlaywrightCrawler } from '@crawlee/playwright';
import { CHROMIUM_INSTALL_HINT, chromiumProblem } from '../adapters/chromium.ts';
import type { ProjectSource, ScrapedProject } from '../adapters/project-sources/project-source.ts';
import { checkStatus, describe, MAX_RETRIES, toCrawleeRequest } from './crawl-requests.ts';
import type { CrawleeCrawler, Pausable, RunControl } from './run-control.ts';
import { Stopwatch } from './scraper-progress.ts';

const BROWSER_READY_TIMEOUT_MS = 15_000;
/** A Chromium that neither starts nor fails must not hold the run up. */
const BROWSER_LAUNCH_TIMEOUT_MS = 15_000;

export interface BrowserLaneDeps {
  source: ProjectSource;
  chromiumPath: string;
  /** Browser pages at once. */
  maxConcurrency: number;
  control: RunControl;
  config: Configuration;
  openQueue(purpose: string): Promise<RequestQueue>;
  /** The retry policy the HTTP crawler uses too. */
  backOff(request: Request, error: Error): Promise<void>;
  /** What pause, resume and stop act on, with the clocks to hold while paused. */
  pausable(crawler: CrawleeCrawler, clock: Stopwatch): Pausable;
  rendered(project: ScrapedProject): void;
  failed(gid: string, error: Error): void;
  skipped(gid: string, url: string, reason: string): void;
  log(level: 'info' | 'warn' | 'error', message: string): void;
}

/**
 * The project pages that need a script, rendered in Chromium by one crawler kept alive for the whole
 * assembly (so Chromium starts once). The browser is looked for only when a page first needs it; when it
 * is not there or does not start, those pages and every later one are skipped with the reason, and the
 * run goes on with the rest.
 */
export class BrowserLane {
  /** Wall time from the first to the last page of each stretch of work (pauses excluded). */
  readonly clock = new Stopwatch();
  private readonly deps: BrowserLaneDeps;
  private unavailable: string | undefined;
  private crawler: PlaywrightCrawler | undefined;
  private running: Promise<void> | undefined;
  /** Pages handed to the browser and not done yet. */
  private readonly waiting = new Set<string>();
  private drained: (() => void)[] = [];

  constructor(deps: BrowserLaneDeps) {
    this.deps = deps;
  }

  /** Why no page can be rendered in this run, once that is known. */
  get unavailableReason(): string | undefined {
    return this.unavailable;
  }

  /** Renders the pages; resolves once each is done, failed or skipped (or the run is stopped). */
  async render(gids: string[]): Promise<void> {
    const { chromiumPath, control } = this.deps;
    if (!this.crawler && this.unavailable === undefined) {
      const problem = await chromiumProblem(chromiumPath);
      if (problem !== null) this.giveUp(problem);
    }
    if (this.unavailable !== undefined) {
      for (const gid of gids) this.skip(gid);
      return;
    }
    const crawler = (this.crawler ??= await this.createCrawler());
    // Crawlee rejects the run when Chromium does not launch (a broken or foreign executable, a timeout).
    this.running ??= control
      .track(this.deps.pausable(crawler, this.clock), () => crawler.run())
      .then(
        () => undefined,
        (error: unknown) => this.giveUp(`Chromium at ${chromiumPath} could not be started (${launchFailure(error)})`),
      );
    for (const gid of gids) this.waiting.add(gid);
    this.clock.start();
    const done = new Promise<void>((resolve) => this.drained.push(resolve));
    await crawler.addRequests(gids.map((gid) => toCrawleeRequest(this.deps.source.projectRequest(gid), { gid })));
    await Promise.race([done, control.stopped]);
  }

  /** Stops the crawler (and its Chromium) and waits for it. */
  async close(): Promise<void> {
    if (this.crawler) {
      this.crawler.stop();
      await this.running;
    }
    this.clock.stop();
  }

  private async createCrawler(): Promise<PlaywrightCrawler> {
    const { source, maxConcurrency, chromiumPath } = this.deps;
    // Playwright and Crawlee's browser crawler (about 1 s to load) only for a run that meets such a page.
    const [{ PlaywrightCrawler }, { chromium }] = await Promise.all([
      import('@crawlee/playwright'),
      import('playwright'),
    ]);
    return new PlaywrightCrawler(
      {
        requestQueue: await this.deps.openQueue('browser'),
        keepAlive: true,
        maxConcurrency,
        minConcurrency: maxConcurrency,
        maxRequestRetries: MAX_RETRIES,
        navigationTimeoutSecs: 30,
        requestHandlerTimeoutSecs: 60,
        useSessionPool: false,
        persistCookiesPerSession: false,
        launchContext: {
          launcher: chromium,
          launchOptions: {
            executablePath: chromiumPath,
            headless: true,
            timeout: BROWSER_LAUNCH_TIMEOUT_MS,
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
          if (result.kind !== 'project') throw new Error('the page did not render its details');
          this.deps.rendered(result.project);
          this.settle(gid);
        },
        errorHandler: async ({ request }, error) => this.deps.backOff(request, error),
        failedRequestHandler: ({ request }, error) => {
          const gid = String(request.userData.gid);
          this.deps.failed(gid, error);
          this.settle(gid);
        },
      },
      this.deps.config,
    );
  }

  private settle(gid: string): void {
    if (!this.waiting.delete(gid) || this.waiting.size > 0) return;
    this.clock.stop();
    const waiters = this.drained;
    this.drained = [];
    for (const resolve of waiters) resolve();
  }

  /** No browser for this run: the pages waiting for it and every later one are skipped with `reason`. */
  private giveUp(reason: string): void {
    if (this.unavailable !== undefined) return;
    this.unavailable = reason;
    this.deps.log('warn', `${reason}: pages that need a browser are skipped; ${CHROMIUM_INSTALL_HINT}`);
    for (const gid of [...this.waiting]) {
      this.skip(gid);
      this.settle(gid);
    }
  }

  private skip(gid: string): void {
    this.deps.skipped(gid, this.deps.source.projectRequest(gid).url, `needs a browser: ${this.unavailable}`);
  }
}

/** The launch error's own words: Crawlee wraps it in a long checklist whose first line says little. */
function launchFailure(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return describe(cause);
}
