import {
  LOG_LEVELS,
  LOG_TIME_FILTERS,
  type LogFile,
  type LogLevel,
  type LogTimeFilter,
} from '@mining-hub/contract/logs';
import type { ReactNode } from 'react';
import { Button } from '../../../components/button.tsx';
import { SelectField, TextField } from '../../../components/form-controls.tsx';
import { formatFileSize } from '../../../lib/file-size.ts';

export const TIME_FILTER_LABELS: Record<LogTimeFilter, string> = {
  '5m': 'Last 5 minutes',
  '15m': 'Last 15 minutes',
  '30m': 'Last 30 minutes',
  '1h': 'Last hour',
  '4h': 'Last 4 hours',
  '12h': 'Last 12 hours',
  '24h': 'Last 24 hours',
  all: 'All time',
};

const LEVEL_LABELS: Record<LogLevel, string> = {
  DEBUG: 'DEBUG and above',
  INFO: 'INFO and above',
  WARNING: 'WARNING and above',
  ERROR: 'ERROR and above',
  CRITICAL: 'CRITICAL',
};

export const CUSTOM_FILTER_ACTIVE = 'Custom date/time filter is active';

interface LogFiltersProps {
  files: LogFile[];
  fileName: string | undefined;
  onFileChange(name: string): void;
  timeFilter: LogTimeFilter;
  onTimeFilterChange(filter: LogTimeFilter): void;
  level: LogLevel | '';
  onLevelChange(level: LogLevel | ''): void;
  search: string;
  onSearchChange(search: string): void;
  onSearch(): void;
  customActive: boolean;
  onCustomActiveChange(active: boolean): void;
  /** The custom range fields, shown under the filters while the custom filter is on. */
  customRange: ReactNode;
}

export function LogFilters(props: LogFiltersProps) {
  return (
    <div className="space-y-4">
      <div className="grid items-start gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <SelectField
          label="Log file"
          value={props.fileName ?? ''}
          onChange={(event) => props.onFileChange(event.target.value)}
          disabled={props.files.length === 0}
        >
          {props.files.length === 0 && <option value="">No log files</option>}
          {props.files.map((file) => (
            <option key={file.name} value={file.name}>
              {`${file.display_name} (${formatFileSize(file.size)})`}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Time range"
          value={props.timeFilter}
          disabled={props.customActive}
          hint={props.customActive ? CUSTOM_FILTER_ACTIVE : undefined}
          onChange={(event) => props.onTimeFilterChange(event.target.value as LogTimeFilter)}
        >
          {LOG_TIME_FILTERS.map((filter) => (
            <option key={filter} value={filter}>
              {TIME_FILTER_LABELS[filter]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Log level"
          value={props.level}
          onChange={(event) => props.onLevelChange(event.target.value as LogLevel | '')}
        >
          <option value="">All levels</option>
          {LOG_LEVELS.map((level) => (
            <option key={level} value={level}>
              {LEVEL_LABELS[level]}
            </option>
          ))}
        </SelectField>
        <form
          role="search"
          className="flex items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            props.onSearch();
          }}
        >
          <TextField
            label="Search"
            type="search"
            className="min-w-0 flex-1"
            placeholder="Text to find"
            value={props.search}
            maxLength={500}
            onChange={(event) => props.onSearchChange(event.target.value)}
          />
          <Button type="submit">Search</Button>
        </form>
      </div>
      <label className="inline-flex items-center gap-2 text-sm font-medium text-slate-700">
        <input
          type="checkbox"
          className="size-4 rounded border-slate-300 text-blue-600 focus:ring-blue-600"
          checked={props.customActive}
          onChange={(event) => props.onCustomActiveChange(event.target.checked)}
        />
        Custom date/time range
      </label>
      {props.customActive && props.customRange}
    </div>
  );
}
