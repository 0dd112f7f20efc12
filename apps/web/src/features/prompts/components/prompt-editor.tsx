import { PROMPT_REQUIRED_MESSAGE, type Prompt, type PromptInput } from '@mining-hub/contract/prompts';
import { useState, type KeyboardEvent } from 'react';
import { Button } from '../../../components/button.tsx';
import { Card } from '../../../components/card.tsx';
import { canSaveDraft, validatePromptDraft, type PromptDraft } from '../prompt-draft.ts';
import { fieldCount } from '../schema-editor.ts';
import { EvaluateTab } from './evaluate-tab.tsx';
import { OutputSchemaTab } from './output-schema-tab.tsx';
import { PromptTextTab } from './prompt-text-tab.tsx';

export type EditorTab = 'text' | 'schema' | 'evaluate';
const TABS: { id: EditorTab; label: string }[] = [
  { id: 'text', label: 'Prompt Text' },
  { id: 'schema', label: 'Output Schema' },
  { id: 'evaluate', label: 'Evaluate' },
];

interface PromptEditorProps {
  mode: 'edit' | 'create';
  /** A member's view: the active prompt can be read, every field and Save are disabled. */
  readOnly?: boolean;
  initialDraft: PromptDraft;
  saving: boolean;
  tab: EditorTab;
  onTabChange: (tab: EditorTab) => void;
  onSave: (input: PromptInput) => void;
  /** The draft cannot be sent as it is (e.g. two fields of one name). */
  onInvalid: (message: string) => void;
  onCancel: () => void;
  /** The Evaluate tab (admins, editing a saved prompt): runs are recorded against `promptId`. */
  evaluate?: { promptId: number; prompts: Prompt[] | undefined };
}

/** The editor's two tabs, Cancel (create mode only) and Save Changes / Create Prompt. */
export function PromptEditor({
  mode,
  readOnly = false,
  initialDraft,
  saving,
  tab,
  onTabChange,
  onSave,
  onInvalid,
  onCancel,
  evaluate,
}: PromptEditorProps) {
  const tabs = TABS.filter(({ id }) => id !== 'evaluate' || evaluate);
  const [draft, setDraft] = useState(initialDraft);
  const canSave = canSaveDraft(draft);
  // Save stays available: the server's refusal then says why, in its own words, under the notice.
  const noFields = fieldCount(draft.schema) === 0;

  const save = () => {
    const result = validatePromptDraft(draft);
    if (result.ok) onSave(result.value);
    else onInvalid(result.message);
  };

  // Arrow keys move between tabs, as in any tab list.
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const index = tabs.findIndex(({ id }) => id === tab);
    const step = event.key === 'ArrowRight' ? 1 : -1;
    const next = tabs[(index + step + tabs.length) % tabs.length]?.id ?? 'text';
    onTabChange(next);
    document.getElementById(`prompt-tab-${next}`)?.focus();
  };

  return (
    <Card
      title={readOnly ? 'Active Prompt' : mode === 'create' ? 'Create New Prompt' : 'Edit Active Prompt'}
      description={
        readOnly
          ? 'Only admins can change prompts.'
          : mode === 'create'
            ? 'Starts from the default output schema. Creating the prompt makes it the active one.'
            : 'Changes apply to every article analysed after you save; the previous version is kept.'
      }
    >
      <div role="tablist" aria-label="Prompt editor" className="-mt-1 mb-5 flex gap-1 border-b border-slate-200">
        {tabs.map(({ id, label }) => (
          <button
            key={id}
            id={`prompt-tab-${id}`}
            type="button"
            role="tab"
            aria-selected={tab === id}
            aria-controls={`prompt-panel-${id}`}
            tabIndex={tab === id ? 0 : -1}
            onClick={() => onTabChange(id)}
            onKeyDown={onTabKey}
            className={`-mb-px border-b-2 px-4 py-2.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-blue-600 ${
              tab === id
                ? 'border-blue-600 text-blue-700'
                : 'border-transparent text-slate-500 hover:border-slate-300 hover:text-slate-800'
            }`}
          >
            {label}
          </button>
        ))}
      </div>

      {/* Both panels stay mounted, so switching tabs keeps typed enum text and the last validation. */}
      {/* A disabled fieldset disables every control inside it at once: the member's read-only view. */}
      <fieldset disabled={readOnly} className="min-w-0">
        <div role="tabpanel" id="prompt-panel-text" aria-labelledby="prompt-tab-text" hidden={tab !== 'text'}>
          <PromptTextTab draft={draft} onChange={(changes) => setDraft((current) => ({ ...current, ...changes }))} />
        </div>
        <div role="tabpanel" id="prompt-panel-schema" aria-labelledby="prompt-tab-schema" hidden={tab !== 'schema'}>
          <OutputSchemaTab
            schema={draft.schema}
            onChange={(schema) => setDraft((current) => ({ ...current, schema }))}
          />
        </div>
      </fieldset>
      {evaluate && (
        <div
          role="tabpanel"
          id="prompt-panel-evaluate"
          aria-labelledby="prompt-tab-evaluate"
          hidden={tab !== 'evaluate'}
        >
          <EvaluateTab
            promptId={evaluate.promptId}
            prompts={evaluate.prompts}
            draft={() => {
              const result = validatePromptDraft(draft);
              return result.ok
                ? {
                    ok: true,
                    value: { prompt_text: result.value.prompt_text, function_schema: result.value.function_schema },
                  }
                : result;
            }}
          />
        </div>
      )}

      {!readOnly && (
        <div className="mt-6 flex flex-wrap items-center justify-end gap-3 border-t border-slate-100 pt-4">
          {!canSave && <p className="mr-auto text-sm text-amber-700">{PROMPT_REQUIRED_MESSAGE}</p>}
          {canSave && noFields && (
            <p id="prompt-save-blocked" className="mr-auto text-sm text-amber-700">
              The output schema has no fields: add one on the Output Schema tab, or saving is refused.
            </p>
          )}
          {mode === 'create' && (
            <Button variant="secondary" disabled={saving} onClick={onCancel}>
              Cancel
            </Button>
          )}
          <Button
            disabled={!canSave || saving}
            aria-describedby={canSave && noFields ? 'prompt-save-blocked' : undefined}
            onClick={save}
          >
            {saving ? 'Saving...' : mode === 'create' ? 'Create Prompt' : 'Save Changes'}
          </Button>
        </div>
      )}
    </Card>
  );
}
