import type { FilterSet } from '@mining-hub/contract/news';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../../components/button.tsx';
import { Card } from '../../../components/card.tsx';
import { ChevronDownIcon } from '../../../components/icons.tsx';
import { SelectField, TextField } from '../../../components/form-controls.tsx';
import { commodityOptions, TYPE_OPTIONS } from '../../../components/filter-options.ts';
import { CountryOptions } from '../../../components/filter-select-options.tsx';
import { MultiSelect } from '../../../components/multi-select.tsx';
import { activeFilterCount, selectCountry, stateGroupsFor } from '../filter-set.ts';
import type { Notice } from '../use-timed-notice.ts';
import { DateFilterField } from './date-filter-field.tsx';
import { NumberRangeField } from './number-range-field.tsx';

// The panel keeps commodity names (as SPEC.md's filter set does); they become symbols only in the request.
const COMMODITY_OPTIONS = commodityOptions('name');

interface NewsFiltersPanelProps {
  filters: FilterSet;
  onChange: (filters: FilterSet) => void;
  onFetch: () => void;
  /** The fetch request is on its way (the button waits for its answer). */
  starting: boolean;
  /** A fetch job is running. */
  fetching: boolean;
  onSave: () => void;
  onLoad: () => void;
  onReset: () => void;
  saving: boolean;
  loading: boolean;
  /** Why the filters cannot be sent (or the server refused them); stays until the next try. */
  error: string | null;
  /** A message that goes away by itself: saved, loaded, rate limited. */
  notice: Notice | null;
}

export function NewsFiltersPanel({
  filters,
  onChange,
  onFetch,
  starting,
  fetching,
  onSave,
  onLoad,
  onReset,
  saving,
  loading,
  error,
  notice,
}: NewsFiltersPanelProps) {
  const set = <Key extends keyof FilterSet>(key: Key, value: FilterSet[Key]) => onChange({ ...filters, [key]: value });
  const text = (key: 'area' | 'project' | 'company' | 'ticker' | 'article' | 'free-text-search') => ({
    value: filters[key],
    onChange: (event: { target: { value: string } }) => set(key, event.target.value),
  });
  const active = activeFilterCount(filters);
  // On a phone the fields fold away behind "Filters (n)", so Fetch News is on the first screen (issue 35).
  const [open, setOpen] = useState(false);
  const fieldsId = useId();
  const folded = open ? '' : 'max-sm:hidden';
  const stateGroups = stateGroupsFor(filters.country);
  // A reversed range cannot be fetched: the button says so at once instead of refusing after the click.
  const reversedRange = (['marketcap', 'outstandingshares'] as const).some(
    (key) => filters[key].min > filters[key].max,
  );

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onFetch();
  };

  return (
    <Card
      title="News Filters"
      description={
        active === 0 ? 'Defaults: every article from today' : `${active} filter${active === 1 ? '' : 's'} set`
      }
    >
      <form aria-label="News filters" onSubmit={handleSubmit} noValidate className="space-y-5">
        <Button
          variant="secondary"
          className="w-full justify-between sm:hidden"
          aria-expanded={open}
          aria-controls={fieldsId}
          onClick={() => setOpen(!open)}
        >
          Filters ({active})
          <ChevronDownIcon className={`size-4 text-slate-500 ${open ? 'rotate-180' : ''}`} />
        </Button>
        <div id={fieldsId} className={`space-y-5 ${folded}`}>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <MultiSelect
              label="Commodity"
              placeholder="Any commodity"
              options={COMMODITY_OPTIONS}
              value={filters.commodity}
              onChange={(value) => set('commodity', value)}
            />
            <MultiSelect
              label="Type"
              placeholder="Any type"
              options={TYPE_OPTIONS}
              value={filters.type}
              onChange={(value) => set('type', value)}
            />
            <SelectField
              label="Country"
              value={filters.country}
              onChange={(event) => onChange(selectCountry(filters, event.target.value))}
            >
              <CountryOptions anyLabel="Any country" />
            </SelectField>
            <SelectField
              label="State / Province"
              value={filters.state}
              onChange={(event) => set('state', event.target.value)}
              disabled={stateGroups.length === 0}
            >
              <option value="">
                {stateGroups.length === 0 ? 'No states or provinces listed' : 'Any state or province'}
              </option>
              {stateGroups.map(({ country, label, states }) => (
                <optgroup key={country} label={label}>
                  {states.map((state) => (
                    <option key={state.code} value={state.code}>
                      {state.name}
                    </option>
                  ))}
                </optgroup>
              ))}
            </SelectField>
            <TextField label="Area" placeholder="e.g. Abitibi, Pilbara" maxLength={200} {...text('area')} />
            <TextField label="Project" placeholder="Project name" maxLength={200} {...text('project')} />
            <TextField label="Company" placeholder="Company name" maxLength={200} {...text('company')} />
            <TextField label="Ticker" placeholder="e.g. ABC" maxLength={40} {...text('ticker')} />
            <TextField
              label="Article"
              placeholder="Words in the headline"
              maxLength={200}
              className="lg:col-span-2"
              {...text('article')}
            />
            <TextField
              label="Free-text search"
              type="search"
              placeholder="Search titles and text"
              maxLength={500}
              className="sm:col-span-2"
              {...text('free-text-search')}
            />
          </div>

          <div className="grid gap-5 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
            <DateFilterField value={filters.dateFilter} onChange={(value) => set('dateFilter', value)} />
            <NumberRangeField
              label="Market cap"
              unit="million"
              value={filters.marketcap}
              onChange={(value) => set('marketcap', value)}
            />
            <NumberRangeField
              label="Outstanding shares"
              unit="million"
              value={filters.outstandingshares}
              onChange={(value) => set('outstandingshares', value)}
            />
          </div>
        </div>

        <div className="flex flex-wrap items-center justify-end gap-2 border-t border-slate-100 pt-4">
          <Messages error={error} notice={notice} />
          <div className={`flex flex-wrap items-center justify-end gap-2 ${folded}`}>
            <Button variant="ghost" onClick={onReset}>
              Reset
            </Button>
            <Button variant="secondary" onClick={onLoad} disabled={loading}>
              {loading ? 'Loading...' : 'Load Auto Config'}
            </Button>
            <Button variant="secondary" onClick={onSave} disabled={saving}>
              {saving ? 'Saving...' : 'Save as Auto Config'}
            </Button>
          </div>
          <Button type="submit" disabled={starting || reversedRange}>
            {(starting || fetching) && (
              <span
                aria-hidden="true"
                className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white"
              />
            )}
            Fetch News
          </Button>
        </div>
      </form>
    </Card>
  );
}

const ERROR_CLASSES = 'rounded-lg bg-red-50 px-3 py-2 text-red-700 ring-1 ring-red-200 ring-inset';
const SUCCESS_CLASSES = 'rounded-lg bg-emerald-50 px-3 py-2 text-emerald-700 ring-1 ring-emerald-200 ring-inset';

function Messages({ error, notice }: { error: string | null; notice: Notice | null }): ReactNode {
  return (
    // Always in the page, so a message added to it is announced (a region mounted with its text may not be).
    <div aria-live="polite" className="mr-auto flex min-w-0 flex-col gap-2 text-sm">
      {notice && (
        <p
          role={notice.tone === 'error' ? 'alert' : 'status'}
          className={notice.tone === 'error' ? ERROR_CLASSES : SUCCESS_CLASSES}
        >
          {notice.text}
        </p>
      )}
      {error && (
        <p role="alert" className={ERROR_CLASSES}>
          {error}
        </p>
      )}
    </div>
  );
}
