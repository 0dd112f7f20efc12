import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The app's Content-Security-Policy. No inline or eval'd script anywhere; pin board widgets embed
 * https pages, images and videos, and custom HTML widgets load from 'self' (their own sandboxed route).
 * Images also come from http: an expanded article shows its figures from the page's own host, which on
 * an intranet may serve http only (an https app page has them upgraded by the browser anyway).
 */
export const APP_CSP_DIRECTIVES = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'http:', 'https:'],
  'media-src': ["'self'", 'https:'],
  'frame-src': ["'self'", 'https:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** The docs' CSP: Swagger UI inserts <style> elements, so its pages (only) allow inline styles. */
export const docsCsp = (appCsp: string) => appCsp.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'");

/**
 * Headers for a document of untrusted HTML (a custom widget), replacing the app's policy: the CSP
 * sandbox keeps it in an opaque origin even when opened directly, its own scripts and any source
 * may run inside, and only the app itself may frame it.
 */
export const SANDBOXED_DOCUMENT_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy':
    "sandbox allow-scripts; default-src * data: blob: 'unsafe-inline' 'unsafe-eval'; frame-ancestors 'self'",
  'x-frame-options': 'SAMEORIGIN',
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-store',
} as const;

/**
 * Browser defences on every answer: helmet's headers with the app's CSP, no framing by other sites,
 * and nothing under /api kept in a cache (answers carry personal data).
 * Registered before the security hook, so refused requests (401, 403) carry them too.
 */
export async function registerBrowserDefences(app: FastifyInstance): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: APP_CSP_DIRECTIVES },
    xFrameOptions: { action: 'deny' },
    // same-origin rather than no-referrer: other sites learn nothing, and the app's own requests keep theirs.
    referrerPolicy: { policy: 'same-origin' },
  });
  // onSend, so it also overrides what a plugin set (@fastify/static's caching of the docs' files).
  app.addHook('onSend', async (request, reply) => {
    if (isApiPath(request.url)) reply.header('cache-control', 'no-store');
  });
}

// Any spelling: /API/v1/... is answered too (a 404), and carries nothing a cache should keep either.
const isApiPath = (url: string) => /^\/api(?:[/?]|$)/i.test(url);
