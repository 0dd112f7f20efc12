import type { LiveMessage, LiveMessageType } from '@mining-hub/contract/live';
import { createContext, use, useCallback, useEffect, useEffectEvent, useMemo, useState, type ReactNode } from 'react';
import { liveSocketUrl, openLiveConnection, type LiveStatus } from './live-socket.ts';

type LiveHandler = (message: LiveMessage) => void;

interface LiveContextValue {
  status: LiveStatus;
  subscribe: (handler: LiveHandler) => () => void;
}

const LiveContext = createContext<LiveContextValue | null>(null);

/**
 * Owns the app's single live connection; it is open only while `enabled` (the user is signed in).
 * `checkSession` is the app's auth check, run when the server ends the socket's session.
 */
export function LiveProvider({
  enabled,
  checkSession,
  children,
}: {
  enabled: boolean;
  checkSession?: () => Promise<boolean>;
  children: ReactNode;
}) {
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const [handlers] = useState(() => new Set<LiveHandler>());
  // Without an auth check (tests), the connection keeps retrying as if still signed in.
  const sessionCheck = useEffectEvent(() => (checkSession ? checkSession() : Promise.resolve(true)));

  useEffect(() => {
    if (!enabled) return;
    const connection = openLiveConnection({
      url: liveSocketUrl(window.location),
      onStatus: setStatus,
      onMessage: (message) => {
        for (const handler of handlers) handler(message);
      },
      sessionCheck: () => sessionCheck(),
    });
    return () => {
      connection.close();
      // The next sign-in starts a new first attempt.
      setStatus('connecting');
    };
  }, [enabled, handlers]);

  const subscribe = useCallback(
    (handler: LiveHandler) => {
      handlers.add(handler);
      return () => {
        handlers.delete(handler);
      };
    },
    [handlers],
  );

  const value = useMemo(() => ({ status, subscribe }), [status, subscribe]);
  return <LiveContext value={value}>{children}</LiveContext>;
}

function useLiveContext(): LiveContextValue {
  const context = use(LiveContext);
  if (!context) throw new Error('useLive* hooks must be used inside <LiveProvider>');
  return context;
}

/** 'connecting', 'connected', 'disconnected' or 'database_unavailable'. */
export function useLiveStatus(): LiveStatus {
  return useLiveContext().status;
}

/** Calls `handler` for every live message while the calling component is mounted. */
export function useLiveMessages(handler: (message: LiveMessage) => void): void {
  const { subscribe } = useLiveContext();
  const onMessage = useEffectEvent(handler);
  useEffect(() => subscribe((message) => onMessage(message)), [subscribe]);
}

/** Like useLiveMessages, for one message type, with the message narrowed to that type. */
export function useLiveMessage<Type extends LiveMessageType>(
  type: Type,
  handler: (message: Extract<LiveMessage, { type: Type }>) => void,
): void {
  const { subscribe } = useLiveContext();
  const onMessage = useEffectEvent(handler);
  useEffect(
    () =>
      subscribe((message) => {
        if (isOfType(message, type)) onMessage(message);
      }),
    [subscribe, type],
  );
}

function isOfType<Type extends LiveMessageType>(
  message: LiveMessage,
  type: Type,
): message is Extract<LiveMessage, { type: Type }> {
  return message.type === type;
}
