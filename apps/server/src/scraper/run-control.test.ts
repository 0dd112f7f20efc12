import { setImmediate as settle } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { pausableCrawler, RunControl, type CrawleeCrawler, type Pausable } from './run-control.ts';

/** A crawler whose pause takes hold only when the test says its requests in flight have landed. */
function crawlerInFlight() {
  let landed: () => void = () => {};
  const crawler: Pausable = {
    pause: () => new Promise<void>((resolve) => (landed = resolve)),
    resume: () => undefined,
    abort: async () => undefined,
  };
  return { crawler, land: () => landed() };
}

describe('RunControl: a pause holds only once the run has stopped moving', () => {
  it('with no crawler running, holds once the phase code reaches a step, not while it finishes one', async () => {
    const control = new RunControl();
    let held = false;
    void control.pause().then(() => (held = true));
    await settle();
    expect(held).toBe(false); // still writing a file, say

    let resumed = false;
    void control.waitWhilePaused().then(() => (resumed = true));
    await settle();
    expect(held).toBe(true);
    expect(resumed).toBe(false);

    control.resume();
    await settle();
    expect(resumed).toBe(true);
  });

  it('with a crawler running, holds once its requests in flight have landed', async () => {
    const control = new RunControl();
    const { crawler, land } = crawlerInFlight();
    let finishCrawl: () => void = () => {};
    const crawl = control.track(crawler, () => new Promise<void>((resolve) => (finishCrawl = resolve)));
    let held = false;
    void control.pause().then(() => (held = true));
    await settle();
    expect(held).toBe(false);
    land();
    await settle();
    expect(held).toBe(true);
    finishCrawl();
    await crawl;
  });

  it('a resume or a stop before the pause took hold settles it, and the run goes on or ends', async () => {
    for (const end of ['resume', 'stop'] as const) {
      const control = new RunControl();
      let settled = false;
      void control.pause().then(() => (settled = true));
      if (end === 'resume') control.resume();
      else await control.stop();
      await settle();
      expect(settled).toBe(true);
      expect(control.isPaused).toBe(false);
      expect(control.isStopped).toBe(end === 'stop');
      await control.waitWhilePaused(); // at once: nothing holds the run any more
    }
  });
});

describe('pausableCrawler: a pause while Crawlee is still making its pool', () => {
  /** A pool that records what was asked of it. */
  function pool() {
    const calls: string[] = [];
    const pausable: Pausable = {
      pause: async () => void calls.push('pause'),
      resume: () => void calls.push('resume'),
      abort: async () => void calls.push('abort'),
    };
    return { pausable, calls };
  }
  const noHooks = { onPause: () => undefined, onResume: () => undefined };

  it('waits for the pool and pauses it before it runs a task', async () => {
    const crawler: CrawleeCrawler = { running: true };
    let held = false;
    const paused = pausableCrawler(crawler, noHooks)
      .pause()
      .then(() => (held = true));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(held).toBe(false);
    const made = pool();
    crawler.autoscaledPool = made.pausable;
    await paused;
    expect(made.calls).toEqual(['pause']);
  });

  it('a resume before the pool exists leaves it running', async () => {
    const crawler: CrawleeCrawler = { running: true };
    const control = pausableCrawler(crawler, noHooks);
    const paused = control.pause();
    control.resume();
    const made = pool();
    crawler.autoscaledPool = made.pausable;
    await paused;
    expect(made.calls).toEqual([]);
  });

  it('a crawler that has ended without a pool is not waited for', async () => {
    const crawler: CrawleeCrawler = { running: true };
    const paused = pausableCrawler(crawler, noHooks).pause();
    crawler.running = false;
    await expect(paused).resolves.toBeUndefined();
  });
});
