/** A function that runs at most once per interval, and a way to drop a call still waiting. */
export interface Throttled {
  (): void;
  cancel: () => void;
}

/**
 * Calls `fn` at once when it has not run for `intervalMs`, otherwise once at the end of the interval, however
 * many calls came in between. A batch sends several live messages per article and step; the list needs
 * re-reading once per burst, not once per message.
 */
export function throttle(fn: () => void, intervalMs: number): Throttled {
  let last = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    timer = undefined;
    last = Date.now();
    fn();
  };
  const call = () => {
    if (timer !== undefined) return;
    const wait = last + intervalMs - Date.now();
    if (wait <= 0) run();
    else timer = setTimeout(run, wait);
  };
  call.cancel = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  return call;
}
