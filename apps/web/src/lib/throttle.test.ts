import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { throttle } from './throttle.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('throttle', () => {
  it('runs the first call at once and a burst once more at the end of the interval', () => {
    let runs = 0;
    const call = throttle(() => (runs += 1), 1_000);
    call();
    expect(runs).toBe(1);
    for (let i = 0; i < 30; i += 1) {
      vi.advanceTimersByTime(20);
      call();
    }
    expect(runs).toBe(1);
    vi.advanceTimersByTime(1_000);
    expect(runs).toBe(2);
    vi.advanceTimersByTime(5_000);
    expect(runs).toBe(2);
    // Quiet for longer than the interval: at once again.
    call();
    expect(runs).toBe(3);
  });

  it('drops a waiting call when cancelled', () => {
    let runs = 0;
    const call = throttle(() => (runs += 1), 1_000);
    call();
    call();
    call.cancel();
    vi.advanceTimersByTime(2_000);
    expect(runs).toBe(1);
  });
});
