import {
  booleanFor,
  fitNumber,
  fitString,
  MAX_DEPTH,
  numberFor,
  pickEnum,
  stringFor,
  type FillContext,
  type Schema,
} from './rules-field-values.ts';
import type { Writer } from './rules-writer.ts';
import { INTENT_REASONS_FIELD } from './ai-analyser.ts';
import { isRecord } from '@mining-hub/contract/is-record';

/** Fills any function schema, field by field, with what each field's name asks for (rules analyser). */

/** `#/$defs/x` or `#/definitions/x` inside the root schema. */
function resolveRef(ref: string, root: Schema): Schema | undefined {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = root;
  for (const part of ref.slice(2).split('/')) {
    const key = part.replaceAll('~1', '/').replaceAll('~0', '~');
    node = isRecord(node) ? node[key] : undefined;
  }
  return isRecord(node) ? node : undefined;
}

function typesOf(schema: Schema): string[] {
  if (typeof schema.type === 'string') return [schema.type];
  if (Array.isArray(schema.type)) return schema.type.filter((t): t is string => typeof t === 'string');
  if (isRecord(schema.properties)) return ['object'];
  if (schema.items !== undefined) return ['array'];
  return [];
}

/** A value for `schema`, taken from the article where the field's name says what it holds. */
export function fill(schema: unknown, key: string, ctx: FillContext): unknown {
  if (!isRecord(schema) || ctx.depth > MAX_DEPTH) return null;
  if (typeof schema.$ref === 'string') {
    const target = resolveRef(schema.$ref, ctx.root);
    return target ? fill(target, key, { ...ctx, depth: ctx.depth + 1 }) : null;
  }
  if ('const' in schema) return schema.const;
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const options = schema[keyword];
    if (Array.isArray(options) && options.length > 0) {
      const chosen = options.find((o) => isRecord(o) && !typesOf(o).every((t) => t === 'null')) ?? options[0];
      return fill(isRecord(chosen) ? { ...withoutKeys(schema, [keyword]), ...chosen } : chosen, key, ctx);
    }
  }
  if (Array.isArray(schema.allOf)) {
    const merged = schema.allOf
      .filter(isRecord)
      .reduce<Schema>((all, part) => mergeSchemas(all, part), withoutKeys(schema, ['allOf']));
    return fill(merged, key, ctx);
  }
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return pickEnum(schema.enum, key, schema, ctx);

  const types = typesOf(schema);
  const type = types.find((t) => t !== 'null') ?? (types.includes('null') ? 'null' : 'string');
  switch (type) {
    case 'object':
      return fillObject(schema, key, ctx);
    case 'array':
      return fillArray(schema, key, ctx);
    case 'string':
      return fitString(stringFor(key, schema, ctx), schema, ctx);
    case 'integer':
      return fitNumber(numberFor(key, schema, ctx), schema, true);
    case 'number':
      return fitNumber(numberFor(key, schema, ctx), schema, false);
    case 'boolean':
      return booleanFor(key, schema, ctx);
    default:
      return null;
  }
}

function withoutKeys(schema: Schema, keys: readonly string[]): Schema {
  return Object.fromEntries(Object.entries(schema).filter(([key]) => !keys.includes(key)));
}

function mergeSchemas(a: Schema, b: Schema): Schema {
  const merged: Schema = { ...a, ...b };
  if (isRecord(a.properties) && isRecord(b.properties)) merged.properties = { ...a.properties, ...b.properties };
  if (Array.isArray(a.required) && Array.isArray(b.required))
    merged.required = [...new Set([...a.required, ...b.required])];
  return merged;
}

function fillObject(schema: Schema, key: string, ctx: FillContext): Record<string, unknown> {
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const required = new Set(
    Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : [],
  );
  const inner: FillContext = { ...ctx, depth: ctx.depth + 1, parent: key };
  const result: Record<string, unknown> = {};
  // Every declared property is answered (a model would too); undeclared required names get a string.
  for (const [name, child] of Object.entries(properties)) result[name] = fill(child, name, inner);
  for (const name of required) if (!(name in result)) result[name] = fill({ type: 'string' }, name, inner);
  const minProperties = typeof schema.minProperties === 'number' ? schema.minProperties : 0;
  for (let i = Object.keys(result).length; i < minProperties; i++) result[`field_${i + 1}`] = '';
  return result;
}

const CONTACT_ARRAY = /contact|people|person|executive|management|team|officer|spokes/i;
const POINT_ARRAY = /talking|point|takeaway|highlight|key|insight|bullet|fact/i;
const REASON_ARRAY = /reason|evidence|rationale|justification/i;
const SIGNAL_ARRAY = /signal|trigger|opportunit|event|catalyst/i;
const TAG_ARRAY = /tag|keyword|label|topic|categor|theme/i;
const COMMODITY_WORD = /commodit|mineral|metal|element/i;

function fillArray(schema: Schema, key: string, ctx: FillContext): unknown[] {
  const items = isRecord(schema.items) ? schema.items : {};
  const itemTypes = typesOf(items);
  const { writer } = ctx;
  let values: unknown[];
  if (itemTypes.includes('object') && CONTACT_ARRAY.test(key)) {
    values = writer.contacts.map((person) => fill(items, key, { ...ctx, depth: ctx.depth + 1, inContact: person }));
  } else if (itemTypes.includes('string') || itemTypes.length === 0) {
    const strings = stringsFor(key, writer);
    values = Array.isArray(items.enum)
      ? strings.length > 0
        ? [pickEnum(items.enum, key, items, ctx)]
        : []
      : strings.map((s) => fitString(s, items, ctx));
  } else if (itemTypes.includes('number') || itemTypes.includes('integer')) {
    const number = numberFor(key, items, ctx);
    values =
      number !== 0 ? [fitNumber(number, items, itemTypes.includes('integer') && !itemTypes.includes('number'))] : [];
  } else {
    values = [];
  }
  const minItems = typeof schema.minItems === 'number' ? schema.minItems : 0;
  const maxItems = typeof schema.maxItems === 'number' ? schema.maxItems : Infinity;
  // Too few values for minItems: more of what the article offers, then numbered placeholders.
  const spare =
    itemTypes.includes('string') && !Array.isArray(items.enum)
      ? [...writer.tags(), ...writer.signals(), ...writer.talkingPoints()]
      : [];
  for (let i = values.length; i < minItems; i++) {
    const next = spare.find((candidate) => !values.includes(candidate));
    const item =
      next !== undefined
        ? fitString(next, items, ctx)
        : fill(items, `${key}_${i + 1}`, { ...ctx, depth: ctx.depth + 1 });
    values.push(
      typeof item === 'string' && values.includes(item) ? fitString(`${item || key} ${i + 1}`, items, ctx) : item,
    );
  }
  if (schema.uniqueItems === true) values = uniqueJson(values);
  return values.slice(0, maxItems);
}

/** The list a string-array field's name asks for: signals, talking points, commodities, tags… */
function stringsFor(key: string, writer: Writer): string[] {
  const { facts } = writer;
  if (key === INTENT_REASONS_FIELD || REASON_ARRAY.test(key)) return writer.intentReasons();
  if (key === 'additional_sales_signals' || SIGNAL_ARRAY.test(key)) return writer.signals();
  if (key === 'talking_points' || POINT_ARRAY.test(key)) return writer.talkingPoints();
  if (COMMODITY_WORD.test(key)) return facts.commodities;
  if (/countr/i.test(key)) return [facts.country].filter(Boolean);
  if (/compan/i.test(key)) return [writer.company];
  if (/project/i.test(key)) return [facts.project].filter(Boolean);
  if (/email/i.test(key)) return writer.contacts.map((c) => c.email).filter(Boolean);
  if (/sentence|summary|summaries/i.test(key)) return facts.lead.slice(0, 3);
  if (TAG_ARRAY.test(key)) return writer.tags();
  return [];
}

function uniqueJson(values: readonly unknown[]): unknown[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    const key = JSON.stringify(value);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
