import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LiveProvider, useLiveStatus } from '../lib/live-context.tsx';
import { ConnectionBadge } from './connection-badge.tsx';

function LiveBadge() {
  return <ConnectionBadge status={useLiveStatus()} />;
}

/** /health answering as the server does while its database restarts. */
function stubHealth(status: number, body: unknown) {
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify(body), { status }));
}

describe('the live badge', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("reads 'Database unavailable' while /health says the database is down", async () => {
    stubHealth(503, {
      detail: 'Database unavailable',
      code: 'database_unavailable',
      status: 'unavailable',
      database: 'down',
    });
    render(
      <LiveProvider enabled>
        <LiveBadge />
      </LiveProvider>,
    );
    expect(await screen.findByText('Database unavailable')).toBeTruthy();
  });

  it("reads 'Connecting', not 'Disconnected', until the first attempt has an outcome", () => {
    // A /health that has not answered yet: the first attempt is still under way.
    vi.stubGlobal('fetch', () => new Promise(() => undefined));
    render(
      <LiveProvider enabled>
        <LiveBadge />
      </LiveProvider>,
    );
    expect(screen.getByText('Connecting')).toBeTruthy();
    expect(screen.queryByText('Disconnected')).toBeNull();
  });
});
