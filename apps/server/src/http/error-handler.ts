import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorCode } from '@mining-hub/contract/errors';
import { isDatabaseUnavailable } from '../db/database-outage.ts';
import { AppError, UnavailableError, databaseUnavailable } from '../errors.ts';

/**
 * The one error handler: typed errors keep their status, `detail` and `code`, validation errors name the
 * field, a database that cannot be reached (restart, failover) is 503 with Retry-After, anything else
 * unexpected is logged and answered 500 without internals. Every body is `{detail, code}`.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // Not logged: the database handle logs an outage once, not once per request that met it.
    const known: Error = isDatabaseUnavailable(error) ? databaseUnavailable() : error;
    if (known instanceof AppError) {
      const waitSeconds = known instanceof UnavailableError ? known.retryAfterSeconds : known.extra.wait_time;
      if (typeof waitSeconds === 'number') reply.header('retry-after', String(waitSeconds));
      return reply.status(known.statusCode).send({ ...known.extra, detail: known.message, code: known.code });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? 'request';
      const problems = error.validation.map((issue) => {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        return `${field ? `${where}.${field}` : where}: ${issue.message}`;
      });
      return reply.status(400).send(errorBody(`Invalid request - ${problems.join('; ')}`, 'validation_failed'));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, url: request.url }, 'response did not match its schema');
      return reply.status(500).send(INTERNAL);
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      // Fastify's own client errors (malformed JSON, body too large, bad content type) have safe messages.
      return reply.status(status).send(errorBody(clientErrorDetail(error), clientErrorCode(status)));
    }
    request.log.error({ err: error, method: request.method, url: request.url }, 'unhandled error');
    return reply.status(500).send(INTERNAL);
  });
}

const INTERNAL: ErrorBody = { detail: 'Internal server error', code: 'internal' };

function errorBody(detail: string, code: ErrorCode): ErrorBody {
  return { detail, code };
}

/** The catalogue's code for a status Fastify or Node chose for a client error. */
function clientErrorCode(status: number): ErrorCode {
  switch (status) {
    case 401:
      return 'unauthenticated';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 408:
      return 'request_timeout';
    case 409:
      return 'conflict';
    case 413:
      return 'payload_too_large';
    case 414:
      return 'uri_too_long';
    case 415:
      return 'unsupported_media_type';
    case 429:
      return 'rate_limited';
    case 431:
      return 'headers_too_large';
    default:
      return 'invalid_request';
  }
}

/** 404 `{detail, code}` for a URL no route serves. */
export function routeNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply
    .status(404)
    .send(errorBody(`Route ${request.method} ${request.url.split('?')[0]} not found`, 'not_found'));
}

function clientErrorDetail(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type; send application/json';
    default:
      return error.message;
  }
}

/**
 * Fastify's answer to a URL its router cannot decode or a path parameter over its length limit,
 * given before any route or hook runs: `{detail, code}` like every other error.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  return reply
    .status(tooLong ? 414 : 400)
    .header('cache-control', 'no-store')
    .send(
      tooLong
        ? errorBody('Request path is too long', 'uri_too_long')
        : errorBody('Request path has malformed percent-encoding', 'invalid_request'),
    );
}

/**
 * Node's answer to a request its HTTP parser refuses (bad request line, NUL in a header, headers too
 * large, a request that took too long), written straight to the socket: `{detail, code}` like every other error.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, detail]: [number, string] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request took too long to arrive']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request line or headers are too large']
        : [400, 'Malformed HTTP request'];
  const body = JSON.stringify(errorBody(detail, clientErrorCode(status)));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
