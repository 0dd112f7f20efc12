import { idParamsSchema } from '@mining-hub/contract/common';
import { errorBodySchema } from '@mining-hub/contract/errors';
import {
  createUserRequestSchema,
  resetPasswordResponseSchema,
  updateUserRequestSchema,
  userListResponseSchema,
  userResponseSchema,
} from '@mining-hub/contract/users';
import { requireUser } from '../../http/security.ts';
import type { ZodApp } from '../../http/types.ts';
import type { AuthService } from '../auth/auth.service.ts';

const tags = ['users'];
const config = { role: 'admin' as const };
const actorOf = (user: { id: number; email: string }) => ({ id: user.id, email: user.email });

/**
 * The Users screen (admin). User management lives in the auth service, which the users CLI shares, so
 * both apply the same rules; each change is recorded in the audit log in its own transaction.
 */
export function registerUsersRoutes(app: ZodApp, deps: { auth: AuthService }): void {
  const { auth } = deps;

  app.get(
    '/api/v1/users',
    { config, schema: { tags, response: { 200: userListResponseSchema, 403: errorBodySchema } } },
    async () => ({ success: true as const, data: await auth.listUsers() }),
  );

  app.post(
    '/api/v1/users',
    {
      config,
      schema: {
        tags,
        body: createUserRequestSchema,
        response: { 201: userResponseSchema, 400: errorBodySchema, 403: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      const user = await auth.addUser(request.body, actorOf(requireUser(request)));
      request.log.info(`user ${user.email} (${user.role}) created by ${requireUser(request).email}`);
      return reply.status(201).send({ success: true as const, data: user });
    },
  );

  app.patch(
    '/api/v1/users/:id',
    {
      config,
      schema: {
        tags,
        params: idParamsSchema,
        body: updateUserRequestSchema,
        response: { 200: userResponseSchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await auth.updateUser(request.params.id, request.body, actorOf(requireUser(request))),
    }),
  );

  app.post(
    '/api/v1/users/:id/reset-password',
    {
      config,
      schema: {
        tags,
        params: idParamsSchema,
        response: { 200: resetPasswordResponseSchema, 403: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => ({
      success: true as const,
      temporary_password: await auth.resetPassword(request.params.id, actorOf(requireUser(request))),
    }),
  );
}
