import type { z } from 'zod';
import type { fetchProgressSchema } from '@mining-hub/contract/live';
import { expect } from 'vitest';
import { APP_ORIGIN, type TestApp } from './test-app.ts';

/** Starts a fetch session as the signed-in user (`POST /fetch-news-session`) and returns its id. */
export async function startNewsFetch(t: TestApp, cookie: string, payload: object = { dateRange: 30 }): Promise<string> {
  const started = await t.app.inject({
    method: 'POST',
    url: '/api/v1/fetch-news-session',
    headers: { origin: APP_ORIGIN, cookie },
    payload,
  });
  expect(started.statusCode, started.body).toBe(200);
  return started.json().session_id;
}

type FetchProgress = z.infer<typeof fetchProgressSchema>;

/**
 * Runs a fetch session to its end: starts it, waits for its final `progress_update` on the live bus and
 * answers that message's data (status, message, per-source report) with the session id.
 */
export async function fetchToEnd(t: TestApp, cookie: string, payload: object) {
  let done: FetchProgress | undefined;
  let sessionId = '';
  const early: { session_id: string; data: FetchProgress }[] = [];
  const unsubscribe = t.bus.subscribe(({ message }) => {
    if (message.type !== 'progress_update' || message.data.status === 'running') return;
    if (message.session_id === sessionId) done = message.data;
    else early.push(message);
  });
  try {
    sessionId = await startNewsFetch(t, cookie, payload);
    done ??= early.find((message) => message.session_id === sessionId)?.data;
    for (const deadline = Date.now() + 30_000; !done && Date.now() < deadline;) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    unsubscribe();
  }
  if (!done) throw new Error(`fetch session ${sessionId} did not finish`);
  return { sessionId, progress: done };
}
