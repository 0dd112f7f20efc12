import fc from 'fast-check';

/**
 * fast-check arbitraries for the JSON Schemas of an OpenAPI 3.0 document (the subset @fastify/swagger and
 * fastify-type-provider-zod emit: type, properties/required/additionalProperties, items/minItems/maxItems,
 * string lengths/pattern/format, number bounds with boolean exclusive ones, enum, nullable, anyOf/oneOf/allOf,
 * local $ref). No maintained library fits: json-schema-fast-check needs fast-check 1, zod-fast-check zod 3.
 *
 * The values are candidates: the contract run keeps a "valid" one only if the document's schema (through
 * Ajv) accepts it, and an "invalid" one only if it refuses it, so an approximation here costs cases, never
 * a wrong verdict.
 */

export type JsonSchema = Record<string, unknown>;

/** Characters of generated text: printable ASCII and a few letters beyond it, never NUL or a lone surrogate. */
const TEXT_UNIT = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 ') },
  { weight: 2, arbitrary: fc.constantFrom(...`-_.,:;!?'"()[]{}/\\@#%&*+=<>|~$^\``) },
  { weight: 1, arbitrary: fc.constantFrom('é', 'ü', 'ñ', 'Ø', '中', 'ж', '€', '→', '😀') },
);

export function arbitraryOf(schema: JsonSchema, root: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const drawn = baseArbitrary(schema, root, depth);
  // A documented default is a value the server surely takes (cross-field rules such as min <= max hold in it).
  const value =
    schema.default === undefined
      ? drawn
      : fc.oneof({ weight: 2, arbitrary: drawn }, { weight: 1, arbitrary: fc.constant(schema.default) });
  return schema.nullable === true
    ? fc.oneof({ weight: 4, arbitrary: value }, { weight: 1, arbitrary: fc.constant(null) })
    : value;
}

function baseArbitrary(schema: JsonSchema, root: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (typeof schema.$ref === 'string') return arbitraryOf(resolveRef(schema.$ref, root), root, depth);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  if ('const' in schema) return fc.constant(schema.const);
  const choices = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (choices) return fc.oneof(...choices.map((choice) => arbitraryOf(choice, root, depth + 1)));
  if (Array.isArray(schema.allOf)) {
    const merged = (schema.allOf as JsonSchema[]).reduce<JsonSchema>(
      (all, part) => mergeObjects(all, typeof part.$ref === 'string' ? resolveRef(part.$ref, root) : part),
      {},
    );
    return arbitraryOf(merged, root, depth);
  }
  switch (schema.type) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return fc.integer({ min: lowerBound(schema, 1), max: upperBound(schema, 1) });
    case 'number':
      return fc.double({ min: lowerBound(schema, 0.001), max: upperBound(schema, 0.001), noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = (schema.items ?? {}) as JsonSchema;
      const minLength = (schema.minItems as number | undefined) ?? 0;
      const maxLength = Math.min((schema.maxItems as number | undefined) ?? minLength + 4, minLength + 4);
      return depth > 6 ? fc.constant([]) : fc.array(arbitraryOf(items, root, depth + 1), { minLength, maxLength });
    }
    case 'object':
      return objectArbitrary(schema, root, depth);
    default:
      if (schema.properties) return objectArbitrary(schema, root, depth);
      return fc.oneof(fc.string({ unit: TEXT_UNIT, maxLength: 10 }), fc.integer(), fc.boolean());
  }
}

function objectArbitrary(schema: JsonSchema, root: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties)) {
    // A text field named as an address gets addresses, most of the time: the schema says only "string",
    // the service wants an http(s) URL, and data that gets past that rule reaches further.
    const plainText = property.type === 'string' && !property.enum && !property.format && !property.pattern;
    record[name] =
      plainText && /(^|_)(url|link)$/i.test(name)
        ? fc.oneof(
            {
              weight: 3,
              arbitrary: fc
                .webUrl({ validSchemes: ['https'] })
                .filter((url) => url.length <= ((property.maxLength as number | undefined) ?? 2048)),
            },
            { weight: 1, arbitrary: arbitraryOf(property, root, depth + 1) },
          )
        : arbitraryOf(property, root, depth + 1);
  }
  const requiredKeys = Object.keys(properties).filter((name) => required.has(name));
  if (Object.keys(properties).length === 0) {
    if (schema.additionalProperties === false || schema.maxProperties === 0) return fc.constant({});
    return depth > 4
      ? fc.constant({})
      : fc.dictionary(fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 8 }), fc.string({ maxLength: 8 }), {
          maxKeys: 3,
        });
  }
  // Each optional field is one more chance to meet a rule JSON Schema cannot state (a known commodity, min
  // not over max), so a third of the objects carry their required fields only.
  const minimal = fc.record(Object.fromEntries(requiredKeys.map((name) => [name, record[name] ?? fc.constant(null)])));
  return fc.oneof({ weight: 2, arbitrary: fc.record(record, { requiredKeys }) }, { weight: 1, arbitrary: minimal });
}

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = (schema.minLength as number | undefined) ?? 0;
  const maxLength = Math.min((schema.maxLength as number | undefined) ?? minLength + 40, minLength + 40);
  switch (schema.format) {
    case 'uuid':
      return fc.uuid();
    case 'email':
      return fc
        .tuple(
          fc.stringMatching(/^[a-z][a-z0-9]{0,9}$/),
          fc.stringMatching(/^[a-z]{1,10}$/),
          fc.constantFrom('com', 'org', 'io'),
        )
        .map(([local, domain, tld]) => `${local}@${domain}.${tld}`);
    case 'date':
      return isoDate().map((date) => date.slice(0, 10));
    case 'date-time':
      return isoDate();
    case 'uri':
    case 'url':
      return fc.webUrl();
  }
  if (typeof schema.pattern === 'string') {
    try {
      return fc
        .stringMatching(new RegExp(schema.pattern))
        .filter((text) => text.length >= minLength && text.length <= maxLength + 200);
    } catch {
      // A pattern fast-check cannot generate from (a lookahead): plain text, which the run then filters.
    }
  }
  return fc.string({ unit: TEXT_UNIT, minLength, maxLength });
}

const isoDate = () =>
  fc
    .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true })
    .map((date) => date.toISOString());

function lowerBound(schema: JsonSchema, step: number): number {
  const minimum = typeof schema.minimum === 'number' ? schema.minimum : -1_000_000;
  const exclusive = schema.exclusiveMinimum;
  if (typeof exclusive === 'number') return exclusive + step;
  return exclusive === true ? minimum + step : Math.max(minimum, Number.MIN_SAFE_INTEGER);
}

function upperBound(schema: JsonSchema, step: number): number {
  const maximum = typeof schema.maximum === 'number' ? schema.maximum : 1_000_000_000;
  const exclusive = schema.exclusiveMaximum;
  if (typeof exclusive === 'number') return exclusive - step;
  return exclusive === true ? maximum - step : Math.min(maximum, Number.MAX_SAFE_INTEGER);
}

export function resolveRef(ref: string, root: JsonSchema): JsonSchema {
  if (!ref.startsWith('#/')) throw new Error(`only local $refs are supported: ${ref}`);
  let node: unknown = root;
  for (const part of ref.slice(2).split('/'))
    node = (node as JsonSchema)[part.replaceAll('~1', '/').replaceAll('~0', '~')];
  if (typeof node !== 'object' || node === null) throw new Error(`unresolved $ref ${ref}`);
  return node as JsonSchema;
}

function mergeObjects(a: JsonSchema, b: JsonSchema): JsonSchema {
  return {
    ...a,
    ...b,
    type: b.type ?? a.type,
    properties: {
      ...((a.properties as JsonSchema | undefined) ?? {}),
      ...((b.properties as JsonSchema | undefined) ?? {}),
    },
    required: [...((a.required as string[] | undefined) ?? []), ...((b.required as string[] | undefined) ?? [])],
  };
}

/**
 * Values that break `schema` in one place: a wrong type, a value out of its enum or bounds, a missing
 * required property, an unexpected one where none are allowed. Candidates again (see the module comment).
 */
export function invalidArbitraryOf(schema: JsonSchema, root: JsonSchema): fc.Arbitrary<unknown> {
  const resolved = typeof schema.$ref === 'string' ? resolveRef(schema.$ref, root) : schema;
  const wrongTypes: fc.Arbitrary<unknown>[] = [
    fc.constantFrom<unknown>('not-a-number', -1, 0, 1.5, true, [], [1, 'x'], { unexpected: 1 }, '', 'x'.repeat(300)),
  ];
  if (resolved.type === 'object' || resolved.properties) {
    const valid = arbitraryOf(resolved, root) as fc.Arbitrary<Record<string, unknown>>;
    const properties = Object.entries((resolved.properties ?? {}) as Record<string, JsonSchema>);
    const required = (resolved.required as string[] | undefined) ?? [];
    const mutations: fc.Arbitrary<unknown>[] = [
      valid.map((value) => ({ ...value, unexpected_field: 'x' })),
      fc.constantFrom<unknown>('text', 42, [], true),
    ];
    if (required.length > 0) {
      mutations.push(
        fc.tuple(valid, fc.constantFrom(...required)).map(([value, name]) => {
          return Object.fromEntries(Object.entries(value).filter(([key]) => key !== name));
        }),
      );
    }
    if (properties.length > 0) {
      mutations.push(
        fc
          .tuple(valid, fc.constantFrom(...properties), ...wrongTypes)
          .map(([value, [name, property], wrong]) => ({ ...value, [name]: invalidScalarFor(property, root) ?? wrong })),
      );
    }
    return fc.oneof(...mutations);
  }
  return fc.oneof(...wrongTypes);
}

/** A value of the wrong type for `schema` (undefined: let the caller pick one). */
function invalidScalarFor(schema: JsonSchema, root: JsonSchema): unknown {
  const resolved = typeof schema.$ref === 'string' ? resolveRef(schema.$ref, root) : schema;
  switch (resolved.type) {
    case 'string':
      return Array.isArray(resolved.enum) ? 'not-one-of-the-values' : 12345;
    case 'integer':
    case 'number':
      return 'not-a-number';
    case 'boolean':
      return 'yes';
    case 'array':
      return { not: 'an array' };
    case 'object':
      return ['not', 'an', 'object'];
    default:
      return undefined;
  }
}
