import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../../components/button.tsx';
import { FormError } from '../../../components/form-controls.tsx';
import type { DraftResult } from '../pinboard-drafts.ts';

/**
 * A pin board item's draft as the user edits it, and a submit that validates it first: a draft that does not
 * pass shows the validator's message instead of being sent.
 */
export function useValidatedDraft<Draft, Input>(
  initialDraft: Draft,
  validate: (draft: Draft) => DraftResult<Input>,
  onValid: (input: Input) => void,
) {
  const [draft, setDraft] = useState(initialDraft);
  const [error, setError] = useState<string | null>(null);
  const update = (changes: Partial<Draft>) => setDraft((current) => ({ ...current, ...changes }));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = validate(draft);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    setError(null);
    onValid(result.value);
  };
  return { draft, update, error, submit };
}

interface DraftFormProps {
  /** The form's accessible name. */
  label: string;
  title: string;
  error: string | null;
  saving: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
  children: ReactNode;
}

/** The frame of the pin board's add and edit forms: its title, the fields, the validation message, Cancel and Save. */
export function DraftForm({ label, title, error, saving, onSubmit, onCancel, children }: DraftFormProps) {
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={label}
      className="mb-5 space-y-4 rounded-lg border border-slate-200 bg-slate-50 p-4"
    >
      <h4 className="text-sm font-semibold text-slate-900">{title}</h4>
      {children}
      {error && <FormError>{error}</FormError>}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
