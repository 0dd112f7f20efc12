import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scraperApi } from '../../../test/scraper-api.ts';
import { createTestApp, signIn, type TestApp } from '../../../test/test-app.ts';

const LEAVING_CHILD = path.resolve(import.meta.dirname, '../../../test/scraper-child-that-leaves.ts');

describe('a crawler child that closes its channel as the supervisor answers it', () => {
  let t: TestApp;
  let api: ReturnType<typeof scraperApi>;

  beforeAll(async () => {
    t = await createTestApp('pglite', { scraperSupervisor: { childEntry: LEAVING_CHILD } });
    api = scraperApi(t, (await signIn(t, { role: 'admin' })).cookie);
  });
  afterAll(async () => t.close());

  // The write to a closed pipe fails with EPIPE some of the time (most runs on these machines): before the fix,
  // as an unhandled 'error' event that ended the whole server (and this test run).
  it('each run is recorded as failed and the server keeps serving', { timeout: 120_000 }, async () => {
    for (let run = 0; run < 12; run++) {
      expect(
        (await api.call('POST', '/start', { mode: 'test', max_workers: 1, max_concurrency: 1, batch_size: 10 }))
          .statusCode,
      ).toBe(200);
      const ended = await api.until('the run to end', (progress) => progress.status !== 'running');
      expect(ended.status).toBe('failed');
      expect(ended.error).toMatch(/^The scraper process exited unexpectedly \(exit code 0\)/);
    }
    expect((await t.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
  });
});
