import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeHubspot, type FakeHubspotServer } from '../../../test/fake-hubspot-server.ts';
import { FAKE_ACCOUNT } from '../../../test/fake-hubspot-store.ts';
import { createHubspotRecordLinks } from './hubspot-account.ts';

describe('HubSpot record links', () => {
  let fake: FakeHubspotServer;
  const accountReads = () => fake.requests.filter((request) => request.path === '/account-info/v3/details');

  beforeAll(async () => {
    fake = await startFakeHubspot({ accessToken: 'hub-token' });
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  it("links to records in the account's app, reading the account once", async () => {
    const links = createHubspotRecordLinks({ basePath: fake.url, accessToken: 'hub-token', timeoutMs: 2_000 });
    const found = await Promise.all([links(), links()]);
    const app = `https://app.hubspot.com/contacts/${FAKE_ACCOUNT.portalId}/record`;
    expect(found[0]?.company('101')).toBe(`${app}/0-2/101`);
    expect(found[1]?.contact('202')).toBe(`${app}/0-1/202`);
    await links();
    expect(accountReads()).toHaveLength(1);
  });

  it('gives no links while the account cannot be read, and asks again only a minute later', async () => {
    fake.failNext(1, 503);
    const links = createHubspotRecordLinks({ basePath: fake.url, accessToken: 'hub-token', timeoutMs: 2_000 });
    expect(await links()).toBeNull();
    expect(await links()).toBeNull();
    expect(accountReads()).toHaveLength(1);

    const refused = createHubspotRecordLinks({ basePath: fake.url, accessToken: 'wrong', timeoutMs: 2_000 });
    expect(await refused()).toBeNull();
  });
});
