import fastifyUnderPressure from '@fastify/under-pressure';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import type { ZodApp } from './types.ts';

/** How much one API process takes on before it refuses more (config.ts: MAX_REQUESTS_IN_FLIGHT, …). */
export interface LoadSheddingLimits {
  /** Requests this process handles at once; the next is answered 503 at once. 0: no limit. */
  maxRequestsInFlight: number;
  /** Mean event-loop delay (ms, over each second) above which requests are answered 503. 0: off. */
  maxEventLoopDelayMs: number;
  /**
   * Open connections from which that delay sheds: a slow loop with few clients (a busy or small machine)
   * serves them slowly rather than refusing them; only a crowd waiting behind it is turned away.
   */
  crowdConnections?: number;
}

/** A few people with the app open hold about six connections each; a crowd is well beyond that. */
export const DEFAULT_CROWD_CONNECTIONS = 64;

/** A refused request is worth trying again this soon: a burst's requests finish within a second. */
const RETRY_AFTER_SECONDS = 1;

// Only API requests are counted and refused: /health (the load balancer's check), the live socket (an
// open socket is no request in flight), the web app's files and the demo's article pages (which the
// pipeline fetches from this very server) cost little and are always served.
const isSheddable = (request: FastifyRequest) => request.routeOptions.url?.startsWith('/api/') === true;

/**
 * Refuses API work beyond the limits with 503 `{detail, code}` and Retry-After, before the request costs
 * anything (the session look-up included), instead of letting every request wait. Two signals, one per
 * engine's way of queueing: on PostgreSQL requests wait in flight for a pooled connection, so their number
 * is bounded; on PGlite (WebAssembly on this thread) a request runs from start to end in one turn of the
 * event loop, the others waiting unread in their sockets, so only the event loop's delay
 * (@fastify/under-pressure's mean over each second) shows the queue.
 */
export async function registerLoadShedding(app: ZodApp, limits: LoadSheddingLimits): Promise<void> {
  if (limits.maxEventLoopDelayMs > 0) {
    const crowd = limits.crowdConnections ?? DEFAULT_CROWD_CONNECTIONS;
    let openConnections = 0;
    app.server.on('connection', (socket) => {
      openConnections += 1;
      socket.once('close', () => {
        openConnections -= 1;
      });
    });
    await app.register(fastifyUnderPressure, {
      maxEventLoopDelay: limits.maxEventLoopDelayMs,
      retryAfter: RETRY_AFTER_SECONDS,
      pressureHandler: (request, reply) => (isSheddable(request) && openConnections >= crowd ? shed(reply) : undefined),
    });
  }
  if (limits.maxRequestsInFlight <= 0) return;
  let inFlight = 0;
  app.addHook('onRequest', async (request, reply) => {
    if (!isSheddable(request)) return;
    if (inFlight >= limits.maxRequestsInFlight) return shed(reply);
    inFlight += 1;
    // 'close' comes once per response, whether it was sent or the client went away first.
    reply.raw.once('close', () => {
      inFlight -= 1;
    });
  });
}

function shed(reply: FastifyReply): Promise<never> {
  reply.header('retry-after', String(RETRY_AFTER_SECONDS));
  return Promise.reject(new AppError(503, 'service_unavailable', 'The server is busy; try again in a moment'));
}
