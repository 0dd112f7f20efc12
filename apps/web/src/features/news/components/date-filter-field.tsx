import { customRangeDays, DATE_PRESETS } from '@mining-hub/contract/reference-data';
import { format, isValid, parse } from 'date-fns';
import { useId, useState } from 'react';
import DatePicker, { type ReactDatePickerCustomHeaderProps } from 'react-datepicker';
import 'react-datepicker/dist/react-datepicker.css';
import { customRangeDates, selectDatePreset, type DateFilter } from '../filter-set.ts';

/** Date picker settings of SPEC.md section 9. */
export const DATE_INPUT_FORMAT = 'MM/dd/yyyy';
export const RANGE_DISPLAY_FORMAT = 'MMM d, yyyy';
const YEARS_PER_PAGE = 12;
const MIN_YEAR = 1900;
const MAX_YEAR = 2100;
const YEARS = Array.from({ length: MAX_YEAR - MIN_YEAR + 1 }, (_, index) => MIN_YEAR + index);
const MONTHS = Array.from({ length: 12 }, (_, month) => format(new Date(2000, month, 1), 'MMMM'));
const MIN_DATE = new Date(MIN_YEAR, 0, 1);

function endOfToday(): Date {
  const today = new Date();
  today.setHours(23, 59, 59, 999);
  return today;
}

/** Month and year selects (years 1900–2100) with previous/next month buttons. */
function CalendarHeader({
  date,
  changeMonth,
  changeYear,
  decreaseMonth,
  increaseMonth,
  prevMonthButtonDisabled,
  nextMonthButtonDisabled,
}: ReactDatePickerCustomHeaderProps) {
  const selectClasses = 'rounded-md border border-slate-300 bg-white py-1 pr-7 pl-1.5 text-sm text-slate-800';
  return (
    <div className="flex items-center justify-between gap-1 px-2 pb-1">
      <button
        type="button"
        onClick={decreaseMonth}
        disabled={prevMonthButtonDisabled}
        aria-label="Previous month"
        className="rounded-md px-2 py-1 text-slate-600 hover:bg-slate-200 disabled:opacity-40"
      >
        ‹
      </button>
      <select
        aria-label="Month"
        value={date.getMonth()}
        onChange={(event) => changeMonth(Number(event.target.value))}
        className={selectClasses}
      >
        {MONTHS.map((name, month) => (
          <option key={name} value={month}>
            {name}
          </option>
        ))}
      </select>
      <select
        aria-label="Year"
        value={date.getFullYear()}
        onChange={(event) => changeYear(Number(event.target.value))}
        className={selectClasses}
      >
        {YEARS.map((year) => (
          <option key={year} value={year}>
            {year}
          </option>
        ))}
      </select>
      <button
        type="button"
        onClick={increaseMonth}
        disabled={nextMonthButtonDisabled}
        aria-label="Next month"
        className="rounded-md px-2 py-1 text-slate-600 hover:bg-slate-200 disabled:opacity-40"
      >
        ›
      </button>
    </div>
  );
}

interface RangeEndPickerProps {
  label: string;
  selected: Date | null;
  startDate: Date | null;
  endDate: Date | null;
  minDate: Date;
  end: boolean;
  onChange: (date: Date | null) => void;
}

/**
 * One end of the custom range: MM/dd/yyyy input and a calendar of days, no date after today. The range is sent as a
 * day count, so it has no time column (SPEC.md's 30-minute times belong to the Logs range, which has times).
 */
function RangeEndPicker({ label, selected, startDate, endDate, minDate, end, onChange }: RangeEndPickerProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const [inputError, setInputError] = useState<string | null>(null);
  const maxDate = endOfToday();

  return (
    <div className="min-w-0">
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-600">
        {label}
      </label>
      <DatePicker
        id={id}
        selected={selected}
        onChange={(date: Date | null) => {
          setInputError(null);
          onChange(date);
        }}
        onInputError={(error) => setInputError(error.msg)}
        onChangeRaw={(event) => {
          // Typed text that is not a date gets a message; picking in the calendar clears it.
          const target = event?.target;
          if (!(target instanceof HTMLInputElement)) return;
          const text = target.value.trim();
          const parsed = parse(text, DATE_INPUT_FORMAT, new Date());
          // The picker puts the last valid date back when the field is left: say so, rather than revert silently.
          const kept = selected ? format(selected, DATE_INPUT_FORMAT) : null;
          setInputError(
            text === '' || (isValid(parsed) && parsed.getFullYear() >= MIN_YEAR)
              ? null
              : `Not a date (mm/dd/yyyy): the range ${kept ? `keeps ${kept}` : 'has no date here yet'}.`,
          );
        }}
        selectsStart={!end}
        selectsEnd={end}
        startDate={startDate}
        endDate={endDate}
        minDate={minDate}
        maxDate={maxDate}
        yearItemNumber={YEARS_PER_PAGE}
        dateFormat={DATE_INPUT_FORMAT}
        placeholderText={DATE_INPUT_FORMAT.toLowerCase()}
        isClearable
        clearButtonTitle={`Clear ${label.toLowerCase()}`}
        ariaLabelClose={`Clear ${label.toLowerCase()}`}
        ariaInvalid={inputError ? 'true' : undefined}
        ariaDescribedBy={inputError ? errorId : undefined}
        renderCustomHeader={(props) => <CalendarHeader {...props} />}
        popperPlacement="bottom-start"
        wrapperClassName="block!"
        className="block w-full rounded-lg border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-slate-500 ring-inset placeholder:text-slate-500 focus:ring-2 focus:ring-blue-600 focus:outline-none focus:ring-inset"
      />
      {inputError && (
        <p id={errorId} role="alert" className="mt-1 text-xs text-red-700">
          {inputError}
        </p>
      )}
    </div>
  );
}

interface DateFilterFieldProps {
  value: DateFilter;
  onChange: (value: DateFilter) => void;
}

/**
 * Date presets (SPEC.md section 9) as a row of choices; 'Custom Range' opens two pickers and shows the range
 * and the day count it will send.
 */
export function DateFilterField({ value, onChange }: DateFilterFieldProps) {
  const name = useId();
  const { start, end } = customRangeDates(value);
  const setRange = (next: { start: Date | null; end: Date | null }) =>
    onChange({
      preset: 'custom',
      customRange: { startDate: next.start?.toISOString() ?? null, endDate: next.end?.toISOString() ?? null },
    });

  return (
    <fieldset className="min-w-0">
      <legend className="mb-1.5 block text-sm font-medium text-slate-700">Date</legend>
      <div role="radiogroup" aria-label="Date filter" className="flex flex-wrap gap-1.5">
        {DATE_PRESETS.map((preset) => {
          const checked = value.preset === preset.value;
          return (
            <label
              key={preset.value}
              className={`cursor-pointer rounded-full px-3 py-1.5 text-sm font-medium ring-1 transition-colors ring-inset has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-blue-600 ${
                checked
                  ? 'bg-blue-600 text-white ring-blue-600'
                  : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50'
              }`}
            >
              <input
                type="radio"
                name={name}
                value={preset.value}
                checked={checked}
                onChange={() => onChange(selectDatePreset(preset.value, new Date()))}
                className="sr-only"
              />
              {preset.label}
            </label>
          );
        })}
      </div>
      {value.preset === 'custom' && (
        <div className="mt-3 rounded-lg border border-slate-200 bg-slate-50 p-3">
          <div className="grid gap-3 sm:grid-cols-2">
            <RangeEndPicker
              label="From"
              selected={start}
              startDate={start}
              endDate={end}
              minDate={MIN_DATE}
              end={false}
              onChange={(date) => setRange({ start: date, end })}
            />
            <RangeEndPicker
              label="To"
              selected={end}
              startDate={start}
              endDate={end}
              minDate={start ?? MIN_DATE}
              end
              onChange={(date) => setRange({ start, end: date })}
            />
          </div>
          <p className="mt-2 text-xs text-slate-600" aria-live="polite">
            {start && end && start < end ? (
              <>
                <span className="font-medium text-slate-800">
                  {format(start, RANGE_DISPLAY_FORMAT)} – {format(end, RANGE_DISPLAY_FORMAT)}
                </span>{' '}
                · {customRangeDays(start, end)} {customRangeDays(start, end) === 1 ? 'day' : 'days'}
              </>
            ) : (
              'Pick a start and an end date.'
            )}
          </p>
        </div>
      )}
    </fieldset>
  );
}
