import fastifySwagger from '@fastify/swagger';
import { ERROR_CODES } from '@mining-hub/contract/errors';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { isProtectedPath } from './security.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Response headers the route itself sets, by status, as OpenAPI documents them (name: description).
     * The central ones (Retry-After on 429/503, Content-Disposition on a file download) need no entry.
     */
    responseHeaders?: Partial<Record<number, Record<string, string>>>;
  }
}

/** What the document completion needs to know of a route beyond what its schema already says. */
interface RouteFacts {
  method: string;
  url: string;
  config: RouteOptions['config'];
  schema: RouteOptions['schema'];
}

type JsonObject = Record<string, unknown>;

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A path segment the request-target rule lets through: no separator, control, `;` or dot segment. */
const PATH_SEGMENT_PATTERN = String.raw`^(?!\.{1,2}$)[^/\\?#;\u0000-\u001f\u007f]+$`;

const ERROR_BODY_REF = '#/components/schemas/ErrorBody';

/** The refusals the central hooks can give, with the reason each applies; routes declare their own others. */
const REFUSALS: Record<number, string> = {
  400: 'Malformed request (target, JSON, encoding, a body where none is taken) or a refused field value',
  401: 'No valid session',
  403: 'Signed in but not allowed (a member on an admin route), or a state-changing request from another origin',
  404: 'No such resource (or one the caller may not see)',
  413: 'The request body is over 1 MB',
  414: 'A path parameter is over its length limit',
  415: 'A request body of another type than JSON',
  429: 'Too many attempts; wait the seconds given in Retry-After and wait_time',
  503: 'The server cannot serve this now (overloaded, or the database is restarting); retry after Retry-After',
};

/**
 * Registers @fastify/swagger (served at /api/docs/json) with the zod contract's schemas, and completes the
 * document centrally so that it describes every answer a route can give, whoever adds the route:
 *
 * - each operation lists the refusals the central hooks give (400 on every operation; 401 on every
 *   operation needing a session; 403 on admin-only and state-changing ones; 404 and 414 where the path has
 *   parameters; 413 and 415 everywhere, since every method's body is parsed; 503 everywhere) with the
 *   `{detail, code}` schema, besides the statuses the route declares itself;
 * - 429 and 503 document Retry-After; a route that `produces` a file type documents that type for its
 *   2xx answer, and Content-Disposition unless it is HTML; `config.responseHeaders` adds the route's own;
 * - a route that takes no body documents an optional body that carries nothing (`{}` or `null`), which
 *   the server accepts as no body (json-body.ts, `nothingOrRefuse`);
 * - every operation has an operationId (method and path), its tags are listed globally, and a nullable
 *   enum has no `default: null` (see below), so that the document passes Spectral's `spectral:oas`.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  const routes: RouteFacts[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      routes.push({ method, url: route.url, config: route.config, schema: route.schema });
    }
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Mining Sales Hub API',
        version: '1.0.0',
        description:
          'The JSON API of the Mining Sales Hub: news, the article pipeline, CRM pushes, watches, the scraper and ' +
          'administration. Every refusal is `{detail, code}` with a code from ErrorBody.code. A session cookie ' +
          'from /api/v1/auth/login authenticates; state-changing requests need an Origin header of the app.',
        contact: { name: 'Mining Sales Hub operators' },
      },
      servers: [{ url: '/', description: 'The server that serves this document' }],
    },
    transform: jsonSchemaTransform,
    transformObject: (documentObject) =>
      completeDocument((documentObject as unknown as { openapiObject: JsonObject }).openapiObject, routes),
  });
}

/** Adds to the generated document what the central hooks and the routes' facts say (see registerOpenApi). */
export function completeDocument(document: JsonObject, routes: readonly RouteFacts[]): JsonObject {
  const components = (document.components ??= {}) as JsonObject;
  const schemas = (components.schemas ??= {}) as JsonObject;
  schemas.ErrorBody = {
    type: 'object',
    description: 'Every 4xx/5xx answer: a human-readable `detail` and a stable `code`',
    properties: { detail: { type: 'string' }, code: { type: 'string', enum: [...ERROR_CODES] } },
    required: ['detail', 'code'],
  };
  const tags = new Set<string>();
  const paths = (document.paths ?? {}) as Record<string, Record<string, JsonObject>>;
  for (const [openApiPath, operations] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const facts = routes.find(
        (route) => route.method.toLowerCase() === method && toOpenApiPath(route.url) === openApiPath,
      );
      completeOperation(operation, method.toUpperCase(), openApiPath, facts);
      for (const tag of (operation.tags as string[] | undefined) ?? []) tags.add(tag);
    }
  }
  document.tags = [...tags].sort().map((name) => ({ name, description: `The ${name} operations` }));
  dropNullDefaultsOfNullableEnums(document);
  return document;
}

const toOpenApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

function completeOperation(operation: JsonObject, method: string, openApiPath: string, facts?: RouteFacts) {
  operation.operationId ??= operationIdOf(method, openApiPath);
  operation.description ??= `${method} ${openApiPath}`;
  const responses = (operation.responses ??= {}) as Record<string, JsonObject>;
  const schema = (facts?.schema ?? {}) as JsonObject;
  const config = (facts?.config ?? {}) as JsonObject & {
    public?: boolean;
    role?: string;
    responseHeaders?: Partial<Record<number, Record<string, string>>>;
  };
  const protectedRoute = isProtectedPath(facts?.url ?? openApiPath) && !config.public;
  const hasPathParams = openApiPath.includes('{');
  // For tools and the contract run: whether a session is needed, and which role beyond it.
  operation['x-session-required'] = protectedRoute;
  if (config.role) operation['x-required-role'] = config.role;
  for (const parameter of (operation.parameters ?? []) as { in: string; schema?: JsonObject }[]) {
    const text = parameter.schema;
    if (parameter.in === 'path' && text?.type === 'string' && !text.pattern && !text.enum && !text.format) {
      // The request-target rule (request-target.ts) holds for every path segment.
      text.pattern = PATH_SEGMENT_PATTERN;
    }
  }
  const statuses = [400, 413, 415, 503];
  if (protectedRoute) statuses.push(401);
  if (config.role === 'admin' || STATE_CHANGING.has(method)) statuses.push(403);
  if (hasPathParams) statuses.push(404, 414);
  for (const status of statuses) {
    responses[status] ??= {
      description: REFUSALS[status],
      content: { 'application/json': { schema: { $ref: ERROR_BODY_REF } } },
    };
  }
  for (const [status, response] of Object.entries(responses)) {
    const code = Number(status);
    if (response.description === 'Default Response' && REFUSALS[code]) response.description = REFUSALS[code];
    if (code === 429 || code === 503) {
      addHeader(response, 'Retry-After', 'Seconds to wait before trying again', { type: 'integer', minimum: 0 });
    }
    for (const [name, description] of Object.entries(config.responseHeaders?.[code] ?? {})) {
      addHeader(response, name, description, { type: 'string' });
    }
  }
  const produces = (schema.produces as string[] | undefined) ?? [];
  if (produces.length > 0) {
    const success = Object.keys(responses).find((status) => status.startsWith('2')) ?? '200';
    const response = (responses[success] ??= { description: 'The file' });
    if (response.description === 'Default Response') response.description = 'The file';
    const content = (response.content ??= {}) as JsonObject;
    for (const type of produces) content[type] ??= { schema: fileSchemaOf(type) };
    if (produces.some((type) => type !== 'text/html')) {
      addHeader(response, 'Content-Disposition', 'attachment, with the file name', { type: 'string' });
    }
    // A refusal is the error handler's JSON whatever the route produces; @fastify/swagger gives every status
    // the route declares the `produces` types.
    for (const [status, refusal] of Object.entries(responses)) {
      if (status.startsWith('2') || !refusal.content) continue;
      refusal.content = { 'application/json': Object.values(refusal.content as JsonObject)[0] ?? {} };
    }
  }
  if (!schema.body && !operation.requestBody && STATE_CHANGING.has(method)) {
    // The server takes no body here, but accepts one that carries nothing, as generic clients send.
    operation.requestBody = {
      required: false,
      description: 'This operation takes no body; an empty one, `{}` or `null` is accepted as none',
      content: {
        'application/json': {
          schema: { type: 'object', nullable: true, maxProperties: 0, additionalProperties: false },
        },
      },
    };
  }
}

function fileSchemaOf(type: string): JsonObject {
  if (type === 'application/json') return {};
  return type.startsWith('text/') ? { type: 'string' } : { type: 'string', format: 'binary' };
}

function addHeader(response: JsonObject, name: string, description: string, schema: JsonObject) {
  const headers = (response.headers ??= {}) as JsonObject;
  headers[name] ??= { description, schema };
}

/** `getApiV1UsersById` for GET /api/v1/users/{id}: unique per operation, stable across runs. */
function operationIdOf(method: string, openApiPath: string): string {
  const words = openApiPath
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith('{') ? `by-${segment.slice(1, -1)}` : segment))
    .flatMap((segment) => segment.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((word) => word.charAt(0).toUpperCase() + word.slice(1))].join('');
}

/**
 * A nullable enum's `default: null` is dropped (an optional field without a value is null anyway): OpenAPI 3.0
 * validators disagree on whether `nullable` lets null past an `enum` that does not list it (Spectral says no,
 * so the default fails `oas3-valid-schema-example`), and listing null breaks Prism, whose conversion adds
 * null again and then refuses the duplicate (it then skips validating the whole body).
 */
function dropNullDefaultsOfNullableEnums(value: unknown): void {
  if (Array.isArray(value)) {
    for (const item of value) dropNullDefaultsOfNullableEnums(item);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  const node = value as JsonObject;
  if (node.nullable === true && Array.isArray(node.enum) && node.default === null) delete node.default;
  for (const child of Object.values(node)) dropNullDefaultsOfNullableEnums(child);
}
