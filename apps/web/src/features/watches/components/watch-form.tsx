import type { CreateWatchRequest } from '@mining-hub/contract/watches';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/button.tsx';
import { commodityOptions, TYPE_OPTIONS } from '../../../components/filter-options.ts';
import { CountryOptions } from '../../../components/filter-select-options.tsx';
import { ChoiceField, FormError, SelectField, TextAreaField, TextField } from '../../../components/form-controls.tsx';
import { MultiSelect } from '../../../components/multi-select.tsx';
import { sendTestAlert } from '../api.ts';
import {
  requestOf,
  testAlertOf,
  THRESHOLD_OPTIONS,
  WATCH_DATE_OPTIONS,
  WEBHOOK_FORMAT_OPTIONS,
  type WatchDraft,
} from '../watch-draft.ts';

// The Market Intelligence panel's vocabularies, in the fetch request's codes.
const COMMODITY_OPTIONS = commodityOptions('symbol');

interface WatchFormProps {
  initial: WatchDraft;
  submitLabel: string;
  saving: boolean;
  /** The server's refusal of the last save. */
  error: string | null;
  onSubmit: (request: CreateWatchRequest) => void;
  onCancel: () => void;
}

/** Create / edit a watch: its filters, threshold, schedule and where alerts go. */
export function WatchForm({ initial, submitLabel, saving, error, onSubmit, onCancel }: WatchFormProps) {
  const [draft, setDraft] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const [testing, setTesting] = useState(false);
  const [testOutcome, setTestOutcome] = useState<string[]>([]);
  const set = <Key extends keyof WatchDraft>(key: Key, value: WatchDraft[Key]) => setDraft({ ...draft, [key]: value });

  const nameErrorId = useId();
  // requestOf checks the name first: with no name, its message is the name's.
  const nameProblem = problem !== null && draft.name.trim() === '' ? problem : null;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = requestOf(draft);
    setProblem(result.ok ? null : result.message);
    // The name's message shows at the name, which takes the focus (it is at the top of a long form).
    if (!result.ok && draft.name.trim() === '') {
      const name = event.currentTarget.elements.namedItem('name');
      if (name instanceof HTMLInputElement) name.focus();
    }
    if (result.ok) onSubmit(result.value);
  };

  const sendTest = async () => {
    const request = testAlertOf(draft);
    if (!request.ok) {
      setTestOutcome([request.message]);
      return;
    }
    setTesting(true);
    setTestOutcome(['Sending a test alert…']);
    try {
      const result = await sendTestAlert(request.value);
      setTestOutcome([
        ...(result.webhook === undefined ? [] : [`Webhook: ${result.webhook}`]),
        ...(result.email === undefined ? [] : [`E-mail: ${result.email}`]),
      ]);
    } catch (error) {
      setTestOutcome([`Test alert not sent: ${error instanceof Error ? error.message : String(error)}`]);
    } finally {
      setTesting(false);
    }
  };

  return (
    <form onSubmit={submit} className="space-y-5" aria-label="Watch">
      <div>
        <TextField
          label="Name"
          name="name"
          value={draft.name}
          onChange={(e) => {
            set('name', e.target.value);
            if (nameProblem) setProblem(null);
          }}
          maxLength={200}
          aria-invalid={nameProblem ? true : undefined}
          aria-describedby={nameProblem ? nameErrorId : undefined}
        />
        {nameProblem && (
          <p id={nameErrorId} role="alert" className="mt-1 text-sm text-red-700">
            {nameProblem}
          </p>
        )}
      </div>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold text-slate-900">Filters</legend>
        <ChoiceField
          label="Date range"
          options={WATCH_DATE_OPTIONS}
          value={draft.dateRange}
          onChange={(days) => set('dateRange', days)}
        />
        <SelectField label="Country" value={draft.country} onChange={(e) => set('country', e.target.value)}>
          <CountryOptions anyLabel="Any country" />
        </SelectField>
        <MultiSelect
          label="Commodities"
          options={COMMODITY_OPTIONS}
          value={draft.commodity}
          onChange={(value) => set('commodity', value)}
          placeholder="Any commodity"
        />
        <MultiSelect
          label="Article types"
          options={TYPE_OPTIONS}
          value={draft.type}
          onChange={(value) => set('type', value)}
          placeholder="Any type"
        />
        <TextField
          label="Free text"
          value={draft.freeText}
          onChange={(e) => set('freeText', e.target.value)}
          maxLength={500}
        />
        <TextField
          label="Company"
          value={draft.company}
          onChange={(e) => set('company', e.target.value)}
          maxLength={200}
        />
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold text-slate-900">Schedule and alerts</legend>
        <TextField
          label="Run every (minutes)"
          type="number"
          min={1}
          max={1440}
          value={draft.interval}
          onChange={(e) => set('interval', e.target.value)}
          hint="1 to 1440 (a day)"
        />
        <ChoiceField
          label="Push to CRM at intent"
          options={THRESHOLD_OPTIONS}
          value={draft.threshold}
          onChange={(threshold) => set('threshold', threshold)}
          hint="Alerts cover the same signals; without pushing, every new signal"
        />
        <TextField
          label="Webhook URL"
          type="url"
          value={draft.webhook}
          onChange={(e) => set('webhook', e.target.value)}
          placeholder="https://hooks.slack.com/services/…"
          hint="Optional; each alert links to its signal"
        />
        <ChoiceField
          label="Webhook kind"
          options={WEBHOOK_FORMAT_OPTIONS}
          value={draft.webhookFormat}
          onChange={(format) => set('webhookFormat', format)}
          hint="Slack gets a Block Kit message, Teams an Adaptive Card"
        />
        <TextAreaField
          label="E-mail recipients"
          rows={2}
          value={draft.emails}
          onChange={(e) => set('emails', e.target.value)}
          placeholder="rep@example.com, lead@example.com"
          hint="Up to 20, separated by commas; optional"
        />
        <div className="flex flex-wrap items-start gap-3 sm:col-span-2">
          <Button variant="secondary" size="sm" onClick={() => void sendTest()} disabled={testing}>
            {testing ? 'Sending…' : 'Send test alert'}
          </Button>
          <div role="status" aria-live="polite" aria-label="Test alert outcome" className="text-sm text-slate-700">
            {testOutcome.map((line) => (
              <p key={line}>{line}</p>
            ))}
          </div>
        </div>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" checked={draft.enabled} onChange={(e) => set('enabled', e.target.checked)} />
          Run on schedule
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" checked={draft.myAccounts} onChange={(e) => set('myAccounts', e.target.checked)} />
          Only my accounts (stories about companies I own)
        </label>
      </fieldset>
      {/* Save and Cancel stay in view at the dialog's foot however long the form (below the fold at 900 px). */}
      <div className="sticky -bottom-5 -mx-6 -mb-5 flex flex-wrap items-center justify-end gap-2 border-t border-slate-100 bg-white px-6 py-3">
        {!nameProblem && (problem ?? error) && (
          <div className="mr-auto">
            <FormError>{problem ?? error}</FormError>
          </div>
        )}
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving…' : submitLabel}
        </Button>
      </div>
    </form>
  );
}
