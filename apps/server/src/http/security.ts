import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { User } from '@mining-hub/contract/auth';
import { forbidden, invalidRequest, unauthenticated } from '../errors.ts';
import { requestTargetProblem } from './request-target.ts';
import type { SessionCookie } from './session-cookie.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user; set by the security hook on every protected route. */
    user: User | undefined;
  }
  interface FastifyInstance {
    /** Every route registered after the security hook, so a test can prove none slips through. */
    routeTable: Pick<RouteOptions, 'method' | 'url' | 'config' | 'schema'>[];
  }
  interface FastifyContextConfig {
    /** Opt a route under /api/v1 or /ws out of the session requirement (only sign-in uses it). */
    public?: boolean;
    /**
     * A public route whose request carries its own secret (a digest's unsubscribe token) also takes a
     * state-changing request without an Origin header: a mail provider's one-click unsubscribe (RFC 8058)
     * posts from its servers. A foreign Origin is still refused.
     */
    keyedByToken?: boolean;
    /** The role a protected route needs beyond a session; members are refused 403. */
    role?: 'admin';
  }
}

/** What the security hook needs of authentication (the auth service provides it). */
export interface SessionAuthenticator {
  /** The user of a live session token, or undefined. */
  authenticate(token: string | undefined): Promise<User | undefined>;
}

export const ADMINS_ONLY = 'Only administrators can do this';

const LIVE_SOCKET_PATH = '/ws';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** True for the route paths that need a session: the API and the live socket. */
export const isProtectedPath = (routePath: string) =>
  routePath.startsWith('/api/v1/') || routePath === LIVE_SOCKET_PATH;

/**
 * One place for request security, applied to every route including ones added later: a request
 * target in any but the canonical spelling is refused; state-changing requests and socket upgrades
 * must come from the app's own origin; routes under /api/v1 and /ws need a valid session unless
 * marked public, and a route marked `role: 'admin'` refuses members. These decisions are taken on the
 * route the router matched, never on the raw URL, so no spelling can reach a handler without them.
 */
export function registerSecurity(
  app: FastifyInstance,
  deps: { auth: SessionAuthenticator; cookie: SessionCookie; publicOrigin: string | undefined },
): void {
  app.decorateRequest('user', undefined);
  const routeTable: FastifyInstance['routeTable'] = [];
  app.decorate('routeTable', routeTable);
  app.addHook(
    'onRoute',
    (route) =>
      void routeTable.push({ method: route.method, url: route.url, config: route.config, schema: route.schema }),
  );
  app.addHook('onRequest', async (request) => {
    const targetProblem = requestTargetProblem(request.url);
    if (targetProblem) throw invalidRequest(targetProblem);
    const upgrade = request.headers.upgrade?.toLowerCase() === 'websocket';
    // Any route's handler completes a WebSocket handshake before it closes a socket it has no use for
    // (@fastify/websocket), so another spelling (/ws/, /WS) is refused before it gets there.
    if (upgrade && request.routeOptions.url !== LIVE_SOCKET_PATH) {
      throw invalidRequest(`WebSocket connections are accepted at ${LIVE_SOCKET_PATH} only`);
    }
    const tokenKeyedWithoutOrigin = request.routeOptions.config.keyedByToken && !request.headers.origin;
    if ((STATE_CHANGING.has(request.method) || upgrade) && !tokenKeyedWithoutOrigin)
      assertSameOrigin(request, deps.publicOrigin);
    const routePath = request.routeOptions.url;
    if (routePath === undefined || !isProtectedPath(routePath) || request.routeOptions.config.public) return;
    const user = await deps.auth.authenticate(deps.cookie.read(request));
    if (!user) throw unauthenticated();
    if (request.routeOptions.config.role === 'admin' && user.role !== 'admin') throw forbidden(ADMINS_ONLY);
    request.user = user;
  });
}

function assertSameOrigin(request: FastifyRequest, publicOrigin: string | undefined): void {
  const origin = request.headers.origin;
  if (!origin) throw forbidden('Missing Origin header');
  const given = normaliseOrigin(origin);
  const accepted = publicOrigin ? given === normaliseOrigin(publicOrigin) : given && ownOrigins(request).has(given);
  if (!accepted) throw forbidden('Cross-origin request refused');
}

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/**
 * Without PUBLIC_ORIGIN, the origins the app is reached at: the address and port the connection came in
 * on, under that address and the loopback names. Never the Host header, which the client writes: with
 * `Host: evil.example` and `Origin: http://evil.example` a page on evil.example (DNS-rebound to us) would
 * otherwise pass. A test's injected request has no socket address; its Host's port stands in.
 */
function ownOrigins(request: FastifyRequest): Set<string> {
  const socket = request.raw.socket;
  const port = socket.localPort ?? request.port;
  const local = socket.localAddress?.replace(/^::ffff:(?=\d+\.)/, '');
  const hosts = local ? [...LOOPBACK_NAMES, local.includes(':') ? `[${local}]` : local] : LOOPBACK_NAMES;
  const origins = hosts.map((host) => normaliseOrigin(`${request.protocol}://${host}${port ? `:${port}` : ''}`));
  return new Set(origins.filter((origin) => origin !== undefined));
}

/** The origin users reach the app at: PUBLIC_ORIGIN, or else the request's own scheme and host. */
export function appOriginOf(request: FastifyRequest, publicOrigin: string | undefined): string {
  return publicOrigin ?? `${request.protocol}://${request.host}`;
}

function normaliseOrigin(value: string): string | undefined {
  try {
    return new URL(value).origin;
  } catch {
    return undefined;
  }
}

/** The signed-in user of a protected route (the security hook guarantees one). */
export function requireUser(request: FastifyRequest): User {
  if (!request.user) throw unauthenticated();
  return request.user;
}
