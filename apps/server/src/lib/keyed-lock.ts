/** Runs work for one key after earlier work of the same key has finished (in this process). */
export type KeyedLock = <T>(key: string, work: () => Promise<T>, signal?: AbortSignal) => Promise<T>;

/** A lock per key in this process; waiting ends early (rejecting) when `signal` aborts. */
export function keyedLock(): KeyedLock {
  const tails = new Map<string, Promise<void>>();
  return async <T>(key: string, work: () => Promise<T>, signal?: AbortSignal): Promise<T> => {
    const previous = tails.get(key) ?? Promise.resolve();
    let release: () => void = () => undefined;
    const done = new Promise<void>((resolve) => {
      release = () => resolve();
    });
    const tail = previous.then(() => done);
    tails.set(key, tail);
    try {
      await (signal ? Promise.race([previous, aborted(signal)]) : previous);
      return await work();
    } finally {
      release();
      if (tails.get(key) === tail) tails.delete(key);
    }
  };
}

function aborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    else signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}
