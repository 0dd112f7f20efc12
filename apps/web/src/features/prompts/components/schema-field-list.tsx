import { ARRAY_ITEM_TYPES, type ArrayItemType } from '@mining-hub/contract/prompts';
import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { SelectField, TextField } from '../../../components/form-controls.tsx';
import { PlusIcon, TrashIcon } from '../../../components/icons.tsx';
import {
  addField,
  arrayItemType,
  changeArrayItemType,
  changeFieldType,
  EDITOR_FIELD_TYPES,
  editorFieldType,
  formatEnumValues,
  isFieldRequired,
  nestedObject,
  parseEnumValues,
  removeField,
  renameField,
  setFieldRequired,
  updateField,
  type EditorFieldType,
  type SchemaField,
  type SchemaNode,
} from '../schema-editor.ts';

// Shown in the Type control for a type the editor cannot edit; choosing another replaces it.
const KEPT = 'kept';

interface SchemaFieldListProps {
  /** The object schema whose fields are listed. */
  node: SchemaNode;
  onChange: (node: SchemaNode) => void;
  /** The field this list belongs to; undefined for the top level. */
  owner?: string;
}

/** An object's fields, each editable, with Add Field; nested objects get a list of their own. */
export function SchemaFieldList({ node, onChange, owner }: SchemaFieldListProps) {
  const fields = node.fields ?? [];
  return (
    <div className="space-y-3">
      {fields.length === 0 && (
        <p className="rounded-lg border border-dashed border-slate-300 px-4 py-4 text-center text-sm text-slate-500">
          No fields yet. Use Add Field to define what the AI should return.
        </p>
      )}
      {fields.length > 0 && (
        <ol className="space-y-3">
          {fields.map((field) => (
            <li key={field.id}>
              <SchemaFieldEditor
                field={field}
                nested={owner !== undefined}
                required={isFieldRequired(node, field)}
                onRename={(name) => onChange(renameField(node, field.id, name))}
                onRequiredChange={(required) => onChange(setFieldRequired(node, field.id, required))}
                onRemove={() => onChange(removeField(node, field.id))}
                onChange={(next) => onChange(updateField(node, field.id, () => next))}
              />
            </li>
          ))}
        </ol>
      )}
      {owner !== undefined && (
        <Button
          variant="secondary"
          size="sm"
          aria-label={`Add field to ${owner}`}
          onClick={() => onChange(addField(node))}
        >
          <PlusIcon className="size-4" />
          Add Field
        </Button>
      )}
    </div>
  );
}

interface SchemaFieldEditorProps {
  field: SchemaField;
  nested: boolean;
  required: boolean;
  onRename: (name: string) => void;
  onRequiredChange: (required: boolean) => void;
  onRemove: () => void;
  onChange: (field: SchemaField) => void;
}

function SchemaFieldEditor({
  field,
  nested,
  required,
  onRename,
  onRequiredChange,
  onRemove,
  onChange,
}: SchemaFieldEditorProps) {
  const type = editorFieldType(field);
  const itemType = arrayItemType(field);
  const children = nestedObject(field);
  const label = field.name.trim() || '(unnamed)';

  return (
    <div
      role="group"
      aria-label={`Field ${label}`}
      className={`rounded-lg border p-3 sm:p-4 ${nested ? 'border-slate-200 bg-slate-50' : 'border-slate-200 bg-white shadow-sm'}`}
    >
      <div className="grid grid-cols-[minmax(0,1fr)_auto_auto] items-end gap-3 sm:grid-cols-[minmax(0,1fr)_9.5rem_auto_auto]">
        <TextField
          label="Field name"
          value={field.name}
          maxLength={64}
          spellCheck={false}
          className="col-span-3 min-w-0 sm:col-span-1"
          onChange={(event) => onRename(event.target.value)}
        />
        <SelectField
          label="Type"
          className="min-w-0"
          value={type ?? KEPT}
          onChange={(event) => onChange(changeFieldType(field, event.target.value as EditorFieldType))}
        >
          {type === null && (
            <option value={KEPT} disabled>
              {describeKeptType(field)}
            </option>
          )}
          {EDITOR_FIELD_TYPES.map((option) => (
            <option key={option} value={option}>
              {option === 'enum' ? 'enum (string)' : option}
            </option>
          ))}
        </SelectField>
        <label className="flex h-9 items-center gap-2 text-sm font-medium text-slate-700">
          <input
            type="checkbox"
            checked={required}
            onChange={(event) => onRequiredChange(event.target.checked)}
            className="size-4 rounded border-slate-300 accent-blue-600"
          />
          Required
        </label>
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Remove field ${label}`}
          className="h-9 text-red-600 hover:bg-red-50 hover:text-red-700"
          onClick={onRemove}
        >
          <TrashIcon className="size-4" />
          {/* On a phone the icon alone leaves the Type control room; the label is still the button's name. */}
          <span className="hidden sm:inline">Remove</span>
        </Button>
      </div>

      <TextField
        label="Description"
        value={field.description ?? ''}
        placeholder="What the AI should put here"
        className="mt-3"
        onChange={(event) => onChange({ ...field, description: event.target.value })}
      />

      {field.type === 'array' && (
        <SelectField
          label="Array item type"
          value={itemType ?? KEPT}
          className="mt-3 sm:w-56"
          onChange={(event) => onChange(changeArrayItemType(field, event.target.value as ArrayItemType))}
        >
          {itemType === null && (
            <option value={KEPT} disabled>
              {field.items ? describeKeptType(field.items) : 'not set'}
            </option>
          )}
          {ARRAY_ITEM_TYPES.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </SelectField>
      )}

      {type === 'enum' && (
        <EnumValuesInput
          values={field.enumValues ?? []}
          onChange={(values) => onChange({ ...field, enumValues: values })}
        />
      )}

      {children && (
        <div className="mt-4 border-l-2 border-blue-200 pl-3 sm:pl-4">
          <p className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
            {children === 'items' ? `Fields of each ${label} item` : `Fields of ${label}`}
          </p>
          <SchemaFieldList
            node={children === 'items' && field.items ? field.items : field}
            owner={label}
            onChange={(child) =>
              onChange(
                children === 'items'
                  ? { ...field, items: child }
                  : { ...field, fields: child.fields, required: child.required },
              )
            }
          />
        </div>
      )}
    </div>
  );
}

/** Typed comma-separated; the list is trimmed as it is typed, the text tidied when the input is left. */
function EnumValuesInput({ values, onChange }: { values: string[]; onChange: (values: string[]) => void }) {
  const [text, setText] = useState(() => formatEnumValues(values));
  return (
    <TextField
      label="Enum values"
      hint="Comma-separated; spaces around each value are trimmed."
      value={text}
      className="mt-3"
      onChange={(event) => {
        setText(event.target.value);
        onChange(parseEnumValues(event.target.value));
      }}
      onBlur={() => setText(formatEnumValues(parseEnumValues(text)))}
    />
  );
}

function describeKeptType(node: SchemaNode): string {
  const type = node.extra.type;
  return type === undefined ? 'other (kept as is)' : `${JSON.stringify(type)} (kept)`;
}
