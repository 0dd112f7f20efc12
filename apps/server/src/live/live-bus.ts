import crypto from 'node:crypto';
import { EventEmitter } from 'node:events';
import pg from 'pg';
import { z } from 'zod';
import { liveMessageSchema, type LiveMessage } from '@mining-hub/contract/live';
import type { Logger } from '../logging.ts';

/** Who a live message is for: one user, or every signed-in user. */
export type LiveAudience = { userId: number } | 'all';

export interface LiveEvent {
  audience: LiveAudience;
  message: LiveMessage;
}

/**
 * Sessions that ended (by id: sign-out, password change; or all of a user's: removed user). An internal
 * event between processes, never sent to a browser: each hub closes those sessions' sockets and each
 * auth service forgets them from its cache.
 */
export type EndedSessions = { sessionIds: string[] } | { userId: number };

const endedSessionsSchema = z.union([
  z.object({ sessionIds: z.array(z.string()) }),
  z.object({ userId: z.number().int() }),
]);

export interface LiveBus {
  /** Sends a message to the audience's open sockets, on this process and (with PostgreSQL) every other. */
  publish(audience: LiveAudience, message: LiveMessage): void;
  subscribe(listener: (event: LiveEvent) => void): () => void;
  /** Tells this process and every other that these sessions ended. */
  endSessions(ended: EndedSessions): void;
  onSessionsEnded(listener: (ended: EndedSessions) => void): () => void;
  /** Stops delivering; resolves once the messages already published have been handed to PostgreSQL. */
  close(): Promise<void>;
}

const CHANNEL = 'mining_hub_live';
// NOTIFY payloads are limited to 8,000 bytes: session ids (64 hex characters) travel in groups of this size.
const SESSION_IDS_PER_NOTIFY = 100;

/** What travels through pg_notify: a live message, or ended sessions. */
type RelayPayload = { event: LiveEvent } | { ended: EndedSessions };

/**
 * The in-process bus; with a PostgreSQL URL it also relays through LISTEN/NOTIFY between processes.
 * `listen: false` only sends (the users CLI tells the running servers, but has no sockets of its own).
 */
export async function createLiveBus(options: {
  postgresUrl?: string | undefined;
  logger: Logger;
  listen?: boolean;
}): Promise<LiveBus> {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const instanceId = crypto.randomUUID();
  const relay = options.postgresUrl
    ? await startRelay(options.postgresUrl, instanceId, emitter, options.logger, options.listen ?? true)
    : undefined;

  return {
    publish(audience, message) {
      const event: LiveEvent = { audience, message: liveMessageSchema.parse(message) };
      emitter.emit('event', event);
      relay?.send({ event });
    },
    subscribe(listener) {
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
    endSessions(ended) {
      emitter.emit('sessions-ended', ended);
      if (!relay) return;
      if ('userId' in ended) return relay.send({ ended });
      for (let i = 0; i < ended.sessionIds.length; i += SESSION_IDS_PER_NOTIFY)
        relay.send({ ended: { sessionIds: ended.sessionIds.slice(i, i + SESSION_IDS_PER_NOTIFY) } });
    },
    onSessionsEnded(listener) {
      emitter.on('sessions-ended', listener);
      return () => emitter.off('sessions-ended', listener);
    },
    async close() {
      emitter.removeAllListeners();
      await relay?.close();
    },
  };
}

/** How long the relay waits before listening again after its connection dropped, doubling up to the cap. */
const RELAY_RETRY_MS = { first: 500, max: 30_000 };

async function startRelay(url: string, instanceId: string, emitter: EventEmitter, logger: Logger, listens: boolean) {
  const sender = new pg.Pool({ connectionString: url, max: 2 });
  sender.on('error', (error) => logger.error({ err: error }, 'live relay sender failed'));
  const sending = new Set<Promise<unknown>>();
  let listener: pg.Client | undefined;
  let retryMs = RELAY_RETRY_MS.first;
  let retryTimer: NodeJS.Timeout | undefined;
  let closed = false;

  const deliver = (notification: pg.Notification) => {
    if (!notification.payload) return;
    try {
      const payload = JSON.parse(notification.payload) as { from: string } & RelayPayload;
      if (payload.from === instanceId) return;
      if ('ended' in payload) emitter.emit('sessions-ended', endedSessionsSchema.parse(payload.ended));
      else
        emitter.emit('event', {
          audience: payload.event.audience,
          message: liveMessageSchema.parse(payload.event.message),
        });
    } catch (error) {
      logger.warn({ err: error }, 'dropped a malformed live relay message');
    }
  };

  /** Opens a listening connection; a dropped one (database restart, failover) is replaced with backoff. */
  const listen = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: url });
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost || closed) return;
      lost = true;
      listener = undefined;
      logger.error({ err: error }, `live relay connection lost; listening again in ${retryMs} ms`);
      client.end().catch(() => undefined);
      retryTimer = setTimeout(() => void listen().catch(() => undefined), retryMs);
      retryMs = Math.min(retryMs * 2, RELAY_RETRY_MS.max);
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', deliver);
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      onLost(error as Error);
      throw error;
    }
    if (closed) return void (await client.end().catch(() => undefined));
    listener = client;
    if (retryMs !== RELAY_RETRY_MS.first) logger.info('live relay listening again');
    retryMs = RELAY_RETRY_MS.first;
  };
  try {
    if (listens) await listen();
  } catch (error) {
    // At start the database must answer: fail the start rather than retry in the background.
    closed = true;
    clearTimeout(retryTimer);
    await sender.end().catch(() => undefined);
    throw error;
  }

  return {
    send(payload: RelayPayload) {
      const sent = sender
        .query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify({ from: instanceId, ...payload })])
        .catch((error: unknown) => logger.error({ err: error }, 'live relay send failed'))
        .finally(() => sending.delete(sent));
      sending.add(sent);
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      await Promise.all(sending); // a CLI publishes and closes at once: its notifications must still go out
      await listener?.end().catch(() => undefined);
      await sender.end().catch(() => undefined);
    },
  };
}

/** A bus that delivers nothing: for processes without sockets or listeners (the users CLI). */
export const nullLiveBus: LiveBus = {
  publish: () => undefined,
  subscribe: () => () => undefined,
  endSessions: () => undefined,
  onSessionsEnded: () => () => undefined,
  close: async () => undefined,
};
