import type { APIRequestContext } from '@playwright/test';
import { apiCall, E2E_ADMIN, expect, test } from './fixtures.ts';
import { startOwnServer, stopOwnServer, type OwnServer } from './own-server.ts';

/**
 * A server of the spec file's own with {@link arrangeData} done before its tests (registers the file's
 * beforeAll and afterAll): screens show every state without moving what other journeys expect untouched.
 * Answers the server's origin, to be read inside a test.
 */
export function arrangedServerForFile(): () => string {
  let app: OwnServer | undefined;
  test.beforeAll(async ({ playwright }) => {
    test.setTimeout(180_000);
    app = await startOwnServer({
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      NEWS_FETCH_INTERVAL_SECONDS: '1',
    });
    const api = await playwright.request.newContext({ baseURL: app.origin, extraHTTPHeaders: { origin: app.origin } });
    try {
      await arrangeData(api, app.origin);
    } finally {
      await api.dispose();
    }
  });
  test.afterAll(async () => {
    if (app) await stopOwnServer(app);
    app = undefined;
  });
  return () => {
    if (!app) throw new Error('the arranged server has not started');
    return app.origin;
  };
}

/**
 * Articles in several pipeline states, CRM records, a watch with a run and its notification, a second user, audit
 * entries, on a journey's own server at `origin` (every screen then shows what it can show).
 */
export async function arrangeData(api: APIRequestContext, origin: string): Promise<void> {
  /** An API call that must succeed (a 503 is tried again after its Retry-After). */
  const call = (method: 'GET' | 'POST', url: string, data?: unknown) => apiCall(api, method, url, data, origin);
  await call('POST', '/api/v1/auth/login', { email: E2E_ADMIN.email, password: E2E_ADMIN.password });
  await call('POST', '/api/v1/users', {
    email: 'mia.member@example.com',
    name: 'Mia Member',
    password: 'mia-member-password',
    role: 'member',
  });
  const { session_id: session } = await call('POST', '/api/v1/fetch-news-session', { dateRange: 3650 });
  let ids: number[] = [];
  // The fetch is done once the session's article count stops growing between two reads a second apart.
  await expect
    .poll(
      async () => {
        const before = ids.length;
        ids = (await call('GET', `/api/v1/articles/session/${session}/ids`)).data.article_ids;
        return ids.length > 100 && ids.length === before;
      },
      { timeout: 60_000, intervals: [1_000] },
    )
    .toBe(true);
  const analysed = await call('POST', '/api/v1/batch/process-selected', {
    article_ids: ids.slice(0, 16),
    push: false,
  });
  const pushed = await call('POST', '/api/v1/batch/process-selected', { article_ids: ids.slice(16, 19) });
  await call('POST', '/api/v1/expand-article', { article_id: ids[19] });
  for (const batch of [analysed, pushed]) {
    await expect
      .poll(async () => (await call('GET', `/api/v1/batch/status/${batch.batch_session_id}`)).status, {
        timeout: 90_000,
      })
      .toBe('completed');
  }
  const { data: watch } = await call('POST', '/api/v1/watches', {
    name: 'Canadian gold',
    filters: { dateRange: 30, commodity: ['Au'], country: 'CA' },
    interval_minutes: 1440,
  });
  await call('POST', `/api/v1/watches/${watch.id}/run`);
  await expect
    .poll(async () => (await call('GET', `/api/v1/watches/${watch.id}/runs`)).data[0]?.status, {
      timeout: 90_000,
    })
    .toMatch(/^(completed|failed)$/);
}
