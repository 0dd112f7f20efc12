import type { CustomDateTimeRange, CustomRangeErrors, LogDateTime } from '@mining-hub/contract/logs';
import DatePicker from 'react-datepicker';
import 'react-datepicker/dist/react-datepicker.css';
import { IconButton } from '../../../components/button.tsx';
import { dateOfField, formatFieldDate } from '../custom-range.ts';

interface CustomRangeFieldsProps {
  range: CustomDateTimeRange;
  errors: CustomRangeErrors;
  onChange(range: CustomDateTimeRange): void;
}

const inputClasses =
  'block rounded-lg border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-inset placeholder:text-slate-500 focus:ring-2 focus:ring-inset focus:ring-blue-600 focus:outline-none';
const ringFor = (error: string | undefined) => (error ? 'ring-red-600' : 'ring-slate-500');

/** From and To, each a DD/MM/YYYY date (typed or picked), an HH:MM time and AM/PM, with the section 5 messages. */
export function CustomRangeFields({ range, errors, onChange }: CustomRangeFieldsProps) {
  return (
    <fieldset className="rounded-lg border border-slate-200 bg-slate-50 p-4">
      <legend className="px-1 text-sm font-medium text-slate-700">Custom date/time range</legend>
      <div className="grid gap-4 lg:grid-cols-2">
        <DateTimeRow
          label="From"
          value={range.fromDateTime}
          dateError={errors.fromDate}
          timeError={errors.fromTime}
          onChange={(fromDateTime) => onChange({ ...range, fromDateTime })}
        />
        <DateTimeRow
          label="To"
          value={range.toDateTime}
          dateError={errors.toDate}
          timeError={errors.toTime}
          onChange={(toDateTime) => onChange({ ...range, toDateTime })}
        />
      </div>
      {errors.range && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {errors.range}
        </p>
      )}
    </fieldset>
  );
}

function DateTimeRow(props: {
  label: 'From' | 'To';
  value: LogDateTime;
  dateError: string | undefined;
  timeError: string | undefined;
  onChange(value: LogDateTime): void;
}) {
  const { label, value, onChange } = props;
  return (
    <div>
      <p className="mb-1.5 text-sm font-medium text-slate-700">{label}</p>
      {/* Above the fields: the calendar opens below them and would cover a message there (issue 35). */}
      {[props.dateError, props.timeError].filter(Boolean).map((message) => (
        <p key={message} role="alert" className="mb-1.5 text-xs text-red-700">
          {message}
        </p>
      ))}
      <div className="flex flex-wrap items-start gap-2">
        <div className="flex items-center gap-1">
          <input
            aria-label={`${label} date`}
            aria-invalid={Boolean(props.dateError)}
            className={`${inputClasses} ${ringFor(props.dateError)} w-32`}
            placeholder="DD/MM/YYYY"
            inputMode="numeric"
            maxLength={10}
            value={value.date}
            onChange={(event) => onChange({ ...value, date: event.target.value })}
          />
          <DatePicker
            selected={dateOfField(value.date) ?? null}
            onChange={(date: Date | null) => date && onChange({ ...value, date: formatFieldDate(date) })}
            minDate={new Date(1900, 0, 1)}
            maxDate={new Date()}
            popperPlacement="bottom-end"
            customInput={
              <IconButton aria-label={`Calendar for ${label}`}>
                <CalendarGlyph />
              </IconButton>
            }
          />
        </div>
        <input
          aria-label={`${label} time`}
          aria-invalid={Boolean(props.timeError)}
          className={`${inputClasses} ${ringFor(props.timeError)} w-24`}
          placeholder="HH:MM"
          maxLength={5}
          value={value.time}
          onChange={(event) => onChange({ ...value, time: event.target.value })}
        />
        <select
          aria-label={`${label} AM or PM`}
          className={`${inputClasses} ${ringFor(undefined)} w-24 pr-8`}
          value={value.period}
          onChange={(event) => onChange({ ...value, period: event.target.value === 'PM' ? 'PM' : 'AM' })}
        >
          <option value="AM">AM</option>
          <option value="PM">PM</option>
        </select>
      </div>
    </div>
  );
}

function CalendarGlyph() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} aria-hidden="true" className="size-5">
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4" strokeLinecap="round" />
    </svg>
  );
}
