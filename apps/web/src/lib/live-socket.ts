import { LIVE_SESSION_ENDED_CLOSE_CODE, liveMessageSchema, type LiveMessage } from '@mining-hub/contract/live';
import { isBackendHealthy } from './health.ts';

export type LiveStatus = 'connected' | 'disconnected';

export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;

/**
 * Exponential backoff for reconnect attempts (1 s, 2 s, 4 s, ... capped at 30 s), spread by ±20 % so that
 * every open tab does not reconnect in the same instant after a server restart.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const exponential = Math.min(RECONNECT_BASE_MS * 2 ** attempt, RECONNECT_MAX_MS);
  return Math.min(Math.round(exponential * (0.8 + 0.4 * random())), RECONNECT_MAX_MS);
}

/** ws://host/ws, or wss:// when the page itself is served over https. */
export function liveSocketUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}/ws`;
}

/** Parses one frame; anything that is not a known message is dropped (returns null) rather than thrown. */
export function parseLiveMessage(data: unknown): LiveMessage | null {
  if (typeof data !== 'string') return null;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  const parsed = liveMessageSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

export interface LiveConnectionOptions {
  url: string;
  onStatus: (status: LiveStatus) => void;
  onMessage: (message: LiveMessage) => void;
  /** Checked before every attempt so that we do not hammer a backend that is down. */
  healthCheck?: () => Promise<boolean>;
  /**
   * The app's auth check, resolving true while still signed in. Asked when the server closed the socket
   * because its session ended (without it the connection then stays closed) and when a socket failed
   * before opening (an upgrade refused with 401 looks like any failure to a browser): the connection
   * retries only while it says true, so a signed-out tab neither reconnects in vain nor logs errors.
   */
  sessionCheck?: () => Promise<boolean>;
  createSocket?: (url: string) => WebSocket;
}

export interface LiveConnection {
  close: () => void;
}

/** Keeps one WebSocket open to the live hub, reconnecting with backoff until closed. */
export function openLiveConnection({
  url,
  onStatus,
  onMessage,
  healthCheck = isBackendHealthy,
  sessionCheck,
  createSocket = (socketUrl) => new WebSocket(socketUrl),
}: LiveConnectionOptions): LiveConnection {
  let closed = false;
  let attempt = 0;
  let socket: WebSocket | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  const scheduleRetry = () => {
    if (closed) return;
    retryTimer = setTimeout(() => void connect(), reconnectDelay(attempt));
    attempt += 1;
  };

  async function connect(): Promise<void> {
    retryTimer = undefined;
    const healthy = await healthCheck();
    if (closed) return;
    if (!healthy) {
      scheduleRetry();
      return;
    }
    const ws = createSocket(url);
    socket = ws;
    let opened = false;
    ws.onopen = () => {
      if (closed) return;
      opened = true;
      attempt = 0;
      onStatus('connected');
    };
    ws.onmessage = (event: MessageEvent) => {
      if (closed) return;
      const message = parseLiveMessage(event.data);
      if (message) onMessage(message);
    };
    // An error is always followed by close, so close alone drives the retry.
    ws.onclose = (event: CloseEvent) => {
      if (closed || socket !== ws) return;
      socket = null;
      onStatus('disconnected');
      const sessionEnded = event.code === LIVE_SESSION_ENDED_CLOSE_CODE;
      if (!sessionEnded && (opened || !sessionCheck)) return scheduleRetry();
      if (!sessionCheck) return; // the session ended and nobody can tell us of a new one
      void sessionCheck().then(
        (signedIn) => {
          if (signedIn) scheduleRetry();
        },
        () => undefined, // an auth check that fails counts as signed out
      );
    };
  }

  void connect();

  return {
    close() {
      if (closed) return;
      closed = true;
      clearTimeout(retryTimer);
      socket?.close();
      socket = null;
      onStatus('disconnected');
    },
  };
}
