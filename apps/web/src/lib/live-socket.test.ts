import { LIVE_SESSION_ENDED_CLOSE_CODE, type LiveMessage } from '@mining-hub/contract/live';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
  close() {
    this.closed = true;
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

  const open = (healthCheck: () => Promise<boolean>, sessionCheck?: () => Promise<boolean>) =>
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
    const health = [false, true];
    const connection = open(async () => health.shift() ?? true);
    await vi.advanceTimersByTimeAsync(0);
    expect(sockets).toHaveLength(0);

    await vi.advanceTimersByTimeAsync(RECONNECT_MAX_MS);
    expect(sockets).toHaveLength(1);
    sockets[0]?.onopen?.();
    sockets[0]?.onmessage?.(new MessageEvent('message', { data: '{"type":"stats_updated"}' }));
    expect(statuses).toEqual(['connected']);
    expect(messages).toEqual([{ type: 'stats_updated' }]);
    connection.close();
  });

  it('reconnects after the socket drops and stops for good when closed', async () => {
    const connection = open(async () => true);
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
      async () => true,
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
      async () => true,
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
      async () => true,
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
});
