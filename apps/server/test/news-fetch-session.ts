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
