/** Longest wait a Retry-After may ask of us unless the caller says otherwise. */
export const RETRY_AFTER_MAX_MS = 60_000;

/**
 * Milliseconds a `Retry-After` header asks us to wait: delay-seconds or an HTTP-date, never below 0 and
 * never above `maxMs`; undefined when the header is absent or unreadable.
 */
export function parseRetryAfterMs(
  value: string | readonly string[] | null | undefined,
  options: { now?: number; maxMs?: number } = {},
): number | undefined {
  const header = typeof value === 'string' ? value : value?.[0];
  if (!header?.trim()) return undefined;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - (options.now ?? Date.now());
  if (!Number.isFinite(ms)) return undefined;
  return Math.min(options.maxMs ?? Number.POSITIVE_INFINITY, Math.max(0, ms));
}
