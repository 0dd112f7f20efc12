import type { NumberRange } from '@mining-hub/contract/news';
import { useId, useState } from 'react';

const inputClasses =
  'block w-full rounded-lg border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-slate-500 ring-inset tabular-nums placeholder:text-slate-500 focus:ring-2 focus:ring-blue-600 focus:outline-none focus:ring-inset';

/** A non-negative number, or null for text that is not one. */
export function parseNonNegative(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) && value >= 0 ? value : null;
}

interface NumberInputProps {
  label: string;
  accessibleName: string;
  value: number;
  onChange: (value: number) => void;
}

/**
 * A number input (minimum 0) that lets the user clear it while typing: the last valid number stays in the filters,
 * and leaving the field with no valid number puts that number back.
 */
function NumberInput({ label, accessibleName, value, onChange }: NumberInputProps) {
  const id = useId();
  const [draft, setDraft] = useState(String(value));
  const [shown, setShown] = useState(value);
  // A value changed from outside (loading a saved configuration) replaces the draft.
  if (shown !== value) {
    setShown(value);
    if (parseNonNegative(draft) !== value) setDraft(String(value));
  }

  return (
    <div className="min-w-0">
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-600">
        {label}
      </label>
      <input
        id={id}
        aria-label={accessibleName}
        type="number"
        inputMode="decimal"
        min={0}
        step="any"
        value={draft}
        aria-invalid={parseNonNegative(draft) === null}
        onChange={(event) => {
          setDraft(event.target.value);
          const parsed = parseNonNegative(event.target.value);
          if (parsed !== null) {
            setShown(parsed);
            onChange(parsed);
          }
        }}
        onBlur={() => {
          if (parseNonNegative(draft) === null) setDraft(String(value));
        }}
        className={inputClasses}
      />
    </div>
  );
}

interface NumberRangeFieldProps {
  label: string;
  /** Unit shown after the label, e.g. 'million'. */
  unit: string;
  value: NumberRange;
  onChange: (value: NumberRange) => void;
}

/** Min and max of a range (market cap, outstanding shares); both at least 0. */
export function NumberRangeField({ label, unit, value, onChange }: NumberRangeFieldProps) {
  const reversed = value.min > value.max;
  return (
    <fieldset className="min-w-0">
      <legend className="mb-1.5 block text-sm font-medium text-slate-700">
        {label} <span className="font-normal text-slate-500">({unit})</span>
      </legend>
      <div className="grid grid-cols-2 gap-2">
        <NumberInput
          label="Min"
          accessibleName={`${label} minimum`}
          value={value.min}
          onChange={(min) => onChange({ ...value, min })}
        />
        <NumberInput
          label="Max"
          accessibleName={`${label} maximum`}
          value={value.max}
          onChange={(max) => onChange({ ...value, max })}
        />
      </div>
      {reversed && <p className="mt-1 text-xs text-red-700">The minimum is greater than the maximum.</p>}
    </fieldset>
  );
}
