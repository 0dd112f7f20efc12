import {
  digestSettingsResponseSchema,
  digestSettingsSchema,
  digestUnsubscribeRequestSchema,
} from '@mining-hub/contract/digest';
import { errorBodySchema } from '@mining-hub/contract/errors';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { cspHash, escapeHtml } from '../../lib/html.ts';
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

  // The link in every digest opens a page that asks to confirm (a mail scanner that follows links changes
  // nothing); its button, or a mail client's one-click unsubscribe (RFC 8058), POSTs to the same address.
  app.get(
    '/api/v1/digest/unsubscribe',
    {
      config: { public: true },
      schema: {
        tags,
        description: 'The page of the link in a daily digest: asks to confirm turning the digest off (changes nothing)',
        querystring: digestUnsubscribeRequestSchema,
        produces: ['text/html'],
        response: {
          200: z.string().describe('A short page with a button that turns the digest off'),
          404: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { token } = request.query;
      await deps.digest.checkUnsubscribeToken(token);
      const action = `/api/v1/digest/unsubscribe?token=${encodeURIComponent(token)}`;
      return sendPage(
        reply,
        `<p>Stop receiving the Mining Hub daily digest?</p><form method="post" action="${escapeHtml(action)}"><button type="submit">Turn off the daily digest</button></form>`,
      );
    },
  );

  // A scope of its own: the one route that takes a form body (the page's button, or a mail client's
  // `List-Unsubscribe=One-Click`); its content says nothing the token does not.
  void app.register(async (scope) => registerUnsubscribe(scope, deps.digest));
}

function registerUnsubscribe(scope: ZodApp, digest: DigestService): void {
  scope.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data'],
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, _body, done) => done(null, undefined),
  );
  scope.post(
    '/api/v1/digest/unsubscribe',
    {
      config: { public: true, keyedByToken: true },
      schema: {
        tags,
        description:
          'Turns the daily digest off for the token of an e-mail link (the page’s button, or RFC 8058 one-click); answers a short HTML page',
        querystring: digestUnsubscribeRequestSchema,
        produces: ['text/html'],
        response: {
          200: z.string().describe('A short page saying the digest is off'),
          404: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      await digest.unsubscribe(request.query.token);
      return sendPage(
        reply,
        `<p>You will no longer receive the Mining Hub daily digest. You can turn it back on in <a href="/settings">Settings</a>.</p>`,
      );
    },
  );
}

// The app's colours (Tailwind's slate and blue), inline: the app's stylesheet has a hashed name, and this page is
// served without it. Its policy allows exactly this stylesheet, no script, and the form posting to this server.
const PAGE_CSS =
  'body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#0f172a;background:#f8fafc;padding:0 1rem}' +
  'main{max-width:32rem;margin:12vh auto 2rem;padding:1.75rem 2rem;background:#fff;border:1px solid #e2e8f0;border-radius:.5rem}' +
  'h1{font-size:1.25rem;margin:0 0 .75rem}p{margin:0 0 1.25rem}p:last-child{margin:0}a{color:#1d4ed8}' +
  'button{font:inherit;font-weight:600;padding:.5rem 1rem;border:0;border-radius:.375rem;background:#1d4ed8;color:#fff;cursor:pointer}' +
  'button:hover{background:#1e40af}button:focus-visible{outline:2px solid #2563eb;outline-offset:2px}';
const PAGE_CSP = [
  "default-src 'none'",
  `style-src ${cspHash(PAGE_CSS)}`,
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** A page of the unsubscribe link: HTML of its own, readable in any browser a mail client opens. */
function sendPage(reply: FastifyReply, body: string) {
  return reply
    .type('text/html; charset=utf-8')
    .header('content-security-policy', PAGE_CSP)
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Daily digest – Mining Hub</title><style>${PAGE_CSS}</style></head><body><main><h1>Daily digest</h1>${body}</main></body></html>`,
    );
}
