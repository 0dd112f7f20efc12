import type { CrmRecordLinks } from './crm-adapter.ts';

/** How long a failed read of the account waits before the next one is tried. */
const RETRY_AFTER_FAILURE_MS = 60_000;
const UI_DOMAIN = /^app(-[a-z0-9]+)?\.hubspot(qa)?\.com$/;

/**
 * Links to records in HubSpot's app, which need the account's portal id (and its data centre's app
 * domain): read once from `GET /account-info/v3/details` and kept. A failed read gives null (no links)
 * and is tried again a minute later, so a CRM screen never waits on a HubSpot that is down.
 */
export function createHubspotRecordLinks(options: { basePath: string; accessToken: string; timeoutMs: number }) {
  let known: CrmRecordLinks | undefined;
  let pending: Promise<CrmRecordLinks | null> | undefined;
  let failedAt = -Infinity;

  async function read(): Promise<CrmRecordLinks | null> {
    try {
      const response = await fetch(`${options.basePath}/account-info/v3/details`, {
        headers: { authorization: `Bearer ${options.accessToken}`, accept: 'application/json' },
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      const body: unknown = response.ok ? await response.json() : undefined;
      const links = body === undefined ? null : linksOf(body);
      if (links) known = links;
      else failedAt = Date.now();
      return links;
    } catch {
      failedAt = Date.now();
      return null;
    } finally {
      pending = undefined;
    }
  }

  return async (): Promise<CrmRecordLinks | null> => {
    if (known) return known;
    if (Date.now() - failedAt < RETRY_AFTER_FAILURE_MS) return null;
    pending ??= read();
    return pending;
  };
}

function linksOf(body: unknown): CrmRecordLinks | null {
  if (typeof body !== 'object' || body === null || !('portalId' in body)) return null;
  const portalId = body.portalId;
  if (typeof portalId !== 'number' || !Number.isSafeInteger(portalId) || portalId <= 0) return null;
  const uiDomain = 'uiDomain' in body && typeof body.uiDomain === 'string' ? body.uiDomain.toLowerCase() : '';
  const origin = `https://${UI_DOMAIN.test(uiDomain) ? uiDomain : 'app.hubspot.com'}`;
  // 0-2 and 0-1 are HubSpot's object type ids of companies and contacts.
  const record = (type: string, id: string) =>
    `${origin}/contacts/${portalId}/record/${type}/${encodeURIComponent(id)}`;
  return { company: (id) => record('0-2', id), contact: (id) => record('0-1', id) };
}
