import { loginRequestSchema, loginResponseSchema, meResponseSchema } from '@mining-hub/contract/auth';
import { errorBodySchema, okSchema, throttledBodySchema } from '@mining-hub/contract/common';
import { requireUser } from '../../http/security.ts';
import type { SessionCookie } from '../../http/session-cookie.ts';
import type { ZodApp } from '../../http/types.ts';
import type { AuthService } from './auth.service.ts';

/** Sign-in, the current user, session refresh and sign-out (SPEC.md section 7, Authentication). */
export function registerAuthRoutes(app: ZodApp, deps: { auth: AuthService; cookie: SessionCookie }): void {
  app.post(
    '/api/v1/auth/login',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        body: loginRequestSchema,
        response: { 200: loginResponseSchema, 401: errorBodySchema, 429: throttledBodySchema },
      },
    },
    async (request, reply) => {
      const { user, token } = await deps.auth.login(request.body.email, request.body.password, request.ip);
      deps.cookie.set(reply, token);
      request.log.info(`user ${user.email} signed in`);
      return { success: true as const, user, message: 'Login successful' };
    },
  );

  app.get(
    '/api/v1/auth/me',
    { schema: { tags: ['auth'], response: { 200: meResponseSchema, 401: errorBodySchema } } },
    async (request) => ({ success: true as const, user: requireUser(request) }),
  );

  app.post(
    '/api/v1/auth/refresh',
    { schema: { tags: ['auth'], response: { 200: meResponseSchema, 401: errorBodySchema } } },
    async (request) => {
      const user = requireUser(request);
      const token = deps.cookie.read(request);
      if (token) await deps.auth.refresh(token);
      return { success: true as const, user };
    },
  );

  app.post(
    '/api/v1/auth/logout',
    { schema: { tags: ['auth'], response: { 200: okSchema } } },
    async (request, reply) => {
      await deps.auth.logout(deps.cookie.read(request));
      deps.cookie.clear(reply);
      return { success: true as const };
    },
  );
}
