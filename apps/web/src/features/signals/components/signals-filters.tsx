import { BUYING_INTENT_LEVELS, type BuyingIntent } from '@mining-hub/contract/articles';
import { STUDY_STAGES, type StudyStage } from '@mining-hub/contract/facts';
import type { SignalFactFilter, SignalSort, SignalStatusFilter } from '@mining-hub/contract/signals';
import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { CommodityOptions, CountryOptions } from '../../../components/filter-select-options.tsx';
import { SelectField, TextField } from '../../../components/form-controls.tsx';
import { MultiSelect } from '../../../components/multi-select.tsx';
import type { SignalFilters } from '../signal-filters.ts';

const INTENT_OPTIONS = [...BUYING_INTENT_LEVELS].reverse().map((level) => ({ value: level, label: level }));
/** The `fact` filter's values as a rep reads them (SIGNAL_FACT_FILTERS). */
export const FACT_FILTER_LABELS: Record<SignalFactFilter, string> = {
  'financing-closed': 'Financing closed',
  'programme-planned': 'Drill programme planned',
  intercepts: 'Drill intercepts',
  resource: 'Resource estimate',
  study: 'Economic study',
};
const FACT_OPTIONS = Object.entries(FACT_FILTER_LABELS).map(([value, label]) => ({ value, label }));
const SORT_LABELS: Record<SignalSort, string> = { intent: 'Buying intent', newest: 'Newest', company: 'Company' };

interface SignalsFiltersProps {
  filters: SignalFilters;
  onChange: (filters: SignalFilters) => void;
  /** What the search box shows: it applies after a pause in typing, so the page holds its own text. */
  search: string;
  onSearchChange: (text: string) => void;
  crmLabel: string;
}

/** Intent levels, commodity, country, status (the Dismissed view included), words, dates and the order. */
export function SignalsFilters({ filters, onChange, search, onSearchChange, crmLabel }: SignalsFiltersProps) {
  // Phones show intent, status and search; the rest on request, so the list starts on the first screen.
  const [more, setMore] = useState(false);
  const extra = more ? '' : 'max-sm:hidden';
  const set = <K extends keyof SignalFilters>(key: K, value: SignalFilters[K]) =>
    onChange({ ...filters, [key]: value });
  const statusOptions: [SignalStatusFilter | '', string][] = [
    ['', 'Inbox (all statuses)'],
    ['summarised', 'Analyzed, not pushed'],
    ['pushed_to_hubspot', `Pushed to ${crmLabel}`],
    ['failed_push', 'Push failed'],
    ['dismissed', 'Dismissed'],
  ];
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <MultiSelect
        label="Buying intent"
        options={INTENT_OPTIONS}
        value={filters.intent}
        onChange={(value) => set('intent', value as BuyingIntent[])}
        placeholder="Any intent"
      />
      <SelectField
        label="Commodity"
        className={extra}
        value={filters.commodity}
        onChange={(event) => set('commodity', event.target.value)}
      >
        <CommodityOptions anyLabel="All commodities" />
      </SelectField>
      <SelectField
        label="Country"
        className={extra}
        value={filters.country}
        onChange={(event) => set('country', event.target.value)}
      >
        <CountryOptions anyLabel="All countries" />
      </SelectField>
      <SelectField
        label="Status"
        value={filters.status}
        onChange={(event) => set('status', event.target.value as SignalStatusFilter | '')}
      >
        {statusOptions.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectField>
      <MultiSelect
        label="Facts"
        className={extra}
        options={FACT_OPTIONS}
        value={filters.fact}
        onChange={(value) => set('fact', value as SignalFactFilter[])}
        placeholder="Any facts"
      />
      <SelectField
        label="Study stage"
        className={extra}
        value={filters.stage}
        onChange={(event) => set('stage', event.target.value as StudyStage | '')}
      >
        <option value="">Any stage</option>
        {STUDY_STAGES.map((stage) => (
          <option key={stage} value={stage}>
            {stage}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Search"
        type="search"
        placeholder="Title, company or summary"
        value={search}
        onChange={(event) => onSearchChange(event.target.value)}
      />
      {(['from', 'to'] as const).map((end) => (
        <TextField
          key={end}
          label={end === 'from' ? 'From' : 'To'}
          className={extra}
          type="date"
          value={filters[end]}
          // Each end keeps the other's side; the server refuses a range that ends before it starts.
          min={end === 'to' ? filters.from || undefined : undefined}
          max={end === 'from' ? filters.to || undefined : undefined}
          onChange={(event) => set(end, event.target.value)}
        />
      ))}
      <SelectField
        label="Sort by"
        className={extra}
        value={filters.sort}
        onChange={(event) => set('sort', event.target.value as SignalSort)}
      >
        {Object.entries(SORT_LABELS).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectField>
      <Button variant="secondary" className="sm:hidden" aria-expanded={more} onClick={() => setMore(!more)}>
        {more ? 'Fewer filters' : 'More filters'}
      </Button>
    </div>
  );
}
