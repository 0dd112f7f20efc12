import { idParamsSchema } from '@mining-hub/contract/common';
import { errorBodySchema } from '@mining-hub/contract/errors';
import {
  createPromptRequestSchema,
  promptInputSchema,
  promptListResponseSchema,
  promptResponseSchema,
  schemaValidationResponseSchema,
  validateSchemaRequestSchema,
} from '@mining-hub/contract/prompts';
import {
  activatePromptRequestSchema,
  activatePromptResponseSchema,
  activationNeedsConfirmationSchema,
} from '@mining-hub/contract/evaluation';
import type { FastifyRequest } from 'fastify';
import { registerJsonBodyParser } from '../../http/json-body.ts';
import { requireUser } from '../../http/security.ts';
import type { ZodApp } from '../../http/types.ts';
import type { PromptsService } from './prompts.service.ts';
import { findDuplicateKeys } from './json-shape.ts';

const tags = ['prompts'];

/** AI prompt templates (SPEC.md section 7, Prompts). */
export function registerPromptsRoutes(app: ZodApp, deps: { prompts: PromptsService }): void {
  // A scope of their own, for a JSON parser that also reports repeated keys: JSON.parse keeps only the
  // last of two fields with one name, and the schema check must see both.
  void app.register(async (scope) => {
    registerDuplicateKeyParser(scope);
    registerRoutes(scope, deps.prompts);
  });
}

const duplicateKeysByRequest = new WeakMap<FastifyRequest, string[][]>();

/** The signed-in user, as the audit log names them. */
function actorOf(request: FastifyRequest) {
  const { id, email } = requireUser(request);
  return { id, email };
}

/** Repeated keys under `root` of the request body, as paths below it. */
function duplicateKeysUnder(request: FastifyRequest, root: string): string[][] {
  return (duplicateKeysByRequest.get(request) ?? []).filter((path) => path[0] === root).map((path) => path.slice(1));
}

function registerDuplicateKeyParser(scope: ZodApp): void {
  registerJsonBodyParser(scope, (request, text) => duplicateKeysByRequest.set(request, findDuplicateKeys(text)));
}

function registerRoutes(scope: ZodApp, prompts: PromptsService): void {
  scope.get('/api/v1/prompts', { schema: { tags, response: { 200: promptListResponseSchema } } }, async () => ({
    success: true as const,
    data: await prompts.list(),
  }));

  scope.get(
    '/api/v1/prompts/active',
    { schema: { tags, response: { 200: promptResponseSchema, 404: errorBodySchema } } },
    async () => ({ success: true as const, data: await prompts.getActivePrompt() }),
  );

  scope.post(
    '/api/v1/prompts',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        body: createPromptRequestSchema,
        response: { 201: promptResponseSchema, 400: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { set_as_active, ...draft } = request.body;
      const prompt = await prompts.create(draft, {
        setAsActive: set_as_active,
        duplicateKeys: duplicateKeysUnder(request, 'function_schema'),
        actor: actorOf(request),
      });
      return reply.status(201).send({ success: true as const, data: prompt });
    },
  );

  scope.post(
    '/api/v1/prompts/validate-schema',
    { schema: { tags, body: validateSchemaRequestSchema, response: { 200: schemaValidationResponseSchema } } },
    async (request) => ({
      success: true as const,
      data: prompts.validateSchema(request.body.schema, { duplicateKeys: duplicateKeysUnder(request, 'schema') }),
    }),
  );

  scope.put(
    '/api/v1/prompts/:id',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        params: idParamsSchema,
        body: promptInputSchema,
        response: { 200: promptResponseSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const prompt = await prompts.update(request.params.id, request.body, {
        duplicateKeys: duplicateKeysUnder(request, 'function_schema'),
        actor: actorOf(request),
      });
      return { success: true as const, data: prompt };
    },
  );

  scope.post(
    '/api/v1/prompts/:id/activate',
    {
      config: { role: 'admin' },
      schema: {
        tags,
        params: idParamsSchema,
        body: activatePromptRequestSchema,
        response: {
          200: activatePromptResponseSchema,
          400: errorBodySchema,
          404: errorBodySchema,
          409: activationNeedsConfirmationSchema,
        },
      },
    },
    async (request) => {
      const { evaluation_note, ...prompt } = await prompts.activate(request.params.id, actorOf(request), {
        confirm: request.body?.confirm,
      });
      return { success: true as const, data: prompt, evaluation_note };
    },
  );
}
