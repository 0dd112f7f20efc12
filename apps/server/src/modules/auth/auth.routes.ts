import {
  loginRequestSchema,
  loginResponseSchema,
  meResponseSchema,
  preferencesRequestSchema,
  preferencesResponseSchema,
} from '@mining-hub/contract/auth';
import { okSchema } from '@mining-hub/contract/common';
import { errorBodySchema, throttledBodySchema } from '@mining-hub/contract/errors';
import { changePasswordRequestSchema } from '@mining-hub/contract/users';
import { AppError } from '../../errors.ts';
import { requireUser } from '../../http/security.ts';
import type { SessionCookie } from '../../http/session-cookie.ts';
import type { ZodApp } from '../../http/types.ts';
import type { AuthService } from './auth.service.ts';

/** Sign-in, the current user, session refresh and sign-out (SPEC.md section 7, Authentication). */
export function registerAuthRoutes(app: ZodApp, deps: { auth: AuthService; cookie: SessionCookie }): void {
  app.post(
    '/api/v1/auth/login',
    {
      config: { public: true, responseHeaders: { 200: { 'Set-Cookie': 'The new session cookie' } } },
      schema: {
        tags: ['auth'],
        body: loginRequestSchema,
        response: { 200: loginResponseSchema, 401: errorBodySchema, 429: throttledBodySchema },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      // JSON-quoted: an email is the caller's text, and a line break in it must not forge a log entry.
      const { user, token } = await deps.auth.login(email, password, request.ip).catch((error: unknown) => {
        const why = error instanceof AppError ? error.statusCode : 'error';
        request.log.warn(`sign-in refused (${why}) for ${JSON.stringify(email)} from ${request.ip}`);
        throw error;
      });
      deps.cookie.set(reply, token);
      request.log.info(`user ${user.email} signed in from ${request.ip}`);
      return { success: true as const, user, message: 'Login successful' };
    },
  );

  app.get(
    '/api/v1/auth/me',
    { schema: { tags: ['auth'], response: { 200: meResponseSchema, 401: errorBodySchema } } },
    async (request) => ({ success: true as const, user: requireUser(request) }),
  );

  app.get(
    '/api/v1/auth/preferences',
    { schema: { tags: ['auth'], response: { 200: preferencesResponseSchema, 401: errorBodySchema } } },
    async (request) => ({ success: true as const, data: await deps.auth.preferences(requireUser(request)) }),
  );

  app.put(
    '/api/v1/auth/preferences',
    {
      schema: {
        tags: ['auth'],
        body: preferencesRequestSchema,
        response: { 200: preferencesResponseSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await deps.auth.setPreferences(requireUser(request), request.body),
    }),
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

  app.put(
    '/api/v1/auth/password',
    {
      schema: {
        tags: ['auth'],
        body: changePasswordRequestSchema,
        response: { 200: okSchema, 400: errorBodySchema, 401: errorBodySchema, 429: throttledBodySchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      // The session making the change stays signed in; the user's other sessions end.
      await deps.auth.changePassword(user, deps.cookie.read(request), request.body, request.ip);
      request.log.info(`user ${user.email} changed their password`);
      return { success: true as const };
    },
  );

  app.post(
    '/api/v1/auth/logout',
    {
      config: { responseHeaders: { 200: { 'Set-Cookie': 'Clears the session cookie' } } },
      schema: { tags: ['auth'], response: { 200: okSchema } },
    },
    async (request, reply) => {
      await deps.auth.logout(deps.cookie.read(request));
      request.log.info(`user ${requireUser(request).email} signed out`);
      deps.cookie.clear(reply);
      return { success: true as const };
    },
  );
}
