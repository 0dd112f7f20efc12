import {
  WIDGET_SIZES,
  WIDGET_TYPES,
  type WidgetInput,
  type WidgetSize,
  type WidgetType,
} from '@mining-hub/contract/pinboard';
import { SelectField, TextAreaField, TextField } from '../../../components/form-controls.tsx';
import { EMPTY_WIDGET_DRAFT, validateWidgetDraft, type WidgetDraft } from '../pinboard-drafts.ts';
import { DraftForm, useValidatedDraft } from './draft-form.tsx';

const TYPE_LABELS: Record<WidgetType, string> = {
  iframe: 'Web page (iframe)',
  image: 'Image',
  video: 'Video',
  custom: 'Custom HTML',
};

const SIZE_LABELS: Record<WidgetSize, string> = {
  small: 'Small (1 column)',
  medium: 'Medium (2 columns)',
  large: 'Large (3 columns)',
};

const CONTENT_PLACEHOLDERS: Record<WidgetType, string> = {
  iframe: 'https://example.com/dashboard',
  image: 'https://example.com/chart.png',
  video: 'https://example.com/briefing.mp4',
  custom: '<h2>Hello team</h2>',
};

interface WidgetFormProps {
  saving: boolean;
  onSubmit: (input: WidgetInput) => void;
  onCancel: () => void;
}

/**
 * What is isolated and that it still needs care (SPEC.md: the UI warns to use custom widgets with caution).
 */
export const CUSTOM_WIDGET_NOTE =
  "The HTML runs in an isolated frame with no access to your session or this app's data, but it runs as written and can load from other sites: use with caution.";

export function WidgetForm({ saving, onSubmit, onCancel }: WidgetFormProps) {
  const { draft, update, error, submit } = useValidatedDraft<WidgetDraft, WidgetInput>(
    EMPTY_WIDGET_DRAFT,
    validateWidgetDraft,
    onSubmit,
  );

  const contentProps = {
    label: 'Content',
    value: draft.content,
    maxLength: 20_000,
    'aria-required': true,
    placeholder: CONTENT_PLACEHOLDERS[draft.type],
  } as const;

  return (
    <DraftForm
      label="Add widget"
      title="New widget"
      error={error}
      saving={saving}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          label="Title"
          value={draft.title}
          maxLength={200}
          aria-required="true"
          placeholder="e.g. Copper price"
          onChange={(event) => update({ title: event.target.value })}
        />
        <SelectField
          label="Type"
          value={draft.type}
          onChange={(event) => update({ type: event.target.value as WidgetType })}
        >
          {WIDGET_TYPES.map((type) => (
            <option key={type} value={type}>
              {TYPE_LABELS[type]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Size"
          value={draft.size}
          onChange={(event) => update({ size: event.target.value as WidgetSize })}
        >
          {WIDGET_SIZES.map((size) => (
            <option key={size} value={size}>
              {SIZE_LABELS[size]}
            </option>
          ))}
        </SelectField>
      </div>
      {draft.type === 'custom' ? (
        <TextAreaField
          {...contentProps}
          rows={6}
          hint={CUSTOM_WIDGET_NOTE}
          onChange={(event) => update({ content: event.target.value })}
        />
      ) : (
        <TextField
          {...contentProps}
          inputMode="url"
          hint="The web address of the page, image or video to show."
          onChange={(event) => update({ content: event.target.value })}
        />
      )}
    </DraftForm>
  );
}
