import { LIVE_SESSION_ENDED_CLOSE_CODE, type LiveMessage } from '@mining-hub/contract/live';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BackendHealth } from './health.ts';
import {
  liveSocketUrl,
  openLiveConnection,
  parseLiveMessage,
  reconnectDelay,
  RECONNECT_MAX_MS,
  type LiveStatus,
} from './live-socket.ts';

describe('reconnectDelay', () => {
  it('doubles from one second and stops growing at 30 seconds', () => {
    const middle = () => 0.5;
    expect([0, 1, 2, 3, 4].map((attempt) => reconnectDelay(attempt, middle))).toEqual([1000, 2000, 4000, 8000, 16000]);
    expect(reconnectDelay(5, middle)).toBe(RECONNECT_MAX_MS);
    expect(reconnectDelay(50, () => 1)).toBe(RECONNECT_MAX_MS);
  });
});

describe('liveSocketUrl', () => {
  it('uses wss on https pages and ws otherwise', () => {
    expect(liveSocketUrl({ protocol: 'https:', host: 'hub.example.com' })).toBe('wss://hub.example.com/ws');
    expect(liveSocketUrl({ protocol: 'http:', host: '127.0.0.1:8000' })).toBe('ws://127.0.0.1:8000/ws');
  });
});

describe('parseLiveMessage', () => {
  it('accepts contract messages and drops anything else', () => {
    expect(parseLiveMessage('{"type":"stats_updated"}')).toEqual({ type: 'stats_updated' });
    expect(parseLiveMessage('{"type":"article_updated","article_id":7}')).toEqual({
      type: 'article_updated',
      article_id: 7,
    });
    expect(parseLiveMessage('{"type":"unknown"}')).toBeNull();
    expect(parseLiveMessage('not json')).toBeNull();
    expect(parseLiveMessage(new ArrayBuffer(2))).toBeNull();
  });
});

/** Just enough of a WebSocket for the connection logic: tests fire the events by hand. */
class FakeSocket {
  onopen: (() => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  closed = false;
  /** What the client sent the server. */
  sent: string[] = [];
  close() {
    this.closed = true;
  }
  send(text: string) {
    this.sent.push(text);
  }
  /** The server sends a message. */
  receive(message: object) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) }));
  }
  /** What the browser reports: 1006 for a dropped connection or a refused upgrade. */
  drop(code = 1006) {
    this.onclose?.(new CloseEvent('close', { code }));
  }
}

describe('openLiveConnection', () => {
  let sockets: FakeSocket[];
  let statuses: LiveStatus[];
  let messages: LiveMessage[];

  beforeEach(() => {
    vi.useFakeTimers();
    sockets = [];
    statuses = [];
    messages = [];
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const open = (healthCheck: () => Promise<BackendHealth>, sessionCheck?: () => Promise<boolean>) =>
    openLiveConnection({
      url: 'ws://test/ws',
      healthCheck,
      sessionCheck,
      onStatus: (status) => statuses.push(status),
      onMessage: (message) => messages.push(message),
      createSocket: () => {
        const socket = new FakeSocket();
        sockets.push(socket);
        return socket as unknown as WebSocket;
      },
    });

  it('waits for a healthy backend before opening the socket, then delivers messages', async () => {
    const health: BackendHealth[] = ['unreachable', 'ok'];
    const connection = open(async () => health.shift() ?? 'ok');
    await vi.advanceTimersByTimeAsync(0);
    expect(sockets).toHaveLength(0);
    // The first attempt's outcome ends the badge's 'Connecting'.
    expect(statuses).toEqual(['disconnected']);

    await vi.advanceTimersByTimeAsync(RECONNECT_MAX_MS);
    expect(sockets).toHaveLength(1);
    sockets[0]?.onopen?.();
    sockets[0]?.onmessage?.(new MessageEvent('message', { data: '{"type":"stats_updated"}' }));
    expect(statuses).toEqual(['disconnected', 'connected']);
    expect(messages).toEqual([{ type: 'stats_updated' }]);
    connection.close();
  });

  it('reconnects after the socket drops and stops for good when closed', async () => {
    const connection = open(async () => 'ok');
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]?.onopen?.();
    sockets[0]?.drop();
    expect(statuses).toEqual(['connected', 'disconnected']);

    await vi.advanceTimersByTimeAsync(RECONNECT_MAX_MS);
    expect(sockets).toHaveLength(2);

    connection.close();
    expect(sockets[1]?.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(RECONNECT_MAX_MS * 4);
    expect(sockets).toHaveLength(2);
  });

  it('asks the auth check when the server ends the session, and stays closed once signed out', async () => {
    const connection = open(
      async () => 'ok',
      async () => false,
    );
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]?.onopen?.();
    sockets[0]?.drop(LIVE_SESSION_ENDED_CLOSE_CODE);
    await vi.advanceTimersByTimeAsync(RECONNECT_MAX_MS * 4);
    expect(sockets).toHaveLength(1);
    expect(statuses).toEqual(['connected', 'disconnected']);
    connection.close();
  });

  it('reconnects after a session end when the auth check finds the app signed in again (another tab)', async () => {
    const connection = open(
      async () => 'ok',
      async () => true,
    );
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]?.onopen?.();
    sockets[0]?.drop(LIVE_SESSION_ENDED_CLOSE_CODE);
    await vi.advanceTimersByTimeAsync(RECONNECT_MAX_MS);
    expect(sockets).toHaveLength(2);
    connection.close();
  });

  it('stops retrying a socket refused before opening once the auth check says signed out', async () => {
    const signedIn = [true, false];
    const connection = open(
      async () => 'ok',
      async () => signedIn.shift() ?? false,
    );
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]?.drop(); // never opened: a 401 looks like this to a browser
    await vi.advanceTimersByTimeAsync(RECONNECT_MAX_MS);
    expect(sockets).toHaveLength(2);
    sockets[1]?.drop();
    await vi.advanceTimersByTimeAsync(RECONNECT_MAX_MS * 4);
    expect(sockets).toHaveLength(2);
    connection.close();
  });
  it("says 'Database unavailable' while /health says the database is down, and connects once it is back", async () => {
    const health: BackendHealth[] = ['database_down', 'database_down', 'ok'];
    const connection = open(async () => health.shift() ?? 'ok');
    await vi.advanceTimersByTimeAsync(RECONNECT_MAX_MS * 2);
    expect(sockets).toHaveLength(1);
    sockets[0]?.onopen?.();
    expect(statuses).toEqual(['database_unavailable', 'database_unavailable', 'connected']);
    connection.close();
  });

  it("follows the server's word on its database while the socket stays open", async () => {
    const connection = open(async () => 'ok');
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]?.onopen?.();
    sockets[0]?.receive({ type: 'service_status', database: 'down' });
    sockets[0]?.receive({ type: 'service_status', database: 'up' });
    expect(statuses).toEqual(['connected', 'database_unavailable', 'connected']);
    connection.close();
  });

  it('asks the server to catch up when a topic skips a number, and drops a message older than one seen', async () => {
    const connection = open(async () => 'ok');
    await vi.advanceTimersByTimeAsync(0);
    const socket = sockets[0];
    socket?.onopen?.();
    const progress = (seq: number) => ({
      type: 'batch_progress',
      batch_session_id: 'b',
      data: { seq },
      topic: 't',
      seq,
    });
    socket?.receive(progress(1));
    socket?.receive(progress(2));
    expect(socket?.sent).toEqual([]);
    socket?.receive(progress(5)); // 3 and 4 were lost
    expect(socket?.sent).toEqual(['{"type":"catch_up"}']);
    socket?.receive(progress(4)); // late: would move the page backwards
    expect(messages.map((message) => (message.type === 'batch_progress' ? message.seq : message.type))).toEqual([
      1, 2, 5,
    ]);
    connection.close();
  });

  it('hands on a resync after a reconnect (messages sent meanwhile were missed), not after the first open', async () => {
    const connection = open(async () => 'ok');
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]?.onopen?.();
    expect(messages).toEqual([]);
    sockets[0]?.drop();
    await vi.advanceTimersByTimeAsync(RECONNECT_MAX_MS);
    sockets[1]?.onopen?.();
    expect(messages).toEqual([{ type: 'resync' }]);
    connection.close();
  });
});
