import {
  FUNCTION_NAME_PATTERN,
  NO_OUTPUT_FIELDS_MESSAGE,
  outputFieldCount,
  SCHEMA_FIELD_TYPES,
  type JsonSchemaObject,
  type SchemaValidationResult,
} from '@mining-hub/contract/prompts';
import { isRecord } from '@mining-hub/contract/is-record';
import { Ajv, type ErrorObject } from 'ajv';
import { jsonShape } from './json-shape.ts';

/**
 * Limits of an output schema. The `strict…` figures are what OpenAI's strict structured outputs accept
 * (beyond them: a warning); the `max…` ones make a schema unusable (an error), and keep a hostile schema
 * from costing the server or the AI call much.
 */
export const SCHEMA_LIMITS = {
  strictDepth: 5,
  strictProperties: 100,
  maxDepth: 10,
  maxProperties: 1_000,
  maxEnumValues: 500,
  /** Raw JSON nesting, checked before anything recursive runs. */
  maxJsonDepth: 100,
  /** Longest list (enum, required…) the meta-schema check is run on: its uniqueness check is quadratic. */
  maxListLength: 1_000,
  /** Errors listed; the rest are counted. */
  maxErrorsListed: 50,
};

/** Keywords OpenAI's strict structured outputs reject or ignore. */
export const UNSUPPORTED_KEYWORDS = [
  'allOf',
  'oneOf',
  'not',
  'if',
  'then',
  'else',
  'dependentRequired',
  'dependentSchemas',
  'dependencies',
  'patternProperties',
  'unevaluatedProperties',
  'unevaluatedItems',
  'propertyNames',
  'minProperties',
  'maxProperties',
  'contains',
  'minContains',
  'maxContains',
  'uniqueItems',
  'minLength',
  'maxLength',
  'default',
] as const;

const FIELD_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;
const TYPE_LIST = SCHEMA_FIELD_TYPES.join(', ');

// One instance: compiling the draft-07 meta-schema is the costly part and is done once.
const ajv = new Ajv({ allErrors: true, strict: false });

export interface ValidateOptions {
  /**
   * Keys that appeared twice in the JSON text of the function schema (paths from its root, see
   * findDuplicateKeys). JSON.parse keeps only the last one, so they can only be found in the raw text.
   */
  duplicateKeys?: string[][];
}

interface Context {
  errors: string[];
  warnings: string[];
  /** JSON pointers (within parameters) already explained by an error, so ajv does not repeat them. */
  explained: string[];
  propertyCount: number;
  deepestLevel: number;
  undocumented: string[];
  unsupported: Map<string, string[]>;
}

/** Checks a function schema: errors for what makes it unusable, warnings for what strict structured outputs reject. */
export function validateFunctionSchema(
  schema: JsonSchemaObject,
  options: ValidateOptions = {},
): SchemaValidationResult {
  const shape = jsonShape(schema, SCHEMA_LIMITS.maxJsonDepth);
  if (shape.depth > SCHEMA_LIMITS.maxJsonDepth) {
    return {
      valid: false,
      errors: [`The schema is nested more than ${SCHEMA_LIMITS.maxJsonDepth} levels deep as JSON; it cannot be used`],
      warnings: [],
    };
  }
  const ctx: Context = {
    errors: [],
    warnings: [],
    explained: [],
    propertyCount: 0,
    deepestLevel: 0,
    undocumented: [],
    unsupported: new Map(),
  };

  checkFunction(schema, ctx);
  for (const path of options.duplicateKeys ?? []) ctx.errors.push(duplicateKeyMessage(path));

  const parameters = schema.parameters;
  if (!isObject(parameters) || parameters.type !== 'object' || !isObject(parameters.properties)) {
    ctx.errors.push('parameters must be an object schema: {"type": "object", "properties": {...}}');
    ctx.explained.push('/type', '/properties');
  } else if (outputFieldCount(schema) === 0) {
    ctx.errors.push(NO_OUTPUT_FIELDS_MESSAGE);
  }
  if (isObject(parameters)) {
    noteUnsupported(parameters, [], ctx);
    walkObject(parameters, [], '', 0, ctx);
    checkSize(ctx);
    const tooBig =
      ctx.deepestLevel > SCHEMA_LIMITS.maxDepth ||
      ctx.propertyCount > SCHEMA_LIMITS.maxProperties ||
      shape.longestList > SCHEMA_LIMITS.maxListLength;
    if (!tooBig) checkMetaSchema(parameters, ctx);
    else if (ctx.errors.length === 0) {
      ctx.errors.push(
        `The schema holds a list of ${shape.longestList.toLocaleString('en-US')} entries; at most ${SCHEMA_LIMITS.maxListLength.toLocaleString('en-US')} are allowed`,
      );
    }
  }
  return { valid: ctx.errors.length === 0, errors: listed(ctx.errors), warnings: listed(ctx.warnings) };
}

function listed(messages: string[]): string[] {
  const limit = SCHEMA_LIMITS.maxErrorsListed;
  if (messages.length <= limit) return messages;
  return [...messages.slice(0, limit), `…and ${(messages.length - limit).toLocaleString('en-US')} more`];
}

function checkFunction(schema: JsonSchemaObject, ctx: Context): void {
  const name = schema.name;
  if (typeof name !== 'string' || name === '') ctx.errors.push('The function name is missing');
  else if (!FUNCTION_NAME_PATTERN.test(name)) {
    ctx.errors.push(`Function name "${name}" is invalid: use 1-64 letters, digits, underscores or hyphens`);
  }
  const description = schema.description;
  if (description !== undefined && typeof description !== 'string') {
    ctx.errors.push('The function description must be text');
  } else if (!description?.trim()) {
    ctx.warnings.push('The function has no description; the model uses it to decide what to extract');
  }
}

/** An object schema: its properties, required list and strict-mode needs. Children are one level deeper. */
function walkObject(node: JsonSchemaObject, parts: string[], pointer: string, level: number, ctx: Context): void {
  const where = objectLabel(parts);
  const properties = node.properties;
  if (properties !== undefined && !isObject(properties)) {
    if (parts.length > 0) ctx.errors.push(`${subject(parts)}: properties must be an object of fields`);
    ctx.explained.push(`${pointer}/properties`);
    return;
  }
  const names = properties ? Object.keys(properties) : [];
  ctx.propertyCount += names.length;

  const required = node.required;
  let requiredNames: string[] = [];
  if (required !== undefined) {
    if (!Array.isArray(required) || !required.every((entry) => typeof entry === 'string')) {
      ctx.errors.push(`${capitalise(where)}: required must be a list of field names`);
      ctx.explained.push(`${pointer}/required`);
    } else {
      requiredNames = required;
      const seen = new Set<string>();
      let problem = false;
      for (const entry of required) {
        if (seen.has(entry)) {
          ctx.errors.push(`${capitalise(where)}: required lists "${entry}" twice`);
          problem = true;
        } else if (!properties || !Object.hasOwn(properties, entry)) {
          ctx.errors.push(`Required name "${entry}" is not a property of ${where}`);
          problem = true;
        }
        seen.add(entry);
      }
      if (problem) ctx.explained.push(`${pointer}/required`);
    }
  }
  const requiredSet = new Set(requiredNames);
  const optional = names.filter((name) => !requiredSet.has(name));
  if (optional.length > 0) {
    ctx.warnings.push(
      `Not in required for ${where}: ${optional.join(', ')} (strict structured outputs need every field required; make a field nullable instead)`,
    );
  }
  if (node.additionalProperties !== false) {
    ctx.warnings.push(`additionalProperties: false is missing on ${where} (strict structured outputs need it)`);
  }

  for (const name of names) {
    const childPointer = `${pointer}/properties/${escapePointer(name)}`;
    if (!FIELD_NAME_PATTERN.test(name) || name === '__proto__') {
      ctx.errors.push(`Field name "${name}" in ${where} is invalid: use 1-64 letters, digits, underscores or hyphens`);
    }
    const child = properties?.[name];
    if (isObject(child) && (typeof child.description !== 'string' || child.description.trim() === '')) {
      ctx.undocumented.push(formatPath([...parts, name]));
    }
    walkNode(child, [...parts, name], childPointer, level + 1, ctx);
  }
}

function noteUnsupported(node: JsonSchemaObject, parts: string[], ctx: Context): void {
  const label = parts.length === 0 ? 'parameters' : formatPath(parts);
  for (const keyword of UNSUPPORTED_KEYWORDS) {
    if (!(keyword in node)) continue;
    const users = ctx.unsupported.get(keyword);
    if (users) users.push(label);
    else ctx.unsupported.set(keyword, [label]);
  }
}

/** Any schema node: a field, or the items of an array field. */
function walkNode(node: unknown, parts: string[], pointer: string, level: number, ctx: Context): void {
  const who = subject(parts);
  if (!isObject(node)) {
    ctx.errors.push(`${who} must be a JSON Schema object such as {"type": "string"}`);
    ctx.explained.push(pointer);
    return;
  }
  ctx.deepestLevel = Math.max(ctx.deepestLevel, level);
  if (level > SCHEMA_LIMITS.maxDepth) return; // reported once by checkSize; nothing deeper is looked at

  noteUnsupported(node, parts, ctx);

  const types = typesOf(node, who, pointer, ctx);
  checkEnum(node, types, who, pointer, ctx);

  if (types.includes('array')) {
    const items = node.items;
    if (items === undefined) ctx.errors.push(`${who} is an array without items; say what it holds`);
    else if (Array.isArray(items)) {
      ctx.errors.push(`${who}: items must be one schema, not a list`);
      ctx.explained.push(`${pointer}/items`);
    } else walkNode(items, [...parts, '[]'], `${pointer}/items`, level + 1, ctx);
  }
  if (types.includes('object') || node.properties !== undefined) walkObject(node, parts, pointer, level, ctx);

  if (Array.isArray(node.anyOf)) {
    node.anyOf.forEach((option, index) => walkNode(option, parts, `${pointer}/anyOf/${index}`, level, ctx));
  }
}

/** The node's types; unknown ones are an error. A type list may add "null" (how strict mode makes a field optional). */
function typesOf(node: JsonSchemaObject, who: string, pointer: string, ctx: Context): string[] {
  const type = node.type;
  if (type === undefined) {
    const typedOtherwise = ['anyOf', '$ref', 'enum', 'const'].some((keyword) => keyword in node);
    if (!typedOtherwise) ctx.errors.push(`${who} has no type (use ${TYPE_LIST})`);
    return [];
  }
  const types = typeof type === 'string' ? [type] : type;
  const known = (value: unknown) =>
    typeof value === 'string' &&
    ((SCHEMA_FIELD_TYPES as readonly string[]).includes(value) || (value === 'null' && Array.isArray(type)));
  if (!Array.isArray(types) || types.length === 0 || !types.every(known)) {
    ctx.errors.push(`${who} has an unknown type ${JSON.stringify(type)} (use ${TYPE_LIST})`);
    ctx.explained.push(`${pointer}/type`);
    return [];
  }
  return types as string[];
}

function checkEnum(node: JsonSchemaObject, types: string[], who: string, pointer: string, ctx: Context): void {
  if (!('enum' in node)) return;
  const values = node.enum;
  const before = ctx.errors.length;
  if (!Array.isArray(values)) ctx.errors.push(`${who}: enum must be a list of values`);
  else if (values.length === 0) ctx.errors.push(`${who}: enum is empty; list at least one value`);
  else if (types.some((type) => type !== 'string' && type !== 'null')) {
    ctx.errors.push(`${who}: enum is only allowed on string fields, not ${types.join('/')}`);
  } else if (!values.every((value) => typeof value === 'string' || (value === null && types.includes('null')))) {
    ctx.errors.push(`${who}: enum values must be text`);
  } else if (values.length > SCHEMA_LIMITS.maxEnumValues) {
    ctx.errors.push(
      `${who}: enum has ${values.length.toLocaleString('en-US')} values; at most ${SCHEMA_LIMITS.maxEnumValues} are allowed`,
    );
  }
  if (ctx.errors.length > before) ctx.explained.push(`${pointer}/enum`);
}

/** Size limits and the warnings collected while walking. */
function checkSize(ctx: Context): void {
  const { deepestLevel, propertyCount } = ctx;
  if (deepestLevel > SCHEMA_LIMITS.maxDepth) {
    ctx.errors.push(`The schema is nested more than ${SCHEMA_LIMITS.maxDepth} levels deep; it cannot be used`);
  } else if (deepestLevel > SCHEMA_LIMITS.strictDepth) {
    ctx.warnings.push(
      `The schema is nested ${deepestLevel} levels deep; strict structured outputs allow at most ${SCHEMA_LIMITS.strictDepth}`,
    );
  }
  const count = propertyCount.toLocaleString('en-US');
  if (propertyCount > SCHEMA_LIMITS.maxProperties) {
    ctx.errors.push(
      `The schema has ${count} fields; at most ${SCHEMA_LIMITS.maxProperties.toLocaleString('en-US')} are allowed`,
    );
  } else if (propertyCount > SCHEMA_LIMITS.strictProperties) {
    ctx.warnings.push(
      `The schema has ${count} fields; strict structured outputs allow at most ${SCHEMA_LIMITS.strictProperties}`,
    );
  }
  for (const [keyword, paths] of ctx.unsupported) {
    ctx.warnings.push(`"${keyword}" is not supported by strict structured outputs (used by ${paths.join(', ')})`);
  }
  if (ctx.undocumented.length > 0) {
    ctx.warnings.push(`Fields without a description (the model relies on them): ${ctx.undocumented.join(', ')}`);
  }
}

/** Whatever the draft-07 meta-schema finds that the checks above have not already explained, once per place. */
function checkMetaSchema(parameters: JsonSchemaObject, ctx: Context): void {
  let errors: ErrorObject[];
  try {
    errors = ajv.validateSchema(parameters) ? [] : (ajv.errors ?? []);
  } catch (error) {
    // e.g. a $schema naming a meta-schema ajv does not know
    ctx.errors.push(`Invalid JSON Schema: ${error instanceof Error ? error.message : String(error)}`);
    return;
  }
  const reported = new Set<string>();
  for (const error of errors) {
    const place = error.instancePath;
    const explained = ctx.explained.some((pointer) => place === pointer || place.startsWith(`${pointer}/`));
    if (explained || reported.has(place)) continue;
    reported.add(place);
    ctx.errors.push(`Invalid JSON Schema at ${describePointer(place)}: ${error.message ?? 'invalid'}`);
  }
}

function duplicateKeyMessage(path: string[]): string {
  const key = path.at(-1) ?? '';
  const parent = path.slice(0, -1);
  if (parent[0] === 'parameters' && parent.at(-1) === 'properties') {
    const { parts } = pointerToParts(parent.slice(1, -1));
    return `Duplicate field name "${key}" in ${objectLabel(parts)}`;
  }
  return `Duplicate key "${key}" in ${parent.length === 0 ? 'the function schema' : parent.join('.')}`;
}

/** `/properties/contact_details/items/properties/email/type` → `contact_details[].email (type)`. */
function describePointer(pointer: string): string {
  const segments = pointer === '' ? [] : pointer.slice(1).split('/').map(unescapePointer);
  const { parts, rest } = pointerToParts(segments);
  const place = parts.length === 0 ? 'parameters' : formatPath(parts);
  return rest.length === 0 ? place : `${place} (${rest.join('.')})`;
}

function pointerToParts(segments: string[]): { parts: string[]; rest: string[] } {
  const parts: string[] = [];
  let index = 0;
  while (index < segments.length) {
    const segment = segments[index];
    const next = segments[index + 1];
    if (segment === 'properties' && next !== undefined) {
      parts.push(next);
      index += 2;
    } else if (segment === 'items') {
      parts.push('[]');
      index += 1;
    } else break;
  }
  return { parts, rest: segments.slice(index) };
}

/** `['contact_details', '[]', 'email']` → `contact_details[].email`. */
function formatPath(parts: string[]): string {
  return parts.reduce((path, part) => (part === '[]' ? `${path}[]` : path ? `${path}.${part}` : part), '');
}

function subject(parts: string[]): string {
  if (parts.length === 0) return 'parameters';
  if (parts.at(-1) === '[]') return `Items of "${formatPath(parts.slice(0, -1))}"`;
  return `Field "${formatPath(parts)}"`;
}

function objectLabel(parts: string[]): string {
  if (parts.length === 0) return 'parameters';
  if (parts.at(-1) === '[]') return `the items of "${formatPath(parts.slice(0, -1))}"`;
  return `"${formatPath(parts)}"`;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const escapePointer = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1');
const unescapePointer = (segment: string) => segment.replaceAll('~1', '/').replaceAll('~0', '~');

/** A schema object: JSON Schema's own type for any plain object read from the draft. */
const isObject = (value: unknown): value is JsonSchemaObject => isRecord(value);
