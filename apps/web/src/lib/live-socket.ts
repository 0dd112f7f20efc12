import { LIVE_SESSION_ENDED_CLOSE_CODE, liveMessageSchema, type LiveMessage } from '@mining-hub/contract/live';
import { createSequenceTracker } from '@mining-hub/contract/live-sequence';
import { checkBackendHealth, type BackendHealth } from './health.ts';

/**
 * The live badge: the socket's state, or the server's word that its database is unreachable; 'connecting' until
 * the first connection attempt has an outcome (not 'disconnected' for the first seconds after a sign-in).
 */
export type LiveStatus = 'connecting' | 'connected' | 'disconnected' | 'database_unavailable';

/** What the connection hands on when the page must refetch: after a reconnect, as after the server's resync. */
const RESYNC: LiveMessage = { type: 'resync' };
const CATCH_UP_REQUEST = JSON.stringify({ type: 'catch_up' });

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
  /**
   * Every message, and a `resync` of its own after a reconnect (messages sent meanwhile were missed; the
   * server's catch-up covers runs, the page refetches the rest).
   */
  onMessage: (message: LiveMessage) => void;
  /** Checked before every attempt so that we do not hammer a backend that is down. */
  healthCheck?: () => Promise<BackendHealth>;
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

/**
 * Keeps one WebSocket open to the live hub, reconnecting with backoff until closed. Each topic's messages are
 * numbered: one that skips a number means some were lost (a server lost its database for a moment), and
 * the connection asks the server to catch up; an older one than already seen is dropped.
 */
export function openLiveConnection({
  url,
  onStatus,
  onMessage,
  healthCheck = checkBackendHealth,
  sessionCheck,
  createSocket = (socketUrl) => new WebSocket(socketUrl),
}: LiveConnectionOptions): LiveConnection {
  let closed = false;
  let attempt = 0;
  let socket: WebSocket | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let openedBefore = false;

  const scheduleRetry = () => {
    if (closed) return;
    retryTimer = setTimeout(() => void connect(), reconnectDelay(attempt));
    attempt += 1;
  };

  async function connect(): Promise<void> {
    retryTimer = undefined;
    const health = await healthCheck();
    if (closed) return;
    if (health !== 'ok') {
      // A first attempt that fails ends 'connecting' too.
      onStatus(health === 'database_down' ? 'database_unavailable' : 'disconnected');
      scheduleRetry();
      return;
    }
    const ws = createSocket(url);
    socket = ws;
    let opened = false;
    // A new socket starts from the server's catch-up, so numbering starts afresh with it.
    const sequence = createSequenceTracker();
    ws.onopen = () => {
      if (closed) return;
      opened = true;
      attempt = 0;
      onStatus('connected');
      if (openedBefore) onMessage(RESYNC);
      openedBefore = true;
    };
    ws.onmessage = (event: MessageEvent) => {
      if (closed) return;
      const message = parseLiveMessage(event.data);
      if (!message) return;
      const verdict = sequence.observe(message);
      if (verdict === 'stale') return;
      if (verdict === 'gap') ws.send(CATCH_UP_REQUEST);
      if (message.type === 'service_status')
        onStatus(message.database === 'down' ? 'database_unavailable' : 'connected');
      onMessage(message);
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
