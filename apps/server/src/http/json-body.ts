import { isRecord } from '@mining-hub/contract/is-record';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { invalidRequest } from '../errors.ts';

/**
 * Parses a JSON request body, refusing what no field of ours may hold: NUL characters (PostgreSQL
 * cannot store them in text), lone surrogates (not Unicode, so not storable as UTF-8), and the
 * prototype-poisoning keys Fastify's own parser refuses. Keys are checked like values.
 */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') throw invalidRequest('Request body is empty; send a JSON object');
  let problem: string | undefined;
  const note = (found: string) => (problem ??= found);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text, (key: string, value: unknown) => {
      if (key === '__proto__') note('The key "__proto__" is not allowed');
      else if (key === 'constructor' && isRecord(value) && 'prototype' in value) {
        note('The key "constructor.prototype" is not allowed');
      }
      const where = key === '' ? 'the body' : `field "${key.slice(0, 64)}"`;
      for (const checked of typeof value === 'string' ? [key, value] : [key]) {
        if (checked.includes('\0')) note(`Request body contains a NUL character (in ${where})`);
        else if (!checked.isWellFormed()) note(`Request body contains an unpaired surrogate (in ${where})`);
      }
      return value;
    });
  } catch {
    throw invalidRequest('Request body is not valid JSON');
  }
  if (problem) throw invalidRequest(problem);
  return parsed;
}

// RFC 8259: JSON travels as UTF-8; bytes that are not are refused rather than replaced with U+FFFD.
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * What a route without a body schema makes of a body: one that carries nothing (empty, `{}`, `null`),
 * as generic clients send on every request, is accepted as no body; one with fields is refused, naming
 * the first, rather than ignored.
 */
export function nothingOrRefuse(text: string): undefined {
  if (text.trim() === '') return undefined;
  const parsed = parseJsonBody(text);
  if (parsed === null) return undefined;
  if (!isRecord(parsed)) throw invalidRequest('This request takes no body');
  const [first] = Object.keys(parsed);
  if (first !== undefined) throw invalidRequest(`Unexpected field "${first.slice(0, 64)}": this request takes no body`);
  return undefined;
}

/**
 * Replaces the JSON parser of `app` (or of a plugin scope) with {@link parseJsonBody}; `inspect` sees
 * the raw text first, for checks JSON.parse would hide (repeated keys). JSON is the only body the API
 * takes (any other content type is a 415); a route without a body schema takes none, so a body that
 * carries nothing is accepted there and one with fields is refused (see {@link nothingOrRefuse}).
 */
export function registerJsonBodyParser(
  app: FastifyInstance,
  inspect?: (request: FastifyRequest, text: string) => void,
): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    try {
      let text: string;
      try {
        text = utf8.decode(body as Buffer);
      } catch {
        throw invalidRequest('Request body is not valid UTF-8');
      }
      const bodySchema = request.routeOptions.schema?.body;
      if (!bodySchema) {
        done(null, nothingOrRefuse(text));
        return;
      }
      // A route whose body is optional (activation's `{confirm}`) takes an empty body as none, as it would no body.
      if (text.trim() === '' && acceptsNoBody(bodySchema)) {
        done(null, undefined);
        return;
      }
      const parsed = parseJsonBody(text);
      inspect?.(request, text);
      done(null, parsed);
    } catch (error) {
      done(error as Error, undefined);
    }
  });
}

function acceptsNoBody(schema: unknown): boolean {
  const parse = isRecord(schema) ? schema.safeParse : undefined;
  return typeof parse === 'function' && (parse.call(schema, undefined) as { success: boolean }).success;
}

/**
 * Makes GET and HEAD bodies go through the content-type parsers as other methods' do, so the one body
 * rule holds for every method: Fastify would otherwise leave such a body unread and ignore what it says.
 */
export function parseBodiesOfEveryMethod(app: FastifyInstance): void {
  for (const method of ['GET', 'HEAD']) app.addHttpMethod(method, { hasBody: true, overrideExisting: true });
}
