import { NO_OUTPUT_FIELDS_MESSAGE, type SchemaValidationResult } from '@mining-hub/contract/prompts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { TextField } from '../../../components/form-controls.tsx';
import { PlusIcon } from '../../../components/icons.tsx';
import { validateSchema } from '../api.ts';
import { failedValidationResult } from '../prompt-messages.ts';
import {
  addField,
  fieldCount,
  findFieldListProblems,
  functionSchemaFromEditor,
  type EditorSchema,
} from '../schema-editor.ts';
import { SchemaFieldList } from './schema-field-list.tsx';
import { SchemaValidationPanel } from './schema-validation-panel.tsx';

/** Output Schema: the function's name and description, its fields, validation and the JSON preview. */
export function OutputSchemaTab({
  schema,
  onChange,
}: {
  schema: EditorSchema;
  onChange: (schema: EditorSchema) => void;
}) {
  const built = functionSchemaFromEditor(schema);
  const json = JSON.stringify(built, null, 2);
  // A result belongs to the schema it was computed for; any edit makes it stale, so it is hidden.
  const [checked, setChecked] = useState<{ json: string; result: SchemaValidationResult } | null>(null);
  const validation = useMutation({ mutationFn: validateSchema });
  const count = fieldCount(schema);

  // A schema without fields goes to the server too, which explains why it is unusable.
  const runValidation = () => {
    const problems = findFieldListProblems(schema);
    if (problems.length > 0) {
      setChecked({ json, result: { valid: false, errors: problems, warnings: [] } });
      return;
    }
    validation.mutate(built, {
      onSuccess: (result) => setChecked({ json, result }),
      onError: (error) => {
        console.error('Schema validation failed:', error);
        setChecked({ json, result: failedValidationResult(error) });
      },
    });
  };

  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <div className="min-w-0 space-y-5">
        <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <TextField
            label="Function name"
            value={schema.name}
            maxLength={64}
            spellCheck={false}
            hint="Letters, digits, underscores or hyphens."
            onChange={(event) => onChange({ ...schema, name: event.target.value })}
          />
          <TextField
            label="Function description"
            value={schema.description}
            onChange={(event) => onChange({ ...schema, description: event.target.value })}
          />
        </div>

        <div>
          <div className="mb-3 flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
            <h3 className="text-sm font-semibold text-slate-900">Output fields</h3>
            <p className="text-xs text-slate-500">
              {count} {count === 1 ? 'field' : 'fields'} · Required fields must always be filled by the AI
            </p>
          </div>
          {count === 0 && (
            <p
              role="status"
              className="mb-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset"
            >
              {NO_OUTPUT_FIELDS_MESSAGE}. Press Add Field: a prompt without output fields cannot be saved or activated.
            </p>
          )}
          <SchemaFieldList node={schema.parameters} onChange={(parameters) => onChange({ ...schema, parameters })} />
        </div>

        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => onChange({ ...schema, parameters: addField(schema.parameters) })}>
            <PlusIcon className="size-4" />
            Add Field
          </Button>
          <Button variant="secondary" disabled={validation.isPending} onClick={runValidation}>
            {validation.isPending ? 'Validating...' : 'Validate Schema'}
          </Button>
        </div>
        {checked && checked.json === json && <SchemaValidationPanel result={checked.result} />}
      </div>

      <section aria-label="JSON schema preview" className="min-w-0">
        <div className="xl:sticky xl:top-20">
          <h3 className="mb-2 text-sm font-semibold text-slate-900">JSON Schema Preview</h3>
          {/* Focusable so keyboard users can scroll a long schema. */}
          <pre
            tabIndex={0}
            className="max-h-[calc(100vh-8rem)] overflow-auto rounded-lg bg-slate-900 p-4 font-mono text-xs leading-relaxed break-words whitespace-pre-wrap text-slate-100"
          >
            {json}
          </pre>
        </div>
      </section>
    </div>
  );
}
