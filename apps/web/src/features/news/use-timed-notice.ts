import { useCallback, useEffect, useState } from 'react';

/** Notices auto-dismiss after 5 s (SPEC.md section 8). */
export const NOTICE_MS = 5_000;

export interface Notice {
  tone: 'success' | 'error';
  text: string;
}

/** A notice that clears itself NOTICE_MS after it was shown; showing another restarts the clock. */
export function useTimedNotice(): [Notice | null, (notice: Notice | null) => void] {
  const [current, setCurrent] = useState<{ notice: Notice; shownAt: number } | null>(null);
  useEffect(() => {
    if (!current) return;
    const timer = window.setTimeout(() => setCurrent(null), NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [current]);
  const show = useCallback((notice: Notice | null) => setCurrent(notice && { notice, shownAt: Date.now() }), []);
  return [current?.notice ?? null, show];
}
