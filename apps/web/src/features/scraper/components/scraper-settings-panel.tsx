import { SCRAPER_BATCH_SIZE, SCRAPER_MODES, SCRAPER_WORKER_OPTIONS } from '@mining-hub/contract/scraper';
import { useId } from 'react';
import { SelectField, TextField } from '../../../components/form-controls.tsx';
import { BATCH_SIZE_ERROR, parseBatchSize, type ScraperSettingsDraft } from '../scraper-settings.ts';

interface ScraperSettingsPanelProps {
  settings: ScraperSettingsDraft;
  onChange: (settings: ScraperSettingsDraft) => void;
}

const workerRange = `${SCRAPER_WORKER_OPTIONS[0]}-${SCRAPER_WORKER_OPTIONS[SCRAPER_WORKER_OPTIONS.length - 1]}`;

/** Processing mode, max workers, browser concurrency and batch size (SPEC.md sections 2, 5 and 9). */
export function ScraperSettingsPanel({ settings, onChange }: ScraperSettingsPanelProps) {
  const idBase = useId();
  const batchValid = parseBatchSize(settings.batchSize) !== undefined;
  const workerOptions = SCRAPER_WORKER_OPTIONS.map((count) => (
    <option key={count} value={count}>
      {count}
    </option>
  ));
  return (
    <section aria-label="Scraper settings" className="rounded-lg border border-slate-200 bg-slate-50/60 p-4">
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-slate-700">Processing Mode</legend>
        {/* Both modes with their descriptions side by side: the choice decides between seconds and hours. */}
        <div className="grid gap-3 sm:grid-cols-2">
          {SCRAPER_MODES.map((mode) => {
            const checked = settings.mode === mode.value;
            return (
              <label
                key={mode.value}
                className={`flex cursor-pointer items-start gap-3 rounded-lg bg-white px-4 py-3 ring-1 transition-colors ring-inset ${
                  checked ? 'ring-2 ring-blue-600' : 'ring-slate-300 hover:ring-slate-400'
                }`}
              >
                <input
                  type="radio"
                  name={`${idBase}-mode`}
                  value={mode.value}
                  checked={checked}
                  onChange={() => onChange({ ...settings, mode: mode.value })}
                  aria-label={mode.label}
                  aria-describedby={`${idBase}-${mode.value}`}
                  className="mt-0.5 size-4 accent-blue-600"
                />
                <span>
                  <span className="block text-sm font-medium text-slate-900">{mode.label}</span>
                  <span id={`${idBase}-${mode.value}`} className="block text-xs text-slate-500">
                    {mode.description}
                  </span>
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>
      <div className="mt-4 grid gap-4 sm:grid-cols-3">
        <SelectField
          label="Max Workers"
          value={settings.maxWorkers}
          onChange={(event) => onChange({ ...settings, maxWorkers: Number(event.target.value) })}
          hint={`Pages fetched at once by the HTTP crawler (${workerRange})`}
        >
          {workerOptions}
        </SelectField>
        <SelectField
          label="Browser Concurrency"
          value={settings.maxConcurrency}
          onChange={(event) => onChange({ ...settings, maxConcurrency: Number(event.target.value) })}
          hint={`Browser pages open at once (${workerRange})`}
        >
          {workerOptions}
        </SelectField>
        <TextField
          label="Batch Size"
          type="number"
          inputMode="numeric"
          min={SCRAPER_BATCH_SIZE.min}
          max={SCRAPER_BATCH_SIZE.max}
          step={1}
          required
          value={settings.batchSize}
          aria-invalid={!batchValid}
          onChange={(event) => onChange({ ...settings, batchSize: event.target.value })}
          hint={
            batchValid ? (
              `Projects per batch (${SCRAPER_BATCH_SIZE.min}-${SCRAPER_BATCH_SIZE.max})`
            ) : (
              <span role="alert" className="text-red-700">
                {BATCH_SIZE_ERROR}
              </span>
            )
          }
        />
      </div>
      <p className="mt-4 text-xs text-slate-500">
        Recommended for a server with 3.7 GB of memory and 2 vCPUs: 4-8 workers and 4-8 browser pages.
      </p>
    </section>
  );
}
