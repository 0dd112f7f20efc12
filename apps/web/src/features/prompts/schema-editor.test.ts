import { DEFAULT_FUNCTION_SCHEMA, type FunctionSchema } from '@mining-hub/contract/prompts';
import { describe, expect, it } from 'vitest';
import {
  addField,
  arrayItemType,
  changeArrayItemType,
  changeFieldType,
  editorFieldType,
  editorFromFunctionSchema,
  findFieldListProblems,
  formatEnumValues,
  functionSchemaFromEditor,
  isFieldRequired,
  nestedObject,
  nodeFromSchema,
  parseEnumValues,
  removeField,
  renameField,
  schemaFromNode,
  setFieldRequired,
  updateField,
  type SchemaField,
  type SchemaNode,
} from './schema-editor.ts';

const roundTrip = (schema: FunctionSchema) => functionSchemaFromEditor(editorFromFunctionSchema(schema));

function fieldNamed(node: SchemaNode, name: string): SchemaField {
  const field = node.fields?.find((candidate) => candidate.name === name);
  if (!field) throw new Error(`no field ${name}`);
  return field;
}

const defaultParameters = () => editorFromFunctionSchema(DEFAULT_FUNCTION_SCHEMA).parameters;

describe('round trip between JSON schema and field list', () => {
  it('gives back the default schema unchanged, key order included', () => {
    expect(JSON.stringify(roundTrip(DEFAULT_FUNCTION_SCHEMA))).toBe(JSON.stringify(DEFAULT_FUNCTION_SCHEMA));
  });

  it('shows the default schema as fields, with contact_details holding editable nested fields', () => {
    const parameters = defaultParameters();
    expect(parameters.fields?.map((field) => field.name)).toEqual([
      'signal_summary',
      'expanded_summary',
      'drilling_planned',
      'drilling_timeline',
      'drilling_details',
      'drilling_length_meters',
      'additional_sales_signals',
      'contact_details',
      'buying_intent_score',
      'talking_points',
      'email_subject',
      'email_body',
    ]);
    const intent = fieldNamed(parameters, 'buying_intent_score');
    expect(editorFieldType(intent)).toBe('enum');
    expect(intent.enumValues).toEqual(['Low', 'Medium', 'High', 'Very High']);
    expect(isFieldRequired(parameters, intent)).toBe(true);
    expect(isFieldRequired(parameters, fieldNamed(parameters, 'drilling_timeline'))).toBe(false);

    const contacts = fieldNamed(parameters, 'contact_details');
    expect(arrayItemType(contacts)).toBe('object');
    expect(nestedObject(contacts)).toBe('items');
    expect(contacts.items?.fields?.map((field) => field.name)).toEqual([
      'first_name',
      'last_name',
      'email',
      'job_title',
      'phone_number',
    ]);
    expect(contacts.items?.required).toEqual(['first_name', 'last_name']);
    expect(arrayItemType(fieldNamed(parameters, 'talking_points'))).toBe('string');
  });

  it('keeps keywords it has no control for, and types it does not know', () => {
    const schema: FunctionSchema = {
      name: 'custom',
      description: '',
      parameters: {
        type: 'object',
        properties: {
          score: { type: 'number', description: 'Score', minimum: 0, maximum: 10 },
          notes: { type: ['string', 'null'], description: 'Optional' },
          when: { type: 'string', format: 'date-time' },
          pair: { type: 'array', items: [{ type: 'string' }] },
          choice: { anyOf: [{ type: 'string' }, { type: 'number' }] },
          address: {
            type: 'object',
            properties: { city: { type: 'string', description: 'City' } },
            required: ['city'],
            additionalProperties: false,
          },
        },
        required: ['score', 'notes'],
        additionalProperties: false,
        $defs: { unused: { type: 'string' } },
      },
    };
    expect(roundTrip(schema)).toEqual(schema);
    const parameters = editorFromFunctionSchema(schema).parameters;
    expect(editorFieldType(fieldNamed(parameters, 'notes'))).toBeNull();
    expect(nestedObject(fieldNamed(parameters, 'address'))).toBe('self');
  });

  it('builds a field named __proto__ as data, not as a prototype', () => {
    const node = addField(nodeFromSchema({ type: 'object', properties: {} }));
    const field = node.fields?.[0];
    if (!field) throw new Error('no field');
    const built = schemaFromNode(renameField(node, field.id, '__proto__')) as { properties: object };
    expect(Object.keys(built.properties)).toEqual(['__proto__']);
    expect(JSON.stringify(built.properties)).toContain('"__proto__":{"type":"string"');
  });
});

describe('editing the field list', () => {
  it('adds new_field_N (N = field count + 1) as a string with the placeholder description', () => {
    const parameters = addField(defaultParameters());
    const added = parameters.fields?.at(-1);
    expect(added).toMatchObject({ name: 'new_field_13', type: 'string', description: 'Description for the new field' });
    expect(schemaFromNode(parameters).properties).toMatchObject({
      new_field_13: { type: 'string', description: 'Description for the new field' },
    });
    expect(parameters.required).not.toContain('new_field_13');
    const empty = addField(addField(nodeFromSchema({ type: 'object', properties: {} })));
    expect(empty.fields?.map((field) => field.name)).toEqual(['new_field_1', 'new_field_2']);
  });

  it('skips to the next free number rather than repeat a name', () => {
    let node = addField(addField(nodeFromSchema({ type: 'object', properties: {} })));
    const first = node.fields?.[0];
    if (!first) throw new Error('no field');
    node = addField(removeField(node, first.id));
    expect(node.fields?.map((field) => field.name)).toEqual(['new_field_2', 'new_field_3']);
  });

  it('renames a field in the required list too', () => {
    const parameters = defaultParameters();
    const renamed = renameField(parameters, fieldNamed(parameters, 'email_body').id, 'email_text');
    expect(renamed.required).toContain('email_text');
    expect(renamed.required).not.toContain('email_body');
    expect(renamed.required?.indexOf('email_text')).toBe(parameters.required?.indexOf('email_body'));
    const built = schemaFromNode(renamed) as { properties: object };
    expect(Object.keys(built.properties).at(-1)).toBe('email_text');

    const optional = renameField(parameters, fieldNamed(parameters, 'drilling_details').id, 'drill_notes');
    expect(optional.required).toEqual(parameters.required);
  });

  it('removes a field from the required list too', () => {
    const parameters = defaultParameters();
    const removed = removeField(parameters, fieldNamed(parameters, 'talking_points').id);
    expect(removed.fields?.map((field) => field.name)).not.toContain('talking_points');
    expect(removed.required).not.toContain('talking_points');
    expect(removed.required).toHaveLength(7);
  });

  it('ticks and unticks Required', () => {
    let parameters = addField(defaultParameters());
    const added = parameters.fields?.at(-1);
    if (!added) throw new Error('no field');
    parameters = setFieldRequired(parameters, added.id, true);
    expect(parameters.required?.at(-1)).toBe('new_field_13');
    expect(setFieldRequired(parameters, added.id, true)).toBe(parameters);
    parameters = setFieldRequired(parameters, added.id, false);
    expect(parameters.required).not.toContain('new_field_13');
  });

  it('switches string ↔ enum, starting with Option 1, Option 2', () => {
    const parameters = defaultParameters();
    const subject = fieldNamed(parameters, 'email_subject');
    const asEnum = changeFieldType(subject, 'enum');
    expect(asEnum).toMatchObject({ type: 'string', enumValues: ['Option 1', 'Option 2'], name: 'email_subject' });
    expect(schemaFromNode(asEnum)).toEqual({
      type: 'string',
      description: subject.description,
      enum: ['Option 1', 'Option 2'],
    });
    const back = changeFieldType(asEnum, 'string');
    expect(back.enumValues).toBeNull();
    expect(schemaFromNode(back)).toEqual({ type: 'string', description: subject.description });
  });

  it('reads comma-separated enum values trimmed, and writes them back', () => {
    expect(parseEnumValues(' Lead ,Qualified,  Won,, ')).toEqual(['Lead', 'Qualified', 'Won']);
    expect(parseEnumValues('')).toEqual([]);
    expect(formatEnumValues(['Low', 'Very High'])).toBe('Low, Very High');
  });

  it('switches to array of strings, to objects with nested fields, and between item types', () => {
    const parameters = defaultParameters();
    const summary = fieldNamed(parameters, 'signal_summary');
    const list = changeFieldType(summary, 'array');
    expect(schemaFromNode(list)).toEqual({
      type: 'array',
      description: summary.description,
      items: { type: 'string' },
    });
    const ofObjects = changeArrayItemType(list, 'object');
    expect(schemaFromNode(ofObjects)).toMatchObject({ items: { type: 'object', properties: {}, required: [] } });
    const withField = { ...ofObjects, items: ofObjects.items && addField(ofObjects.items) };
    expect(schemaFromNode(withField)).toMatchObject({
      items: { properties: { new_field_1: { type: 'string' } } },
    });
    expect(schemaFromNode(changeArrayItemType(withField, 'number'))).toMatchObject({ items: { type: 'number' } });

    const object = changeFieldType(fieldNamed(parameters, 'drilling_planned'), 'object');
    expect(schemaFromNode(object)).toEqual({
      type: 'object',
      description: 'Whether the article announces or implies new or continued drilling.',
      properties: {},
      required: [],
    });
    expect(schemaFromNode(changeFieldType(object, 'boolean'))).toEqual({
      type: 'boolean',
      description: 'Whether the article announces or implies new or continued drilling.',
    });
  });

  it('edits nested contact_details fields: rename, require, remove', () => {
    const parameters = defaultParameters();
    const contacts = fieldNamed(parameters, 'contact_details');
    const edited = updateField(parameters, contacts.id, (field) => {
      if (!field.items) return field;
      let items = renameField(field.items, fieldNamed(field.items, 'first_name').id, 'given_name');
      items = setFieldRequired(items, fieldNamed(items, 'email').id, true);
      items = removeField(items, fieldNamed(items, 'phone_number').id);
      return { ...field, items };
    });
    const built = schemaFromNode(edited) as { properties: Record<string, { items: unknown }> };
    expect(built.properties.contact_details?.items).toEqual({
      type: 'object',
      properties: {
        given_name: { type: 'string', description: 'First name of the contact.' },
        last_name: { type: 'string', description: 'Last name of the contact.' },
        email: { type: 'string', description: 'Email address, only if given in the article.' },
        job_title: { type: 'string', description: 'Job title or role, e.g. CEO or VP Exploration.' },
      },
      required: ['given_name', 'last_name', 'email'],
    });
  });

  it('replaces an unknown type when a known one is chosen', () => {
    const node = nodeFromSchema({ type: ['string', 'null'], description: 'x' });
    expect(schemaFromNode(changeFieldType(node, 'integer'))).toEqual({ type: 'integer', description: 'x' });
  });
});

describe('findFieldListProblems', () => {
  it('finds nameless and duplicate fields at any level, which JSON would silently drop', () => {
    const editor = editorFromFunctionSchema(DEFAULT_FUNCTION_SCHEMA);
    const parameters = editor.parameters;
    let edited = renameField(parameters, fieldNamed(parameters, 'email_body').id, 'email_subject');
    edited = renameField(edited, fieldNamed(edited, 'talking_points').id, ' ');
    edited = updateField(edited, fieldNamed(edited, 'contact_details').id, (field) =>
      field.items
        ? { ...field, items: renameField(field.items, fieldNamed(field.items, 'email').id, 'last_name') }
        : field,
    );
    expect(findFieldListProblems({ ...editor, parameters: edited })).toEqual([
      'Duplicate field name "last_name" in the items of "contact_details"',
      'Field 10 in parameters has no name',
      'Duplicate field name "email_subject" in parameters',
    ]);
    expect(findFieldListProblems(editor)).toEqual([]);
  });
});
