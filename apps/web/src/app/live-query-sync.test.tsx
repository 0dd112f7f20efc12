import type { LiveMessage } from '@mining-hub/contract/live';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LiveProvider } from '../lib/live-context.tsx';
import { LiveQuerySync } from './live-query-sync.tsx';

/** The browser's WebSocket, stood in for: the test sends what the server would, or drops the connection. */
function stubLiveServer() {
  const sockets: {
    onopen: (() => void) | null;
    onmessage: ((event: { data: string }) => void) | null;
    onclose: ((event: { code: number }) => void) | null;
  }[] = [];
  class FakeWebSocket {
    onopen: (() => void) | null = null;
    onmessage: ((event: { data: string }) => void) | null = null;
    onclose: ((event: { code: number }) => void) | null = null;
    constructor() {
      sockets.push(this);
      queueMicrotask(() => this.onopen?.());
    }
    send() {}
    close() {}
  }
  vi.stubGlobal('WebSocket', FakeWebSocket);
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ status: 'ok' }), { status: 200 }));
  return {
    count: () => sockets.length,
    send: (message: LiveMessage) => sockets.at(-1)?.onmessage?.({ data: JSON.stringify(message) }),
    drop: () => sockets.at(-1)?.onclose?.({ code: 1006 }),
  };
}

/** A list on screen that says how many times it was read. */
function ReadCounter({ read }: { read: () => number }) {
  const reads = useQuery({ queryKey: ['articles', 'session', 's1'], queryFn: read });
  return <p>reads: {reads.data}</p>;
}

/** The app's live sync beside a list; the list's reads are counted. */
function renderSynced() {
  let reads = 0;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <LiveProvider enabled>
        <LiveQuerySync />
        <ReadCounter read={() => (reads += 1)} />
      </LiveProvider>
    </QueryClientProvider>,
  );
}

describe('live query sync', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("refetches what is on screen on the server's resync (it lost its database, or messages went missing)", async () => {
    const live = stubLiveServer();
    renderSynced();
    await screen.findByText('reads: 1');
    await vi.waitFor(() => expect(live.count()).toBe(1));
    live.send({ type: 'resync' });
    expect(await screen.findByText('reads: 2')).toBeTruthy();
  });

  it('refetches the article lists when a batch has queued many articles at once', async () => {
    const live = stubLiveServer();
    renderSynced();
    await screen.findByText('reads: 1');
    await vi.waitFor(() => expect(live.count()).toBe(1));
    live.send({ type: 'articles_updated' });
    expect(await screen.findByText('reads: 2')).toBeTruthy();
  });

  it('refetches what is on screen after the socket reconnects', async () => {
    const live = stubLiveServer();
    renderSynced();
    await screen.findByText('reads: 1');
    await vi.waitFor(() => expect(live.count()).toBe(1));
    live.drop();
    await vi.waitFor(() => expect(live.count()).toBe(2), { timeout: 10_000 });
    expect(await screen.findByText('reads: 2')).toBeTruthy();
  });
});
