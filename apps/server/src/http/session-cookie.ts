import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_ABSOLUTE_TIMEOUT_MS } from '@mining-hub/contract/auth';

export interface SessionCookie {
  read(request: FastifyRequest): string | undefined;
  set(reply: FastifyReply, token: string): void;
  clear(reply: FastifyReply): void;
}

/** The session cookie: HttpOnly, SameSite=Lax; Secure with the `__Host-` prefix when served over HTTPS. */
export function createSessionCookie(publicOrigin: string | undefined): SessionCookie {
  const secure = publicOrigin?.startsWith('https://') ?? false;
  const name = secure ? '__Host-mh_session' : 'mh_session';
  const options = { path: '/', httpOnly: true, sameSite: 'lax', secure } as const;
  return {
    read: (request) => request.cookies[name],
    set: (reply, token) =>
      void reply.setCookie(name, token, { ...options, maxAge: SESSION_ABSOLUTE_TIMEOUT_MS / 1000 }),
    clear: (reply) => void reply.clearCookie(name, options),
  };
}
