import { idParamsSchema, okSchema } from '@mining-hub/contract/common';
import { errorBodySchema } from '@mining-hub/contract/errors';
import {
  quickLinkInputSchema,
  quickLinkListResponseSchema,
  quickLinkResponseSchema,
  widgetInputSchema,
  widgetListResponseSchema,
  widgetResponseSchema,
} from '@mining-hub/contract/pinboard';
import { SANDBOXED_DOCUMENT_HEADERS } from '../../http/browser-defences.ts';
import { requireUser } from '../../http/security.ts';
import type { ZodApp } from '../../http/types.ts';
import type { PinboardService } from './pinboard.service.ts';

const tags = ['pinboard'];

/** The dashboard's pin board (SPEC.md section 7, Pin board). */
export function registerPinboardRoutes(app: ZodApp, deps: { pinboard: PinboardService }): void {
  const { pinboard } = deps;

  app.get(
    '/api/v1/pinboard/quick-links',
    { schema: { tags, response: { 200: quickLinkListResponseSchema } } },
    async (request) => ({ success: true as const, data: await pinboard.listQuickLinks(requireUser(request).id) }),
  );

  app.post(
    '/api/v1/pinboard/quick-links',
    { schema: { tags, body: quickLinkInputSchema, response: { 201: quickLinkResponseSchema, 409: errorBodySchema } } },
    async (request, reply) => {
      const { icon, ...rest } = request.body;
      const link = await pinboard.addQuickLink(requireUser(request).id, { ...rest, icon: icon || null });
      return reply.status(201).send({ success: true as const, data: link });
    },
  );

  app.put(
    '/api/v1/pinboard/quick-links/:id',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: quickLinkInputSchema,
        response: { 200: quickLinkResponseSchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const { icon, ...rest } = request.body;
      const link = await pinboard.updateQuickLink(requireUser(request).id, request.params.id, {
        ...rest,
        icon: icon || null,
      });
      return { success: true as const, data: link };
    },
  );

  app.delete(
    '/api/v1/pinboard/quick-links/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: okSchema, 404: errorBodySchema } } },
    async (request) => {
      await pinboard.deleteQuickLink(requireUser(request).id, request.params.id);
      return { success: true as const };
    },
  );

  app.get(
    '/api/v1/pinboard/widgets',
    { schema: { tags, response: { 200: widgetListResponseSchema } } },
    async (request) => ({ success: true as const, data: await pinboard.listWidgets(requireUser(request).id) }),
  );

  app.post(
    '/api/v1/pinboard/widgets',
    { schema: { tags, body: widgetInputSchema, response: { 201: widgetResponseSchema, 409: errorBodySchema } } },
    async (request, reply) => {
      const widget = await pinboard.addWidget(requireUser(request).id, request.body);
      return reply.status(201).send({ success: true as const, data: widget });
    },
  );

  // A custom widget's HTML as a document of its own: its headers replace the app's CSP (which would
  // block its inline scripts in a srcdoc frame) with a CSP sandbox that keeps it in an opaque origin.
  app.get(
    '/api/v1/pinboard/widgets/:id/frame',
    {
      schema: {
        tags,
        description: "A custom widget's HTML, served sandboxed for the pin board's frame",
        params: idParamsSchema,
        produces: ['text/html'],
      },
    },
    async (request, reply) => {
      const html = await pinboard.getCustomWidgetHtml(requireUser(request).id, request.params.id);
      return reply.headers(SANDBOXED_DOCUMENT_HEADERS).send(html);
    },
  );

  app.delete(
    '/api/v1/pinboard/widgets/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: okSchema, 404: errorBodySchema } } },
    async (request) => {
      await pinboard.deleteWidget(requireUser(request).id, request.params.id);
      return { success: true as const };
    },
  );
}
