import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { ERROR_CODES } from '@mining-hub/contract/errors';
import { Ajv, type ValidateFunction } from 'ajv';
import fc from 'fast-check';
import { arbitraryOf, invalidArbitraryOf, type JsonSchema } from './json-schema-arbitrary.ts';

/**
 * The contract run (issue 31): generated valid and invalid requests to every operation of the OpenAPI
 * document, as an admin, a member and anonymously, through Stoplight Prism's validating proxy in front of
 * the real server. Each answer is checked against the document (status, content type, the headers that
 * carry meaning, body) and against what a caller must see (no 5xx; anonymous 401 and member 403 where the
 * route needs it; valid data accepted; invalid data refused with 4xx `{detail, code}`, asked of the server
 * directly since Prism refuses it first). Every problem is a violation; the run passes with none.
 */

const ROOT = path.join(import.meta.dirname, '../../..');
export const BIN = (name: string) => path.join(ROOT, 'node_modules/.bin', name);

export type Role = 'admin' | 'member' | 'anonymous';
const ROLES: Role[] = ['admin', 'member', 'anonymous'];

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
}

interface Operation {
  method: string;
  path: string;
  id: string;
  parameters: Parameter[];
  body: JsonSchema | undefined;
  bodyRequired: boolean;
  responses: Record<string, JsonSchema>;
  isProtected: boolean;
  adminOnly: boolean;
}

interface Request {
  url: string;
  body: unknown;
  /** Whether `body` is sent at all (a no-body operation is sometimes called without one). */
  hasBody: boolean;
}

export interface Credentials {
  email: string;
  password: string;
}

export interface ContractRunOptions {
  document: JsonSchema;
  serverOrigin: string;
  prismOrigin: string;
  admin: Credentials;
  /** Generated cases per operation and role (about a third of them invalid). */
  casesPerRole: number;
  seed: number;
  /** Only the operations whose `METHOD /path` matches (to run one alone). */
  only?: RegExp;
}

export interface ContractRunResult {
  operations: number;
  cases: number;
  violations: string[];
  /** What the run could not do as asked, said rather than skipped silently. */
  notes: string[];
  statuses: Record<string, number>;
  /** Valid data (by the document) that a rule of the service refused with 400 `validation_failed`. */
  beyondSchema: number;
}

/** Headers that carry meaning for a client: each one an answer has must be documented for its status. */
const MEANINGFUL_HEADERS = ['retry-after', 'content-disposition', 'set-cookie', 'location', 'www-authenticate'];

/** Order: creators first (their ids feed the path parameters), sign-in and sign-out last (they end sessions). */
const AUTH_ORDER = ['/auth/me', '/auth/refresh', '/auth/logout', '/auth/password', '/auth/login'];
function orderOf(operation: Operation): number {
  const auth = AUTH_ORDER.findIndex((suffix) => operation.path.endsWith(suffix));
  if (auth >= 0) return 10 + auth;
  const params = operation.path.includes('{');
  if (operation.method === 'POST' && !params) return 0;
  if (operation.method === 'GET') return 1;
  if (operation.method === 'DELETE') return 3;
  return 2;
}

export function operationsOf(document: JsonSchema): Operation[] {
  const operations: Operation[] = [];
  for (const [openApiPath, methods] of Object.entries(document.paths as Record<string, Record<string, JsonSchema>>)) {
    for (const [method, operation] of Object.entries(methods)) {
      const requestBody = operation.requestBody as JsonSchema | undefined;
      const content = requestBody?.content as Record<string, { schema: JsonSchema }> | undefined;
      const responses = operation.responses as Record<string, JsonSchema>;
      operations.push({
        method: method.toUpperCase(),
        path: openApiPath,
        id: `${method.toUpperCase()} ${openApiPath}`,
        parameters: (operation.parameters as Parameter[] | undefined) ?? [],
        body: content?.['application/json']?.schema,
        bodyRequired: requestBody?.required === true,
        responses,
        isProtected: operation['x-session-required'] === true,
        adminOnly: operation['x-required-role'] === 'admin',
      });
    }
  }
  return operations.sort((a, b) => orderOf(a) - orderOf(b));
}

/** Ajv for OpenAPI 3.0 schemas: boolean exclusive bounds become numbers, `nullable` Ajv knows. */
function schemaChecker(document: JsonSchema) {
  const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: false });
  const coercing = new Ajv({ strict: false, validateFormats: false, coerceTypes: true });
  const cache = new Map<unknown, ValidateFunction>();
  const compile = (engine: Ajv, schema: JsonSchema) => {
    const key = engine === ajv ? schema : { coercing: schema };
    let validate = cache.get(engine === ajv ? schema : JSON.stringify(key));
    if (!validate) {
      validate = engine.compile(toDraft7(inlineRefs(schema, document)));
      cache.set(engine === ajv ? schema : JSON.stringify(key), validate);
    }
    return validate;
  };
  return {
    /** Whether a JSON value fits the schema; the first problem otherwise. */
    check(schema: JsonSchema, value: unknown): string | undefined {
      const validate = compile(ajv, schema);
      return validate(value)
        ? undefined
        : `${validate.errors?.[0]?.instancePath ?? ''} ${validate.errors?.[0]?.message ?? ''}`;
    },
    /** Whether a path or query value, as the text it travels as, fits the schema. */
    checkText(schema: JsonSchema, text: string): boolean {
      const validate = compile(coercing, { type: 'object', properties: { v: schema } });
      return validate({ v: text });
    },
  };
}

function inlineRefs(schema: unknown, document: JsonSchema, depth = 0): JsonSchema {
  if (Array.isArray(schema)) return schema.map((item) => inlineRefs(item, document, depth)) as unknown as JsonSchema;
  if (typeof schema !== 'object' || schema === null) return schema as JsonSchema;
  const node = schema as JsonSchema;
  if (typeof node.$ref === 'string' && depth < 20) {
    const name = node.$ref.replace('#/components/schemas/', '');
    return inlineRefs(((document.components as JsonSchema).schemas as JsonSchema)[name], document, depth + 1);
  }
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, inlineRefs(value, document, depth)]));
}

function toDraft7(schema: unknown): JsonSchema {
  if (Array.isArray(schema)) return schema.map(toDraft7) as unknown as JsonSchema;
  if (typeof schema !== 'object' || schema === null) return schema as JsonSchema;
  const node = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, toDraft7(value)])) as JsonSchema;
  // OpenAPI 3.0.3: a nullable enum takes null (as Prism's conversion reads it).
  if (node.nullable === true && Array.isArray(node.enum) && !node.enum.includes(null)) node.enum = [...node.enum, null];
  if (node.exclusiveMinimum === true) node.exclusiveMinimum = node.minimum;
  if (node.exclusiveMaximum === true) node.exclusiveMaximum = node.maximum;
  return Object.fromEntries(
    Object.entries(node).filter(
      ([key, value]) =>
        !(key.startsWith('exclusiveM') && value === false) &&
        !(key === 'minimum' && node.exclusiveMinimum === node.minimum) &&
        !(key === 'maximum' && node.exclusiveMaximum === node.maximum),
    ),
  );
}

const isStringish = (value: unknown) => ['string', 'number', 'boolean'].includes(typeof value);

export async function runContract(options: ContractRunOptions): Promise<ContractRunResult> {
  const { document, serverOrigin, prismOrigin } = options;
  const checker = schemaChecker(document);
  const operations = operationsOf(document).filter((operation) => !options.only || options.only.test(operation.id));
  const violations: string[] = [];
  const notes: string[] = [];
  const statuses: Record<string, number> = {};
  let cases = 0;
  /** Valid data (as the document says) that a rule of the service refused with 400 `validation_failed`. */
  let beyondSchema = 0;
  let directNull = 0;
  /** Operations that answered a valid case with 2xx at least once. */
  const accepted = new Set<string>();
  let seed = options.seed;

  // Sessions: the admin given, a member the admin creates; the run signs them in again when a case ends one.
  const credentials: Record<Role, Credentials | undefined> = {
    admin: { ...options.admin },
    member: { email: `contract-member-${options.seed}@example.com`, password: 'member-password-1' },
    anonymous: undefined,
  };
  const cookies: Record<Role, string> = { admin: '', member: '', anonymous: '' };
  const direct = (url: string, init: RequestInit & { role?: Role } = {}) =>
    fetch(`${serverOrigin}${url}`, {
      ...init,
      redirect: 'manual',
      headers: {
        origin: serverOrigin,
        cookie: init.role ? cookies[init.role] : '',
        ...(init.headers as Record<string, string>),
      },
    });
  // Sign-in goes through Prism too: a real sign-in (200 with Set-Cookie) is one more checked case.
  const login = operationsOf(document).find((operation) => operation.path === '/api/v1/auth/login');
  const signIn = async (role: Role) => {
    const given = credentials[role];
    if (!given) return;
    const response = await fetch(`${prismOrigin}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: serverOrigin },
      body: JSON.stringify(given),
      signal: AbortSignal.timeout(30_000),
    });
    cookies[role] = response.headers.getSetCookie()[0]?.split(';')[0] ?? '';
    const answer = await read(response);
    cases += 1;
    if (login) {
      if (answer.status === 200) accepted.add(login.id);
      for (const problem of documentProblems(login, answer, checker))
        violations.push(`sign-in of the ${role}: ${problem}`);
    }
    if (answer.status !== 200) notes.push(`${role} could not sign in again (${answer.status})`);
  };
  const userIdOf = async (role: Role): Promise<number | undefined> => {
    const response = await direct('/api/v1/auth/me', { role });
    const body = (await response.json()) as { user?: { id: number } };
    return response.status === 200 ? body.user?.id : undefined;
  };
  await signIn('admin');
  const created = await direct('/api/v1/users', {
    role: 'admin',
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...credentials.member, name: 'Contract member', role: 'member' }),
  });
  if (created.status !== 201) throw new Error(`could not create the member: ${created.status} ${await created.text()}`);
  await created.body?.cancel();
  await signIn('member');
  const ownIds = new Set([await userIdOf('admin'), await userIdOf('member')]);

  // Ids the server handed out, by collection path, so that path parameters also name things that exist.
  const pools = new Map<string, unknown[]>();
  const remember = (operation: Operation, body: unknown) => {
    if (typeof body !== 'object' || body === null) return;
    const data = (body as { data?: unknown }).data;
    const items = Array.isArray(data) ? data : [data];
    const collection = operation.path.replace(/\/\{[^}]+\}.*$/, '');
    for (const item of items) {
      const id = (item as { id?: unknown } | undefined)?.id;
      if (id === undefined || (collection.endsWith('/users') && ownIds.has(id as number))) continue;
      const pool = pools.get(collection) ?? [];
      if (!pool.includes(id)) pool.push(id);
      pools.set(collection, pool.slice(-20));
    }
  };

  for (const operation of operations) {
    const pathParams = operation.parameters.filter((parameter) => parameter.in === 'path');
    const queryParams = operation.parameters.filter((parameter) => parameter.in === 'query');
    const collection = operation.path.replace(/\/\{[^}]+\}.*$/, '');
    const isUsers = collection.endsWith('/users');
    const validRequests = (count: number): Request[] => {
      const parts = {
        path: fc.record(Object.fromEntries(pathParams.map((p) => [p.name, arbitraryOf(p.schema, document)]))),
        query: fc.record(Object.fromEntries(queryParams.map((p) => [p.name, arbitraryOf(p.schema, document)])), {
          requiredKeys: queryParams.filter((p) => p.required).map((p) => p.name),
        }),
        body: operation.body ? arbitraryOf(operation.body, document) : fc.constant(undefined),
        sendBody: fc.boolean(),
      };
      return fc
        .sample(fc.record(parts), { numRuns: count * 4, seed: seed++ })
        .map((drawn, index) => {
          const pool = pools.get(collection) ?? [];
          const [only, ...others] = pathParams;
          if (pool.length > 0 && index % 2 === 0 && only && others.length === 0) {
            drawn.path[only.name] = pool[index % pool.length];
          }
          return drawn;
        })
        .filter((drawn) => {
          if (isUsers && Object.values(drawn.path).some((value) => ownIds.has(value as number))) return false;
          if (
            !pathParams.every(
              (p) => isStringish(drawn.path[p.name]) && checker.checkText(p.schema, String(drawn.path[p.name])),
            )
          )
            return false;
          if (
            !queryParams.every(
              (p) => drawn.query[p.name] === undefined || checker.checkText(p.schema, String(drawn.query[p.name])),
            )
          )
            return false;
          const hasBody = operation.bodyRequired || (operation.body !== undefined && drawn.sendBody);
          return !hasBody || !operation.body || checker.check(operation.body, drawn.body) === undefined;
        })
        .slice(0, count)
        .map((drawn) => ({
          url: urlOf(operation.path, drawn.path, drawn.query),
          body: drawn.body,
          hasBody: operation.bodyRequired || (operation.body !== undefined && drawn.sendBody),
        }));
    };
    const invalidRequests = (count: number): Request[] => {
      // One part broken at a time: the body, a path parameter or a query parameter.
      const targets: fc.Arbitrary<{ where: string; name?: string; value: unknown }>[] = [];
      if (operation.body)
        targets.push(invalidArbitraryOf(operation.body, document).map((value) => ({ where: 'body', value })));
      for (const p of [...pathParams, ...queryParams]) {
        targets.push(
          fc
            .constantFrom<unknown>('not-a-number', '-1', '0', '1.5', 'x'.repeat(300), 'tru', '%00')
            .map((value) => ({ where: p.in, name: p.name, value })),
        );
      }
      if (targets.length === 0) return [];
      const base = validRequests(1)[0];
      if (!base) return [];
      const baseUrl = new URL(base.url, 'http://x');
      return fc
        .sample(fc.oneof(...targets), { numRuns: count * 6, seed: seed++ })
        .filter((broken) => {
          if (broken.where === 'body')
            return !operation.body || checker.check(operation.body, broken.value) !== undefined;
          const parameter = operation.parameters.find((p) => p.name === broken.name && p.in === broken.where);
          return parameter !== undefined && !checker.checkText(parameter.schema, String(broken.value));
        })
        .filter(
          (broken, index, all) => all.findIndex((other) => JSON.stringify(other) === JSON.stringify(broken)) === index,
        )
        .slice(0, count)
        .map((broken) => {
          const url = new URL(baseUrl);
          if (broken.where === 'path') {
            const values: Record<string, unknown> = Object.fromEntries(
              pathParams.map((p) => [p.name, segmentOf(baseUrl, operation.path, p.name)]),
            );
            values[broken.name ?? ''] = broken.value;
            url.pathname = new URL(urlOf(operation.path, values, {}), 'http://x').pathname;
          }
          if (broken.where === 'query') url.searchParams.set(broken.name ?? '', String(broken.value));
          return {
            url: `${url.pathname}${url.search}`,
            body: broken.where === 'body' ? broken.value : base.body,
            hasBody: broken.where === 'body' || base.hasBody,
          };
        });
    };

    for (const role of ROLES) {
      if (credentials[role] && !(await userIdOf(role))) await signIn(role);
      const validCount = Math.ceil((options.casesPerRole * 2) / 3);
      const valid = validRequests(validCount);
      const invalid = invalidRequests(options.casesPerRole - valid.length);
      if (valid.length === 0) notes.push(`${operation.id}: no valid request could be drawn`);
      for (const [kind, requests] of [
        ['valid', valid],
        ['invalid', invalid],
      ] as const) {
        for (const request of requests) {
          cases += 1;
          const label = `${operation.id} as ${role}, ${kind}: ${operation.method} ${request.url}${request.hasBody ? ` ${JSON.stringify(request.body)?.slice(0, 200)}` : ''}`;
          const init = (): RequestInit => ({
            method: operation.method,
            redirect: 'manual',
            headers: {
              origin: serverOrigin,
              ...(cookies[role] ? { cookie: cookies[role] } : {}),
              ...(request.hasBody ? { 'content-type': 'application/json' } : {}),
            },
            body: request.hasBody ? JSON.stringify(request.body) : undefined,
          });
          // Prism 5.16's proxy forwards a JSON `null` body as no body but keeps its Content-Length (4) on
          // DELETE, so the server waits for bytes that never come: those cases go to the server directly,
          // and the run checks their answers against the document itself.
          const viaPrism = !(request.hasBody && request.body === null);
          if (!viaPrism) directNull += 1;
          let answer: Answer;
          try {
            answer = await read(
              await fetch(`${viaPrism ? prismOrigin : serverOrigin}${request.url}`, {
                ...init(),
                signal: AbortSignal.timeout(30_000),
              }),
            );
          } catch (error) {
            violations.push(`${label}: no answer${viaPrism ? ' through Prism' : ''} (${String(error)})`);
            continue;
          }
          statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
          const problems: string[] = [];
          const refusedByPrism = isPrismProblem(answer);
          if (kind === 'invalid') {
            if (!refusedByPrism && viaPrism) {
              problems.push(`Prism let a request the document refuses through (${answer.status})`);
              problems.push(...documentProblems(operation, answer, checker));
            }
            // What the server itself answers it: a 4xx `{detail, code}` the document lists.
            const own = await read(
              await direct(request.url, {
                ...init(),
                headers: init().headers as Record<string, string>,
                signal: AbortSignal.timeout(30_000),
              }),
            );
            if (own.status < 400 || own.status >= 500) problems.push(`the server answered invalid data ${own.status}`);
            else problems.push(...documentProblems(operation, own, checker), ...errorBodyProblems(own));
            statuses[`direct ${own.status}`] = (statuses[`direct ${own.status}`] ?? 0) + 1;
          } else {
            if (refusedByPrism) problems.push(`Prism refused it: ${answer.text.slice(0, 600)}`);
            else problems.push(...documentProblems(operation, answer, checker));
            problems.push(...roleProblems(operation, role, answer));
            if (answer.status === 400) {
              // A rule of the service that JSON Schema cannot state (min not over max, a known commodity, the
              // right current password) refuses with `validation_failed`; a malformed-request refusal of data
              // the document accepts means the document is wrong.
              if ((answer.json as { code?: string } | undefined)?.code === 'validation_failed') {
                beyondSchema += 1;
                if (process.env.CONTRACT_DEBUG) console.log(`beyond schema: ${label} -> ${answer.text.slice(0, 200)}`);
              } else problems.push(`valid data refused: ${answer.text.slice(0, 300)}`);
            }
            if (answer.status < 300) {
              remember(operation, answer.json);
              accepted.add(operation.id);
            }
            if (answer.status >= 400 && !refusedByPrism) problems.push(...errorBodyProblems(answer));
          }
          for (const problem of problems) violations.push(`${label}: ${problem}`);
          // A password changed by a case is the one to sign in with from now on.
          if (
            answer.status === 200 &&
            operation.path.endsWith('/auth/password') &&
            credentials[role] &&
            kind === 'valid'
          ) {
            const changed = credentials[role];
            if (changed) changed.password = (request.body as { new_password: string }).new_password;
          }
          if (operation.path.endsWith('/auth/logout') && answer.status === 200) await signIn(role);
        }
      }
    }
  }
  const neverAccepted = operations.filter((operation) => !accepted.has(operation.id)).map((operation) => operation.id);
  if (neverAccepted.length > 0)
    notes.push(`only refusals exercised (no case answered 2xx): ${neverAccepted.join(', ')}`);
  if (directNull > 0)
    notes.push(`${directNull} cases with a null body sent to the server directly (Prism drops such a body)`);
  return { operations: operations.length, cases, violations, notes, statuses, beyondSchema };
}

interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
}

async function read(response: Response): Promise<Answer> {
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

const isPrismProblem = (answer: Answer) =>
  (answer.headers.get('content-type') ?? '').startsWith('application/problem+json') &&
  String((answer.json as { type?: string } | undefined)?.type ?? '').includes('stoplight.io/prism');

/** What in an answer the document does not describe. */
function documentProblems(operation: Operation, answer: Answer, checker: ReturnType<typeof schemaChecker>): string[] {
  const problems: string[] = [];
  if (answer.status >= 500) problems.push(`answered ${answer.status}: ${answer.text.slice(0, 300)}`);
  const reported = answer.headers.get('sl-violations');
  if (reported) problems.push(`Prism reports: ${reported.slice(0, 600)}`);
  const documented = operation.responses[String(answer.status)] ?? operation.responses.default;
  if (!documented) return [...problems, `status ${answer.status} is not documented`];
  const content = (documented.content ?? {}) as Record<string, { schema?: JsonSchema }>;
  const type = (answer.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '';
  if (answer.text.length > 0 && !(type in content))
    problems.push(`content type "${type}" is not documented for ${answer.status}`);
  const headers = Object.keys((documented.headers ?? {}) as JsonSchema).map((name) => name.toLowerCase());
  for (const name of MEANINGFUL_HEADERS) {
    if (answer.headers.has(name) && !headers.includes(name))
      problems.push(`header ${name} is not documented for ${answer.status}`);
  }
  const schema = content[type]?.schema;
  if (schema && type === 'application/json') {
    const problem = checker.check(schema, answer.json);
    if (problem) problems.push(`body does not fit the documented schema (${problem}): ${answer.text.slice(0, 300)}`);
  }
  return problems;
}

function errorBodyProblems(answer: Answer): string[] {
  const body = answer.json as { detail?: unknown; code?: unknown } | undefined;
  if (typeof body?.detail === 'string' && (ERROR_CODES as readonly unknown[]).includes(body.code)) return [];
  return [`a ${answer.status} without {detail, code}: ${answer.text.slice(0, 300)}`];
}

/** Anonymous callers get 401 on every operation needing a session, members 403 on admin-only ones. */
function roleProblems(operation: Operation, role: Role, answer: Answer): string[] {
  if (role === 'anonymous' && operation.isProtected && answer.status !== 401)
    return [`anonymous answered ${answer.status}, not 401`];
  if (role === 'member' && operation.adminOnly && answer.status !== 403)
    return [`a member answered ${answer.status}, not 403`];
  return [];
}

function urlOf(openApiPath: string, pathValues: Record<string, unknown>, query: Record<string, unknown>): string {
  const pathname = openApiPath.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(pathValues[name])));
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) search.set(name, String(value));
  const text = search.toString();
  return text ? `${pathname}?${text}` : pathname;
}

function segmentOf(url: URL, openApiPath: string, name: string): string {
  const index = openApiPath.split('/').indexOf(`{${name}}`);
  return decodeURIComponent(url.pathname.split('/')[index] ?? '');
}

/** Starts `prism proxy --errors` for `documentFile` in front of `upstream`; resolves once it listens. */
export async function startPrism(documentFile: string, upstream: string, port: number, children: ChildProcess[]) {
  const child = spawn(
    BIN('prism'),
    ['proxy', '--errors', '-h', '127.0.0.1', '-p', String(port), documentFile, upstream],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  children.push(child);
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Prism did not start: ${output.slice(-2000)}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Prism is listening')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`Prism exited (${code}): ${output.slice(-2000)}`)));
  });
  // Its per-request log lines are not needed once it listens; keep draining them.
  child.stdout.resume();
  return { origin: `http://127.0.0.1:${port}`, output: () => output };
}
