import {
  SCHEMA_FIELD_TYPES,
  type ArrayItemType,
  type FunctionSchema,
  type SchemaFieldType,
} from '@mining-hub/contract/prompts';
import { isRecord } from '@mining-hub/contract/is-record';

/**
 * The output-schema editor's model: a function schema as a tree of fields, and back. Keywords the editor
 * has no control for are kept in `extra`, so a schema survives the round trip unchanged.
 */
export interface SchemaNode {
  /** The `type` keyword when it is one of the six field types; null otherwise (then kept in `extra`). */
  type: SchemaFieldType | null;
  /** null when the schema has no description keyword. */
  description: string | null;
  /** Allowed values of a string field switched to an enum; null when it is not one. */
  enumValues: string[] | null;
  /** What an array field holds. */
  items: SchemaNode | null;
  /** The fields (`properties`) of an object; null when there is no properties keyword. */
  fields: SchemaField[] | null;
  /** The object's `required` list, in its own order. */
  required: string[] | null;
  /** Every other keyword, as it was. */
  extra: Record<string, unknown>;
}

export interface SchemaField extends SchemaNode {
  /** Stable key for React while the name is being edited. */
  id: string;
  name: string;
}

export interface EditorSchema {
  name: string;
  description: string;
  parameters: SchemaNode;
}

/** What the Type control offers: the six field types, plus enum (a string limited to listed values). */
export type EditorFieldType = SchemaFieldType | 'enum';
export const EDITOR_FIELD_TYPES: readonly EditorFieldType[] = [
  'string',
  'enum',
  'number',
  'integer',
  'boolean',
  'array',
  'object',
];

export const NEW_FIELD_DESCRIPTION = 'Description for the new field';
export const DEFAULT_ENUM_VALUES = ['Option 1', 'Option 2'];

const MANAGED_KEYWORDS = ['type', 'description', 'enum', 'items', 'properties', 'required'];

let nextId = 0;
const newId = () => {
  nextId += 1;
  return `field-${nextId}`;
};

const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((entry) => typeof entry === 'string');
const isFieldType = (value: unknown): value is SchemaFieldType =>
  typeof value === 'string' && (SCHEMA_FIELD_TYPES as readonly string[]).includes(value);

const emptyNode = (): SchemaNode => ({
  type: null,
  description: null,
  enumValues: null,
  items: null,
  fields: null,
  required: null,
  extra: {},
});

/** A JSON Schema object as an editor node; anything the editor cannot show goes to `extra`. */
export function nodeFromSchema(schema: unknown): SchemaNode {
  if (!isRecord(schema)) return emptyNode();
  const extra: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) if (!MANAGED_KEYWORDS.includes(key)) extra[key] = value;
  const keep = (key: string) => {
    if (key in schema) extra[key] = schema[key];
  };

  const type = isFieldType(schema.type) ? schema.type : null;
  if (!type) keep('type');
  const description = typeof schema.description === 'string' ? schema.description : null;
  if (description === null) keep('description');
  const enumValues = isStringList(schema.enum) ? schema.enum : null;
  if (!enumValues) keep('enum');
  const items = isRecord(schema.items) ? nodeFromSchema(schema.items) : null;
  if (!items) keep('items');
  const properties = isRecord(schema.properties) ? schema.properties : null;
  if (!properties) keep('properties');
  const required = isStringList(schema.required) ? schema.required : null;
  if (!required) keep('required');

  const fields = properties
    ? Object.entries(properties).map(([name, value]) => ({ ...nodeFromSchema(value), id: newId(), name }))
    : null;
  return { type, description, enumValues, items, fields, required, extra };
}

/** The JSON Schema an editor node stands for. */
export function schemaFromNode(node: SchemaNode): Record<string, unknown> {
  // Object.fromEntries defines own properties, so even a field named "__proto__" stays data.
  const entries: [string, unknown][] = [];
  if (node.type !== null) entries.push(['type', node.type]);
  if (node.description !== null) entries.push(['description', node.description]);
  if (node.enumValues !== null) entries.push(['enum', node.enumValues]);
  if (node.items !== null) entries.push(['items', schemaFromNode(node.items)]);
  if (node.fields !== null) {
    entries.push(['properties', Object.fromEntries(node.fields.map((field) => [field.name, schemaFromNode(field)]))]);
  }
  if (node.required !== null) entries.push(['required', node.required]);
  // Extra keywords follow; one the editor now manages again (e.g. a type chosen for an unknown one) wins.
  const managed = new Set(entries.map(([key]) => key));
  for (const [key, value] of Object.entries(node.extra)) if (!managed.has(key)) entries.push([key, value]);
  return Object.fromEntries(entries);
}

export function editorFromFunctionSchema(schema: FunctionSchema): EditorSchema {
  return { name: schema.name, description: schema.description, parameters: nodeFromSchema(schema.parameters) };
}

export function functionSchemaFromEditor(editor: EditorSchema): FunctionSchema {
  return { name: editor.name, description: editor.description, parameters: schemaFromNode(editor.parameters) };
}

/** The Type control's value for a field; null for a type the editor does not know (kept as is). */
export function editorFieldType(node: SchemaNode): EditorFieldType | null {
  if (node.type === 'string' && node.enumValues !== null) return 'enum';
  return node.type;
}

const fieldsOf = (node: SchemaNode) => node.fields ?? [];

/** Appends `new_field_N` (N = field count + 1, or the next free number), a string with a placeholder description. */
export function addField(node: SchemaNode): SchemaNode {
  const fields = fieldsOf(node);
  const taken = new Set(fields.map((field) => field.name));
  let number = fields.length + 1;
  while (taken.has(`new_field_${number}`)) number += 1;
  const field: SchemaField = {
    ...emptyNode(),
    id: newId(),
    name: `new_field_${number}`,
    type: 'string',
    description: NEW_FIELD_DESCRIPTION,
  };
  return { ...node, fields: [...fields, field] };
}

/** Renames a field, in the required list too. */
export function renameField(node: SchemaNode, id: string, name: string): SchemaNode {
  const field = fieldsOf(node).find((candidate) => candidate.id === id);
  if (!field) return node;
  const oldName = field.name;
  return {
    ...node,
    fields: fieldsOf(node).map((candidate) => (candidate.id === id ? { ...candidate, name } : candidate)),
    required: node.required?.map((entry) => (entry === oldName ? name : entry)) ?? null,
  };
}

/** Removes a field, and its name from the required list unless another field still has it. */
export function removeField(node: SchemaNode, id: string): SchemaNode {
  const removed = fieldsOf(node).find((field) => field.id === id);
  if (!removed) return node;
  const fields = fieldsOf(node).filter((field) => field.id !== id);
  const stillNamed = fields.some((field) => field.name === removed.name);
  return {
    ...node,
    fields,
    required: stillNamed ? node.required : (node.required?.filter((entry) => entry !== removed.name) ?? null),
  };
}

export function isFieldRequired(node: SchemaNode, field: SchemaField): boolean {
  return node.required?.includes(field.name) ?? false;
}

/** Ticks or unticks Required: the name is appended to, or taken out of, the required list. */
export function setFieldRequired(node: SchemaNode, id: string, required: boolean): SchemaNode {
  const field = fieldsOf(node).find((candidate) => candidate.id === id);
  const current = node.required ?? [];
  if (!field || current.includes(field.name) === required) return node;
  return { ...node, required: required ? [...current, field.name] : current.filter((entry) => entry !== field.name) };
}

/** Replaces one field (its own properties, not its name: use renameField). */
export function updateField(node: SchemaNode, id: string, update: (field: SchemaField) => SchemaField): SchemaNode {
  return { ...node, fields: fieldsOf(node).map((field) => (field.id === id ? update(field) : field)) };
}

/**
 * Switches a field's type. String ↔ enum keeps the field and toggles its values (an enum starts with
 * 'Option 1, Option 2'); arrays start as lists of strings, objects with no fields; what the old type
 * needed (values, items, fields) goes.
 */
export function changeFieldType<T extends SchemaNode>(field: T, type: EditorFieldType): T {
  const extra = { ...field.extra };
  delete extra.type; // a type the editor did not know is replaced by the chosen one
  const base = { ...field, extra, enumValues: null, items: null, fields: null, required: null };
  switch (type) {
    case 'enum':
      return { ...base, type: 'string', enumValues: field.enumValues ?? [...DEFAULT_ENUM_VALUES] };
    case 'array':
      return { ...base, type: 'array', items: field.items ?? { ...emptyNode(), type: 'string' } };
    case 'object':
      return { ...base, type: 'object', fields: field.fields ?? [], required: field.required ?? [] };
    default:
      return { ...base, type };
  }
}

/** The item type control's value: string, number or object; null for anything else (kept as is). */
export function arrayItemType(field: SchemaNode): ArrayItemType | null {
  const type = field.items?.type;
  return type === 'string' || type === 'number' || type === 'object' ? type : null;
}

export function changeArrayItemType(field: SchemaField, itemType: ArrayItemType): SchemaField {
  const items = changeFieldType(field.items ?? emptyNode(), itemType);
  return { ...field, items };
}

/** Enum values are typed comma-separated; each is trimmed and empty ones dropped. */
export function parseEnumValues(text: string): string[] {
  return text
    .split(',')
    .map((value) => value.trim())
    .filter((value) => value !== '');
}

export function formatEnumValues(values: readonly string[]): string {
  return values.join(', ');
}

/** The object whose fields an object or array-of-objects field shows nested under it, if any. */
export function nestedObject(field: SchemaNode): 'self' | 'items' | null {
  if (field.type === 'object') return 'self';
  if (field.type === 'array' && field.items?.type === 'object') return 'items';
  return null;
}

/**
 * Problems only the field list can show: a JSON object cannot hold two fields of one name or a nameless
 * field, so they would vanish silently on the way to the server.
 */
export function findFieldListProblems(editor: EditorSchema): string[] {
  const problems: string[] = [];
  const visit = (node: SchemaNode, parts: string[]) => {
    const where = objectLabel(parts);
    const seen = new Set<string>();
    fieldsOf(node).forEach((field, index) => {
      if (field.name.trim() === '') problems.push(`Field ${index + 1} in ${where} has no name`);
      else if (field.name === '__proto__') problems.push(`Field name "__proto__" in ${where} is not allowed`);
      else if (seen.has(field.name)) problems.push(`Duplicate field name "${field.name}" in ${where}`);
      seen.add(field.name);
      if (field.type === 'object') visit(field, [...parts, field.name]);
      if (field.items) visit(field.items, [...parts, field.name, '[]']);
    });
  };
  visit(editor.parameters, []);
  return problems;
}

/** Where a field list sits, worded like the server's validation messages. */
function objectLabel(parts: string[]): string {
  const path = (segments: string[]) =>
    segments.reduce((text, part) => (part === '[]' ? `${text}[]` : text ? `${text}.${part}` : part), '');
  if (parts.length === 0) return 'parameters';
  if (parts.at(-1) === '[]') return `the items of "${path(parts.slice(0, -1))}"`;
  return `"${path(parts)}"`;
}

export function fieldCount(editor: EditorSchema): number {
  return fieldsOf(editor.parameters).length;
}
