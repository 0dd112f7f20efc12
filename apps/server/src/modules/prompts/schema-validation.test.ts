import { DEFAULT_FUNCTION_SCHEMA, type JsonSchemaObject } from '@mining-hub/contract/prompts';
import { describe, expect, it } from 'vitest';
import { findDuplicateKeys, jsonShape } from './json-shape.ts';
import { validateFunctionSchema } from './schema-validation.ts';

const withParameters = (parameters: unknown, name = 'extract_signal'): JsonSchemaObject => ({
  name,
  description: 'Extract a signal',
  parameters,
});

/** A strict-mode-clean object schema around the given fields. */
const strictObject = (properties: Record<string, unknown>) => ({
  type: 'object',
  properties,
  required: Object.keys(properties),
  additionalProperties: false,
});

const errorsOf = (schema: JsonSchemaObject) => validateFunctionSchema(schema).errors;

/** `depth` levels of nested object fields, each called `level`. */
function nested(depth: number): Record<string, unknown> {
  let node: Record<string, unknown> = { type: 'string', description: 'leaf' };
  for (let level = 0; level < depth; level += 1) node = { ...strictObject({ level: node }), description: 'nested' };
  return node;
}

describe('validateFunctionSchema', () => {
  it('accepts the default schema, warning about what strict structured outputs would reject', () => {
    const result = validateFunctionSchema(DEFAULT_FUNCTION_SCHEMA);
    expect(result.valid).toBe(true);
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([
      'Not in required for parameters: drilling_timeline, drilling_details, drilling_length_meters, contact_details (strict structured outputs need every field required; make a field nullable instead)',
      'additionalProperties: false is missing on parameters (strict structured outputs need it)',
      'Not in required for the items of "contact_details": email, job_title, phone_number (strict structured outputs need every field required; make a field nullable instead)',
      'additionalProperties: false is missing on the items of "contact_details" (strict structured outputs need it)',
    ]);
  });

  it('passes a strict-mode-clean schema without warnings', () => {
    const result = validateFunctionSchema(
      withParameters(
        strictObject({
          score: { type: 'string', description: 'Score', enum: ['Low', 'High'] },
          notes: { type: ['string', 'null'], description: 'Optional notes' },
          people: {
            type: 'array',
            description: 'People',
            items: strictObject({ name: { type: 'string', description: 'Name' } }),
          },
        }),
      ),
    );
    expect(result).toEqual({ valid: true, errors: [], warnings: [] });
  });

  it.each([
    ['a space', 'extract signal'],
    ['a dot', 'extract.signal'],
    ['65 characters', 'x'.repeat(65)],
    ['nothing', ''],
  ])('refuses a function name with %s', (_what, name) => {
    expect(errorsOf(withParameters(strictObject({}), name))[0]).toMatch(/function name/i);
  });

  it('accepts names of letters, digits, underscores and hyphens up to 64 characters', () => {
    const fields = strictObject({ score: { type: 'string', description: 'Score' } });
    expect(errorsOf(withParameters(fields, `a-B_9${'x'.repeat(59)}`))).toEqual([]);
  });

  it('refuses a schema without output fields, however its parameters say so', () => {
    const message = 'The schema has no output fields: add at least one, or every analysis gives an empty signal';
    expect(errorsOf(withParameters(strictObject({})))).toEqual([message]);
    expect(errorsOf(withParameters({ type: 'object', properties: {}, required: [] }))).toEqual([message]);
    // Fields of nested objects are not output fields of their own: one top-level field is what counts.
    expect(errorsOf(withParameters(strictObject({ inner: { ...strictObject({}), description: 'x' } })))).toEqual([]);
    // No properties at all is the malformed-parameters error, not both.
    expect(errorsOf(withParameters({ type: 'object' }))).toEqual([
      'parameters must be an object schema: {"type": "object", "properties": {...}}',
    ]);
  });

  it.each([
    ['a string', 'object'],
    ['an array schema', { type: 'array', items: { type: 'string' } }],
    ['an object without properties', { type: 'object' }],
  ])('refuses parameters that are %s', (_what, parameters) => {
    expect(errorsOf(withParameters(parameters))).toContain(
      'parameters must be an object schema: {"type": "object", "properties": {...}}',
    );
  });

  it('refuses a required name that is not a property, at any level', () => {
    const schema = withParameters({
      ...strictObject({
        people: {
          type: 'array',
          description: 'People',
          items: { ...strictObject({ name: { type: 'string', description: 'Name' } }), required: ['name', 'email'] },
        },
      }),
      required: ['people', 'ghost'],
    });
    expect(errorsOf(schema)).toEqual([
      'Required name "ghost" is not a property of parameters',
      'Required name "email" is not a property of the items of "people"',
    ]);
  });

  it('refuses an empty enum and an enum on a non-string type', () => {
    const schema = withParameters(
      strictObject({
        empty: { type: 'string', description: 'x', enum: [] },
        count: { type: 'integer', description: 'x', enum: [1, 2] },
        mixed: { type: 'string', description: 'x', enum: ['a', 3] },
      }),
    );
    expect(errorsOf(schema)).toEqual([
      'Field "empty": enum is empty; list at least one value',
      'Field "count": enum is only allowed on string fields, not integer',
      'Field "mixed": enum values must be text',
    ]);
  });

  // How quickly both are refused is measured by `npm run bench -- schema-validation`.
  it('refuses an enum with 10,000 values', () => {
    const values = Array.from({ length: 10_000 }, (_, index) => `v${index}`);
    const schema = withParameters(strictObject({ stage: { type: 'string', description: 'x', enum: values } }));
    expect(errorsOf(schema)).toEqual(['Field "stage": enum has 10,000 values; at most 500 are allowed']);
  });

  it('refuses other long lists without checking their uniqueness, and lists at most 50 errors', () => {
    const names = Array.from({ length: 100_000 }, (_, index) => `n${index}`);
    const errors = errorsOf(withParameters({ ...strictObject({}), required: names }));
    expect(errors).toHaveLength(51);
    expect(errors[0]).toMatch(/^The schema has no output fields/);
    expect(errors[1]).toBe('Required name "n0" is not a property of parameters');
    expect(errors[50]).toBe('…and 99,951 more');
  });

  it('refuses arrays without items, unknown types and fields that are not schemas', () => {
    const schema = withParameters(
      strictObject({
        tags: { type: 'array', description: 'x' },
        size: { type: 'strin', description: 'x' },
        other: { type: ['string', 'date'], description: 'x' },
        nothing: { description: 'x' },
        text: 'string',
      }),
    );
    expect(errorsOf(schema)).toEqual([
      'Field "tags" is an array without items; say what it holds',
      'Field "size" has an unknown type "strin" (use string, number, integer, boolean, array, object)',
      'Field "other" has an unknown type ["string","date"] (use string, number, integer, boolean, array, object)',
      'Field "nothing" has no type (use string, number, integer, boolean, array, object)',
      'Field "text" must be a JSON Schema object such as {"type": "string"}',
    ]);
  });

  it('refuses field names that are not plain identifiers', () => {
    const schema = withParameters(strictObject({ 'first name': { type: 'string', description: 'x' } }));
    expect(errorsOf(schema)).toEqual([
      'Field name "first name" in parameters is invalid: use 1-64 letters, digits, underscores or hyphens',
    ]);
  });

  it('reports duplicate field names found in the JSON text', () => {
    const result = validateFunctionSchema(withParameters(strictObject({ a: { type: 'string', description: 'x' } })), {
      duplicateKeys: [
        ['parameters', 'properties', 'a'],
        ['parameters', 'properties', 'people', 'items', 'properties', 'email'],
        ['name'],
      ],
    });
    expect(result.valid).toBe(false);
    expect(result.errors).toEqual([
      'Duplicate field name "a" in parameters',
      'Duplicate field name "email" in the items of "people"',
      'Duplicate key "name" in the function schema',
    ]);
  });

  it('checks the rest against the JSON Schema meta-schema, once per place', () => {
    const schema = withParameters(
      strictObject({
        size: { type: 'number', description: 'x', minimum: 'zero' },
        code: { type: 'string', description: 'x', pattern: 42 },
      }),
    );
    expect(errorsOf(schema)).toEqual([
      'Invalid JSON Schema at size (minimum): must be number',
      'Invalid JSON Schema at code (pattern): must be string',
    ]);
  });

  it('warns about unsupported keywords, missing descriptions and additionalProperties', () => {
    const result = validateFunctionSchema(
      withParameters({
        type: 'object',
        properties: {
          a: { type: 'string', default: 'x' },
          b: { type: 'string', description: 'b', allOf: [{ type: 'string' }] },
        },
        required: ['a'],
      }),
    );
    expect(result.valid).toBe(true);
    expect(result.warnings).toEqual([
      'Not in required for parameters: b (strict structured outputs need every field required; make a field nullable instead)',
      'additionalProperties: false is missing on parameters (strict structured outputs need it)',
      '"default" is not supported by strict structured outputs (used by a)',
      '"allOf" is not supported by strict structured outputs (used by b)',
      'Fields without a description (the model relies on them): a',
    ]);
  });

  it('warns beyond 5 levels of nesting and refuses beyond 10, such as a schema 50 levels deep', () => {
    expect(validateFunctionSchema(withParameters(strictObject({ top: nested(4) }))).warnings).toEqual([]);
    const six = validateFunctionSchema(withParameters(strictObject({ top: nested(5) })));
    expect(six.valid).toBe(true);
    expect(six.warnings).toEqual(['The schema is nested 6 levels deep; strict structured outputs allow at most 5']);
    expect(errorsOf(withParameters(strictObject({ top: nested(10) })))).toEqual([
      'The schema is nested more than 10 levels deep; it cannot be used',
    ]);
    expect(errorsOf(withParameters(strictObject({ top: nested(50) })))).toEqual([
      'The schema is nested more than 100 levels deep as JSON; it cannot be used',
    ]);
  });

  it('warns beyond 100 fields and refuses beyond 1,000', () => {
    const fields = (count: number) =>
      Object.fromEntries(Array.from({ length: count }, (_, i) => [`f${i}`, { type: 'string', description: 'x' }]));
    expect(validateFunctionSchema(withParameters(strictObject(fields(101)))).warnings).toEqual([
      'The schema has 101 fields; strict structured outputs allow at most 100',
    ]);
    expect(errorsOf(withParameters(strictObject(fields(1001))))).toEqual([
      'The schema has 1,001 fields; at most 1,000 are allowed',
    ]);
  });

  it('survives a schema nested far deeper than the stack allows', () => {
    let deep: unknown = {};
    for (let level = 0; level < 100_000; level += 1) deep = { type: 'object', properties: { x: deep } };
    expect(validateFunctionSchema(withParameters(deep)).valid).toBe(false);
  });
});

describe('findDuplicateKeys', () => {
  it('finds keys repeated within one object, with their path', () => {
    const text =
      '{"schema":{"parameters":{"properties":{"a":{"type":"string"},"a":{"type":"number"},"b":{"items":[{"x":1,"x":2}]}}}}}';
    expect(findDuplicateKeys(text)).toEqual([
      ['schema', 'parameters', 'properties', 'a'],
      ['schema', 'parameters', 'properties', 'b', 'items', '0', 'x'],
    ]);
  });

  it('ignores equal keys in different objects and string values that look like keys', () => {
    expect(findDuplicateKeys('{"a":{"k":1},"b":{"k":"\\"k\\": 2, {"},"c":["a","a"]}')).toEqual([]);
  });

  it('decodes escaped keys', () => {
    expect(findDuplicateKeys('{"\\u0061":1,"a":2}')).toEqual([['a']]);
  });
});

describe('jsonShape', () => {
  it('measures nesting and the longest list without recursion, stopping past the depth limit', () => {
    expect(jsonShape('x', 10)).toEqual({ depth: 0, longestList: 0 });
    expect(jsonShape({ a: [{ b: [1, 2, 3] }, 2] }, 10)).toEqual({ depth: 4, longestList: 3 });
    expect(jsonShape({ a: { b: { c: { d: {} } } } }, 2).depth).toBe(3);
  });
});
