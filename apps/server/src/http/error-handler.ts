import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../errors.ts';

/**
 * The one error handler: typed errors keep their status and `detail`, validation errors name the field,
 * anything unexpected is logged and answered 500 without internals.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({ detail: error.message, ...error.extra });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? 'request';
      const problems = error.validation.map((issue) => {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        return `${field ? `${where}.${field}` : where}: ${issue.message}`;
      });
      return reply.status(400).send({ detail: `Invalid request - ${problems.join('; ')}` });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, url: request.url }, 'response did not match its schema');
      return reply.status(500).send({ detail: 'Internal server error' });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      // Fastify's own client errors (malformed JSON, body too large, bad content type) have safe messages.
      return reply.status(status).send({ detail: clientErrorDetail(error) });
    }
    request.log.error({ err: error, method: request.method, url: request.url }, 'unhandled error');
    return reply.status(500).send({ detail: 'Internal server error' });
  });
}

/** 404 `{detail}` for a URL no route serves. */
export function routeNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).send({ detail: `Route ${request.method} ${request.url.split('?')[0]} not found` });
}

function clientErrorDetail(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Request body is not valid JSON';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type; send application/json';
    default:
      return error.message;
  }
}
