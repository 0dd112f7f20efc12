import crypto from 'node:crypto';
import { EventEmitter } from 'node:events';
import pg from 'pg';
import { liveMessageSchema, type LiveMessage } from '@mining-hub/contract/live';
import type { Logger } from '../logging.ts';

/** Who a live message is for: one user, or every signed-in user. */
export type LiveAudience = { userId: number } | 'all';

export interface LiveEvent {
  audience: LiveAudience;
  message: LiveMessage;
}

export interface LiveBus {
  /** Sends a message to the audience's open sockets, on this process and (with PostgreSQL) every other. */
  publish(audience: LiveAudience, message: LiveMessage): void;
  subscribe(listener: (event: LiveEvent) => void): () => void;
  close(): Promise<void>;
}

const CHANNEL = 'mining_hub_live';

/** The in-process bus; with a PostgreSQL URL it also relays through LISTEN/NOTIFY between processes. */
export async function createLiveBus(options: { postgresUrl?: string | undefined; logger: Logger }): Promise<LiveBus> {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const instanceId = crypto.randomUUID();
  const relay = options.postgresUrl
    ? await startRelay(options.postgresUrl, instanceId, emitter, options.logger)
    : undefined;

  return {
    publish(audience, message) {
      const event: LiveEvent = { audience, message: liveMessageSchema.parse(message) };
      emitter.emit('event', event);
      relay?.send(event);
    },
    subscribe(listener) {
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
    async close() {
      emitter.removeAllListeners();
      await relay?.close();
    },
  };
}

/** How long the relay waits before listening again after its connection dropped, doubling up to the cap. */
const RELAY_RETRY_MS = { first: 500, max: 30_000 };

async function startRelay(url: string, instanceId: string, emitter: EventEmitter, logger: Logger) {
  const sender = new pg.Pool({ connectionString: url, max: 2 });
  sender.on('error', (error) => logger.error({ err: error }, 'live relay sender failed'));
  let listener: pg.Client | undefined;
  let retryMs = RELAY_RETRY_MS.first;
  let retryTimer: NodeJS.Timeout | undefined;
  let closed = false;

  const deliver = (notification: pg.Notification) => {
    if (!notification.payload) return;
    try {
      const { from, event } = JSON.parse(notification.payload) as { from: string; event: LiveEvent };
      if (from === instanceId) return;
      emitter.emit('event', { audience: event.audience, message: liveMessageSchema.parse(event.message) });
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
    await listen();
  } catch (error) {
    // At start the database must answer: fail the start rather than retry in the background.
    closed = true;
    clearTimeout(retryTimer);
    await sender.end().catch(() => undefined);
    throw error;
  }

  return {
    send(event: LiveEvent) {
      sender
        .query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify({ from: instanceId, event })])
        .catch((error: unknown) => logger.error({ err: error }, 'live relay send failed'));
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      await listener?.end().catch(() => undefined);
      await sender.end().catch(() => undefined);
    },
  };
}

/** A bus that delivers nothing: for processes without sockets or listeners (the users CLI). */
export const nullLiveBus: LiveBus = {
  publish: () => undefined,
  subscribe: () => () => undefined,
  close: async () => undefined,
};
