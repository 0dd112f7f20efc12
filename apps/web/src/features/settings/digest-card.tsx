import type { DigestSettings } from '@mining-hub/contract/digest';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/button.tsx';
import { Card } from '../../components/card.tsx';
import { SelectField } from '../../components/form-controls.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { digestSettingsQueryOptions, useSaveDigestSettings } from './api.ts';

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
// Every zone the browser knows; the saved one stays listed even if this browser lacks it.
const zones = (saved: string) => [...new Set([saved, browserZone(), ...Intl.supportedValuesOf('timeZone')])].sort();

type Notify = (kind: 'success' | 'error', title: string, detail?: string) => void;

/** The daily digest: on or off, and the hour in the user's time zone it arrives. */
export function DigestCard({ notify }: { notify: Notify }) {
  const settings = useQuery(digestSettingsQueryOptions());
  return (
    <Card
      title="Daily digest"
      description="One e-mail a day with the new High and Very High signals of your watches and your accounts, grouped by company. None when nothing is new."
    >
      {settings.data ? (
        <DigestForm
          // A fresh form when the saved settings change (after saving, or an unsubscribe from another tab).
          key={JSON.stringify(settings.data)}
          saved={settings.data}
          notify={notify}
        />
      ) : (
        <Spinner />
      )}
    </Card>
  );
}

function DigestForm({ saved, notify }: { saved: DigestSettings & { email: string | null }; notify: Notify }) {
  const save = useSaveDigestSettings();
  // A digest never turned on suggests this browser's zone rather than UTC.
  const [draft, setDraft] = useState<DigestSettings>({
    enabled: saved.enabled,
    hour: saved.hour,
    time_zone: saved.enabled ? saved.time_zone : saved.time_zone === 'UTC' ? browserZone() : saved.time_zone,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(draft, {
      onSuccess: (result) =>
        notify(
          'success',
          result.enabled
            ? `Daily digest on: ${String(result.hour).padStart(2, '0')}:00 ${result.time_zone}`
            : 'Daily digest off',
        ),
      onError: (error) => notify('error', 'Could not save', isApiError(error) ? error.detail : undefined),
    });
  };
  return (
    <form className="space-y-4" onSubmit={submit}>
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          checked={draft.enabled}
          onChange={(event) => setDraft({ ...draft, enabled: event.target.checked })}
        />
        Send me the daily digest{saved.email ? ` at ${saved.email}` : ''}
      </label>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Hour"
          value={draft.hour}
          disabled={!draft.enabled}
          onChange={(event) => setDraft({ ...draft, hour: Number(event.target.value) })}
        >
          {HOURS.map((hour) => (
            <option key={hour} value={hour}>{`${String(hour).padStart(2, '0')}:00`}</option>
          ))}
        </SelectField>
        <SelectField
          label="Time zone"
          value={draft.time_zone}
          disabled={!draft.enabled}
          onChange={(event) => setDraft({ ...draft, time_zone: event.target.value })}
        >
          {zones(draft.time_zone).map((zone) => (
            <option key={zone} value={zone}>
              {zone.replace(/_/g, ' ')}
            </option>
          ))}
        </SelectField>
      </div>
      <Button type="submit" disabled={save.isPending}>
        Save digest settings
      </Button>
    </form>
  );
}
