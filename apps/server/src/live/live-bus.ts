import crypto from 'node:crypto';
import { EventEmitter } from 'node:events';
import pg from 'pg';
import { z } from 'zod';
import { liveMessageSchema, type LiveMessage } from '@mining-hub/contract/live';
import { isDatabaseUnavailable } from '../db/database-outage.ts';
import type { Logger } from '../logging.ts';
import { createTopicSequencer } from './live-sequence.ts';

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

/**
 * What the relay tells the hub about its link to the other processes (PostgreSQL only):
 * - `database_down`: it lost its listening connection and could not open another: the database is unreachable;
 * - `listening_again`: it listens again after losing the connection; what other processes published meanwhile
 *   never reached this one, so its sockets must catch up from the database;
 * - `peer_lost_messages`: another process could not send some messages (its database connection failed):
 *   the sockets must catch up too.
 */
export type RelayEvent = 'database_down' | 'listening_again' | 'peer_lost_messages';

export interface LiveBus {
  /**
   * Sends a message to the audience's open sockets, on this process and (with PostgreSQL) every other,
   * numbered in its topic (`topic`, `seq`) so a client can tell when it missed one.
   */
  publish(audience: LiveAudience, message: LiveMessage): void;
  subscribe(listener: (event: LiveEvent) => void): () => void;
  /** Tells this process and every other that these sessions ended. */
  endSessions(ended: EndedSessions): void;
  onSessionsEnded(listener: (ended: EndedSessions) => void): () => void;
  onRelayEvent(listener: (event: RelayEvent) => void): () => void;
  /** Stops delivering; resolves once the messages already published have been handed to PostgreSQL. */
  close(): Promise<void>;
}

const CHANNEL = 'mining_hub_live';
// NOTIFY payloads are limited to 8,000 bytes: session ids (64 hex characters) travel in groups of this size.
const SESSION_IDS_PER_NOTIFY = 100;

/** What travels through pg_notify: a live message, ended sessions, or "I lost messages: catch up". */
type RelayPayload = { event: LiveEvent } | { ended: EndedSessions } | { resync: true };

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
  const sequencer = createTopicSequencer(instanceId);
  const relay = options.postgresUrl
    ? await startRelay(options.postgresUrl, instanceId, emitter, options.logger, options.listen ?? true)
    : undefined;

  return {
    publish(audience, message) {
      const event: LiveEvent = { audience, message: sequencer.stamp(audience, liveMessageSchema.parse(message)) };
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
    onRelayEvent(listener) {
      emitter.on('relay', listener);
      return () => emitter.off('relay', listener);
    },
    async close() {
      emitter.removeAllListeners();
      await relay?.close();
    },
  };
}

/** How long the relay waits before listening again after its connection dropped, doubling up to the cap. */
const RELAY_RETRY_MS = { first: 500, max: 5_000 };

/**
 * The LISTEN/NOTIFY relay. Losing the database is expected now and then (a restart, a failover): it is
 * logged once per outage without a stack, and the hub is told (`RelayEvent`) so its sockets catch up.
 */
async function startRelay(url: string, instanceId: string, emitter: EventEmitter, logger: Logger, listens: boolean) {
  // One connection sends, so a process's messages reach the others in the order it published them.
  const sender = new pg.Pool({ connectionString: url, max: 1 });
  sender.on('error', (error) => {
    if (!isDatabaseUnavailable(error)) logger.error({ err: error }, 'live relay sender failed');
  });
  const sending = new Set<Promise<unknown>>();
  let listener: pg.Client | undefined;
  let retryMs = RELAY_RETRY_MS.first;
  let retryTimer: NodeJS.Timeout | undefined;
  /** When the listening connection was lost, and how many attempts to listen failed since. */
  let lostAt: number | undefined;
  let failedAttempts = 0;
  let closed = false;
  const relayEvent = (event: RelayEvent) => emitter.emit('relay', event);

  const deliver = (notification: pg.Notification) => {
    if (!notification.payload) return;
    try {
      const payload = JSON.parse(notification.payload) as { from: string } & RelayPayload;
      if (payload.from === instanceId) return;
      if ('resync' in payload) relayEvent('peer_lost_messages');
      else if ('ended' in payload) emitter.emit('sessions-ended', endedSessionsSchema.parse(payload.ended));
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
    const client = new pg.Client({ connectionString: url, application_name: LISTENER_APPLICATION_NAME });
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost || closed) return;
      lost = true;
      listener = undefined;
      failedAttempts += 1;
      if (lostAt === undefined) {
        lostAt = Date.now();
        const reason = error?.message ?? 'connection ended';
        if (!error || isDatabaseUnavailable(error))
          logger.info(`live relay connection lost (${reason}); listening again`);
        else logger.warn(`live relay connection lost (${reason}); listening again`);
      }
      // The first attempt to listen again failed too: the database is unreachable, not just one connection.
      if (failedAttempts === 2) relayEvent('database_down');
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
    retryMs = RELAY_RETRY_MS.first;
    failedAttempts = 0;
    if (lostAt !== undefined) {
      logger.info(`live relay listening again after ${((Date.now() - lostAt) / 1000).toFixed(1)} s`);
      lostAt = undefined;
      relayEvent('listening_again');
    }
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

  // Messages this process could not send never reach the others: once it can send again, it tells them
  // to catch up from the database (retried until it goes through).
  let resyncTimer: NodeJS.Timeout | undefined;
  const announceLostMessages = (delayMs = RELAY_RETRY_MS.first) => {
    if (resyncTimer || closed) return;
    resyncTimer = setTimeout(() => {
      resyncTimer = undefined;
      notify({ resync: true }).catch(() => announceLostMessages(Math.min(delayMs * 2, RELAY_RETRY_MS.max)));
    }, delayMs);
  };
  const notify = (payload: RelayPayload) =>
    sender.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify({ from: instanceId, ...payload })]);

  return {
    send(payload: RelayPayload) {
      const sent = notify(payload)
        .catch((error: unknown) => {
          if (!isDatabaseUnavailable(error)) logger.error({ err: error }, 'live relay send failed');
          announceLostMessages();
        })
        .finally(() => sending.delete(sent));
      sending.add(sent);
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      clearTimeout(resyncTimer);
      await Promise.all(sending); // a CLI publishes and closes at once: its notifications must still go out
      await listener?.end().catch(() => undefined);
      await sender.end().catch(() => undefined);
    },
  };
}

/** How the listening connection shows in pg_stat_activity (tests end it to simulate a lost connection). */
export const LISTENER_APPLICATION_NAME = 'mining_hub_live_listener';

/** A bus that delivers nothing: for processes without sockets or listeners (the users CLI). */
export const nullLiveBus: LiveBus = {
  publish: () => undefined,
  subscribe: () => () => undefined,
  endSessions: () => undefined,
  onSessionsEnded: () => () => undefined,
  onRelayEvent: () => () => undefined,
  close: async () => undefined,
};
