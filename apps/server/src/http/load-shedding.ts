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
  /** API requests wait in a queue and take turns with the rest of the loop's work: for PGlite (`takeTurns`). */
  requestTurns?: boolean;
  /** The most of one turn (ms) its requests get; MAX_TURN_SHARE_MS unless set. */
  maxTurnShareMs?: number;
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
  if (limits.maxRequestsInFlight > 0) {
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
  // After the in-flight count: a request waiting for its turn is in flight, and the limit refuses the rest.
  if (limits.requestTurns) takeTurns(app, limits.maxTurnShareMs ?? MAX_TURN_SHARE_MS);
}

/** A request that waited this long and has no turn yet is refused: the client hears when to come back. */
export const MAX_TURN_WAIT_MS = 1000;
/** Requests get as much of each turn as the other work of the turn before took, within these bounds. */
const MIN_TURN_SHARE_MS = 10;
const MAX_TURN_SHARE_MS = 200;

/**
 * On PGlite (WebAssembly on this thread) a request runs from start to end without yielding, and Node accepts
 * one new connection per turn of the event loop (strace: one accept4 per epoll_wait). A crowd of connections
 * made each turn run a hundred requests, so new connections waited up to 10 s to be accepted, unseen by the
 * shedding above. Here API requests wait in a queue and take turns: each turn runs as many as fit in a share
 * of time equal to what the loop's other work (a batch in the same process, accepting, reading) took since
 * the last turn, within MIN_TURN_SHARE_MS and MAX_TURN_SHARE_MS. Turns stay short, so connections are
 * accepted in time (with http/accept-group.ts); requests and a batch share the process about evenly; the
 * waiting requests count in flight; and one that waited MAX_TURN_WAIT_MS and is still left for a later turn
 * is refused with 503 instead of waiting longer. One whose client left is dropped unrun.
 */
function takeTurns(app: ZodApp, maxShareMs: number): void {
  const waiting: { request: FastifyRequest; reply: FastifyReply; since: number; done: (error?: Error) => void }[] = [];
  let scheduled = false;
  let costPerRequestMs = 2; // a moving average of what a request took, measured per turn
  const turn = { start: 0, lastSent: 0, released: 0 };
  const nextTurn = () => {
    scheduled = false;
    const now = performance.now();
    let otherWorkMs = now - turn.start;
    if (turn.released > 0 && turn.lastSent > turn.start) {
      costPerRequestMs = 0.8 * costPerRequestMs + (0.2 * (turn.lastSent - turn.start)) / turn.released;
      otherWorkMs = now - turn.lastSent;
    }
    Object.assign(turn, { start: now, lastSent: now, released: 0 });
    const share = Math.min(maxShareMs, Math.max(MIN_TURN_SHARE_MS, otherWorkMs));
    let allowed = Math.max(1, Math.floor(share / costPerRequestMs));
    while (waiting.length > 0 && allowed > 0) {
      const next = waiting.shift();
      if (!next || next.request.raw.socket.destroyed) continue;
      allowed -= 1;
      turn.released += 1;
      next.done();
    }
    // Those left for a later turn that have waited long already are told to come back. A request whose turn
    // has come is served however long the loop held it: refusing it would only make its client wait more.
    while (waiting.length > 0 && now - (waiting[0]?.since ?? now) >= MAX_TURN_WAIT_MS) {
      const stale = waiting.shift();
      if (stale && !stale.request.raw.socket.destroyed) stale.done(busy(stale.reply));
    }
    if (waiting.length > 0) schedule();
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(nextTurn);
  };
  app.addHook('onRequest', (request, reply, done) => {
    if (!isSheddable(request)) return done();
    waiting.push({ request, reply, since: performance.now(), done });
    schedule();
  });
  // When a turn's requests have run (on PGlite, before the loop goes on): what they cost.
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (isSheddable(request)) turn.lastSent = performance.now();
    done(null, payload);
  });
}

const shed = (reply: FastifyReply): Promise<never> => Promise.reject(busy(reply));

/** The refusal of a request this process will not take on now: 503 with Retry-After. */
function busy(reply: FastifyReply): AppError {
  reply.header('retry-after', String(RETRY_AFTER_SECONDS));
  return new AppError(503, 'service_unavailable', 'The server is busy; try again in a moment');
}
