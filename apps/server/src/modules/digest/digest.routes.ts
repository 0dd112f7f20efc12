import {
  digestSettingsResponseSchema,
  digestSettingsSchema,
  digestUnsubscribeRequestSchema,
} from '@mining-hub/contract/digest';
import { errorBodySchema } from '@mining-hub/contract/errors';
import { z } from 'zod';
import { escapeHtml } from '../../lib/html.ts';
import { requireUser } from '../../http/security.ts';
import type { ZodApp } from '../../http/types.ts';
import type { DigestService } from './digest.service.ts';

const tags = ['digest'];

/** The daily digest's settings (the user's own) and its unsubscribe link (no sign-in: the token is the key). */
export function registerDigestRoutes(app: ZodApp, deps: { digest: DigestService }): void {
  app.get(
    '/api/v1/digest/settings',
    { schema: { tags, response: { 200: digestSettingsResponseSchema, 401: errorBodySchema } } },
    async (request) => ({ success: true as const, data: await deps.digest.settings(requireUser(request).id) }),
  );

  app.put(
    '/api/v1/digest/settings',
    {
      schema: {
        tags,
        body: digestSettingsSchema,
        response: { 200: digestSettingsResponseSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await deps.digest.saveSettings(requireUser(request).id, request.body),
    }),
  );

  // The link in every digest: a page that says it worked, so a click from a mail client needs nothing else.
  app.get(
    '/api/v1/digest/unsubscribe',
    {
      config: { public: true },
      schema: {
        tags,
        description: 'Turns the daily digest off for the token of an e-mail link; answers a short HTML page',
        querystring: digestUnsubscribeRequestSchema,
        produces: ['text/html'],
        response: {
          200: z.string().describe('A short page saying the digest is off'),
          404: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      await deps.digest.unsubscribe(request.query.token);
      const message = 'You will no longer receive the Mining Hub daily digest. You can turn it back on in Settings.';
      return reply
        .type('text/html; charset=utf-8')
        .send(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Daily digest</title></head><body><p>${escapeHtml(message)}</p><p><a href="/settings">Settings</a></p></body></html>`,
        );
    },
  );
}
