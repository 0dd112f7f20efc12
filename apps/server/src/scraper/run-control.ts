import { setTimeout as sleep } from 'node:timers/promises';

/** What pause, resume and stop act on: the crawlers running at the moment. */
export interface Pausable {
  pause(): Promise<void>;
  resume(): void;
  abort(): Promise<void>;
}

/**
 * Pause, resume and stop as the crawl sees them. Running crawlers are paused in place (requests in
 * flight finish first); the phase loop waits at its next step until resumed or stopped. `pause()`
 * resolves once the pause holds: the running crawlers have paused, or, with none running, the phase
 * code has reached a step and waits there (until then it may still finish the step it is in, such as
 * writing an export file).
 */
export class RunControl {
  private paused = false;
  private isStoppedFlag = false;
  private readonly active = new Set<Pausable>();
  private waiters: (() => void)[] = [];
  /** Pauses waiting for the phase code to reach its next step. */
  private untilHeld: (() => void)[] = [];
  private markStopped: () => void = () => {};
  /** Resolves when the run is stopped. */
  readonly stopped = new Promise<void>((resolve) => {
    this.markStopped = resolve;
  });

  get isPaused(): boolean {
    return this.paused;
  }

  get isStopped(): boolean {
    return this.isStoppedFlag;
  }

  async pause(): Promise<void> {
    if (this.paused || this.isStoppedFlag) return;
    this.paused = true;
    if (this.active.size > 0) await Promise.all([...this.active].map((crawler) => crawler.pause()));
    else await new Promise<void>((resolve) => this.untilHeld.push(resolve));
  }

  resume(): void {
    if (!this.paused) return;
    this.paused = false;
    for (const crawler of this.active) crawler.resume();
    this.release();
  }

  async stop(): Promise<void> {
    if (this.isStoppedFlag) return;
    this.isStoppedFlag = true;
    this.paused = false;
    this.markStopped();
    this.release();
    await Promise.all([...this.active].map((crawler) => crawler.abort()));
  }

  /** Resolves once not paused (at once when running or stopped). */
  async waitWhilePaused(): Promise<void> {
    if (!this.paused) return;
    const waiting = new Promise<void>((resolve) => this.waiters.push(resolve));
    this.settle('untilHeld');
    await waiting;
  }

  /**
   * Registers a running crawler for the duration of `work`, so a pause or a stop reaches it. The phase
   * code waits out a pause before it starts a crawler; a pause that lands while one is starting holds
   * at the phase's next step.
   */
  async track<T>(crawler: Pausable, work: () => Promise<T>): Promise<T> {
    this.active.add(crawler);
    try {
      return await work();
    } finally {
      this.active.delete(crawler);
    }
  }

  /** Ends the waits of a pause: resumed or stopped. */
  private release(): void {
    this.settle('waiters');
    this.settle('untilHeld');
  }

  private settle(list: 'waiters' | 'untilHeld'): void {
    const resolvers = this[list];
    this[list] = [];
    for (const resolve of resolvers) resolve();
  }
}

/** A Crawlee crawler as pause sees it: `running` from the start of `run()`, its pool a moment later. */
export interface CrawleeCrawler {
  running?: boolean;
  autoscaledPool?: Pausable;
}

/**
 * Pause and resume of a Crawlee crawler's pool, with `onPause` and `onResume` beside them. Crawlee makes
 * the pool only after `run()` has set up its queue: a pause in that moment waits for it and pauses it
 * before it starts a task, instead of missing it and letting the whole batch run under 'Paused'.
 */
export function pausableCrawler(
  crawler: CrawleeCrawler,
  hooks: { onPause: () => void; onResume: () => void },
): Pausable {
  let pauseWanted = false;
  return {
    pause: async () => {
      pauseWanted = true;
      hooks.onPause();
      while (!crawler.autoscaledPool && crawler.running) await sleep(POOL_WAIT_STEP_MS);
      if (pauseWanted) await crawler.autoscaledPool?.pause();
    },
    resume: () => {
      pauseWanted = false;
      hooks.onResume();
      crawler.autoscaledPool?.resume();
    },
    // Not before the pool exists: Crawlee's pool aborted before it runs never settles its run.
    abort: async () => {
      await crawler.autoscaledPool?.abort();
    },
  };
}

const POOL_WAIT_STEP_MS = 5;
