import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createHubspotAdapter, type HubspotAdapterOptions } from '../src/adapters/crm/hubspot-adapter.ts';
import { startFakeHubspot, type FakeHubspotOptions, type FakeHubspotServer } from './fake-hubspot-server.ts';

const TOKEN = 'pat-na1-test-token';

/**
 * A fake HubSpot for the describe block this is called in: started once, emptied before each test, closed
 * after the last. `adapter` makes a CRM adapter against it that answers quickly: a limiter loose enough never
 * to space requests out, short retry delays and timeouts (tests of those pass their own).
 */
export function useFakeHubspot(fakeOptions: FakeHubspotOptions = {}) {
  const accessToken = fakeOptions.accessToken ?? TOKEN;
  let server: FakeHubspotServer | undefined;
  const started = () => {
    if (!server) throw new Error('the fake HubSpot starts in beforeAll: use it inside a test');
    return server;
  };
  beforeAll(async () => {
    server = await startFakeHubspot({ ...fakeOptions, accessToken });
  });
  afterAll(async () => server?.close());
  beforeEach(() => server?.reset());
  return {
    accessToken,
    get fake(): FakeHubspotServer {
      return started();
    },
    adapter: (options: Partial<HubspotAdapterOptions> = {}) =>
      createHubspotAdapter({
        accessToken,
        basePath: started().url,
        rateLimit: { requests: 1_000, intervalMs: 1_000 },
        retryBaseDelayMs: 10,
        timeoutMs: 2_000,
        ...options,
      }),
  };
}
