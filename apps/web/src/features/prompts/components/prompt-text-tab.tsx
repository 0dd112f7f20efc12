import { PROMPT_LIMITS } from '@mining-hub/contract/prompts';
import { TextAreaField, TextField } from '../../../components/form-controls.tsx';
import { formatNumber } from '../../../lib/format.ts';
import type { PromptDraft } from '../prompt-draft.ts';

type TextChanges = Partial<Pick<PromptDraft, 'name' | 'description' | 'promptText'>>;

/** Prompt Text: name, optional description and the system prompt with its live character count. */
export function PromptTextTab({ draft, onChange }: { draft: PromptDraft; onChange: (changes: TextChanges) => void }) {
  const length = draft.promptText.length;
  const tooLong = length > PROMPT_LIMITS.promptText;
  return (
    <div className="space-y-4">
      <div className="grid gap-4 md:grid-cols-2">
        <TextField
          label="Name"
          value={draft.name}
          maxLength={PROMPT_LIMITS.name}
          aria-required="true"
          placeholder="e.g. Drilling signals for Australian juniors"
          onChange={(event) => onChange({ name: event.target.value })}
        />
        <TextField
          label="Description"
          value={draft.description}
          maxLength={PROMPT_LIMITS.description}
          placeholder="Optional: what this prompt is for"
          onChange={(event) => onChange({ description: event.target.value })}
        />
      </div>
      <TextAreaField
        label="System prompt"
        value={draft.promptText}
        rows={18}
        aria-required="true"
        placeholder="Tell the AI what to look for in each article and how to fill the output fields."
        className="[&_textarea]:font-sans [&_textarea]:leading-relaxed"
        hint={
          <span className={tooLong ? 'font-medium text-red-700' : undefined}>
            {formatNumber(length)} {length === 1 ? 'character' : 'characters'} (at most{' '}
            {formatNumber(PROMPT_LIMITS.promptText)})
          </span>
        }
        onChange={(event) => onChange({ promptText: event.target.value })}
      />
    </div>
  );
}
