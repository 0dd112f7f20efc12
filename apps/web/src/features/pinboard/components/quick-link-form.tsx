import { QUICK_LINK_COLORS, type QuickLinkColor, type QuickLinkInput } from '@mining-hub/contract/pinboard';
import { SelectField, TextField } from '../../../components/form-controls.tsx';
import { validateQuickLinkDraft, type QuickLinkDraft } from '../pinboard-drafts.ts';
import { QUICK_LINK_COLOR_CLASSES } from '../pinboard-styles.ts';
import { DraftForm, useValidatedDraft } from './draft-form.tsx';

interface QuickLinkFormProps {
  mode: 'add' | 'edit';
  initialDraft: QuickLinkDraft;
  saving: boolean;
  onSubmit: (input: QuickLinkInput) => void;
  onCancel: () => void;
}

export function QuickLinkForm({ mode, initialDraft, saving, onSubmit, onCancel }: QuickLinkFormProps) {
  const { draft, update, error, submit } = useValidatedDraft(initialDraft, validateQuickLinkDraft, onSubmit);

  return (
    <DraftForm
      label={mode === 'add' ? 'Add quick link' : 'Edit quick link'}
      title={mode === 'add' ? 'New quick link' : 'Edit quick link'}
      error={error}
      saving={saving}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Label"
          value={draft.label}
          maxLength={100}
          aria-required="true"
          placeholder="e.g. HubSpot CRM"
          onChange={(event) => update({ label: event.target.value })}
        />
        <TextField
          label="URL"
          value={draft.url}
          inputMode="url"
          maxLength={2048}
          aria-required="true"
          placeholder="https://"
          onChange={(event) => update({ url: event.target.value })}
        />
        <SelectField
          label="Color"
          value={draft.color}
          onChange={(event) => update({ color: event.target.value as QuickLinkColor })}
        >
          {QUICK_LINK_COLORS.map((color) => (
            <option key={color} value={color}>
              {color.charAt(0).toUpperCase() + color.slice(1)}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Icon"
          value={draft.icon}
          maxLength={16}
          placeholder="Optional, e.g. 📈"
          hint="An emoji or a short text shown before the label."
          onChange={(event) => update({ icon: event.target.value })}
        />
      </div>
      <div className="flex items-center gap-2 text-xs text-slate-500">
        Preview:
        <span
          className={`inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium text-white ${QUICK_LINK_COLOR_CLASSES[draft.color]}`}
        >
          {draft.icon.trim() && <span aria-hidden="true">{draft.icon.trim()}</span>}
          {draft.label.trim() || 'Link label'}
        </span>
      </div>
    </DraftForm>
  );
}
