import {
  Combobox,
  ComboboxButton,
  ComboboxInput,
  ComboboxOption,
  ComboboxOptions,
  Field,
  Label,
} from '@headlessui/react';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';

export interface MultiSelectOption {
  value: string;
  label: string;
  /** Shown after the label, smaller (e.g. a commodity's symbol). */
  hint?: string;
  /** A heading-like option that stands for a whole group (e.g. every drilling type). */
  group?: boolean;
  /** Indented under the group option before it. */
  indent?: boolean;
}

interface MultiSelectProps {
  label: string;
  options: readonly MultiSelectOption[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  placeholder?: string;
  className?: string;
}

function matches(option: MultiSelectOption, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (q === '') return true;
  return option.label.toLowerCase().includes(q) || (option.hint?.toLowerCase().includes(q) ?? false);
}

/** Where the focus goes once a chip is gone: the chip that took its place, else the search field. */
type FocusAfterRemoval = { chip: string } | 'input' | null;

/**
 * A searchable multi-select: type to filter, pick with the mouse or keyboard, and see the choices as removable
 * chips. Values not among the options (say, from an older saved configuration) still show, by their value.
 *
 * Keyboard: typing or ArrowDown opens the list (Tab only passes through), the arrows move, Enter picks and the
 * list stays open for the next pick, Escape closes; each chip's remove button is a Tab stop, and Backspace in the
 * empty field removes the last chip. Removals are announced, since the chips change silently otherwise. The
 * mouse opens the list with a click into the field or on the arrow.
 */
export function MultiSelect({ label, options, value, onChange, placeholder, className = '' }: MultiSelectProps) {
  const [query, setQuery] = useState('');
  const [announcement, setAnnouncement] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const chipButtons = useRef(new Map<string, HTMLButtonElement>());
  const focusAfterRemoval = useRef<FocusAfterRemoval>(null);
  const labels = useMemo(() => new Map(options.map((option) => [option.value, option.label])), [options]);
  const filtered = options.filter((option) => matches(option, query));
  const labelOf = (item: string) => labels.get(item) ?? item;

  // Runs after the removal has rendered, when the chip to focus exists and the removed one is gone.
  useEffect(() => {
    const target = focusAfterRemoval.current;
    focusAfterRemoval.current = null;
    if (target === 'input') input.current?.focus();
    else if (target) chipButtons.current.get(target.chip)?.focus();
  }, [value]);

  const remove = (item: string, focusNext: boolean) => {
    const index = value.indexOf(item);
    const rest = value.filter((v) => v !== item);
    if (focusNext) {
      const neighbour = value[index + 1] ?? value[index - 1];
      focusAfterRemoval.current = neighbour === undefined ? 'input' : { chip: neighbour };
    }
    setAnnouncement(`${labelOf(item)} removed`);
    onChange(rest);
  };

  const onInputKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = value.at(-1);
    if (event.key === 'Backspace' && query === '' && last !== undefined) remove(last, false);
  };

  // A click into the field opens the list, as the arrow does; reaching it with Tab does not (ArrowDown or typing).
  const openOnClick = (event: MouseEvent<HTMLInputElement>) => {
    if (event.currentTarget.getAttribute('aria-expanded') !== 'true') toggle.current?.click();
  };

  return (
    <Field className={className}>
      <Label className="mb-1.5 block text-sm font-medium text-slate-700">{label}</Label>
      <Combobox
        multiple
        value={[...value]}
        onChange={(next: string[]) => {
          onChange(next);
          setQuery('');
          setAnnouncement('');
        }}
        onClose={() => setQuery('')}
      >
        <div className="relative">
          <ComboboxInput
            ref={input}
            className="block w-full rounded-lg border-0 bg-white py-2 pr-9 pl-3 text-sm text-slate-900 shadow-sm ring-1 ring-slate-500 ring-inset placeholder:text-slate-500 focus:ring-2 focus:ring-blue-600 focus:outline-none focus:ring-inset"
            placeholder={value.length > 0 ? `${value.length} selected - type to search` : placeholder}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={onInputKeyDown}
            onClick={openOnClick}
          />
          <ComboboxButton
            ref={toggle}
            aria-label={`Show ${label.toLowerCase()} options`}
            className="absolute inset-y-0 right-0 flex items-center px-2.5 text-slate-500 hover:text-slate-700"
          >
            <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-4">
              <path
                fillRule="evenodd"
                d="M5.22 8.22a.75.75 0 0 1 1.06 0L10 11.94l3.72-3.72a.75.75 0 1 1 1.06 1.06l-4.25 4.25a.75.75 0 0 1-1.06 0L5.22 9.28a.75.75 0 0 1 0-1.06Z"
                clipRule="evenodd"
              />
            </svg>
          </ComboboxButton>
        </div>
        {/* Not modal: an open list must not hide the rest of the page from screen readers or the Tab key. */}
        <ComboboxOptions
          modal={false}
          anchor={{ to: 'bottom start', gap: 4 }}
          className="z-30 max-h-72 w-(--input-width) overflow-y-auto rounded-lg bg-white py-1 text-sm shadow-lg ring-1 ring-slate-200 empty:invisible"
        >
          {filtered.length === 0 && query !== '' && <div className="px-3 py-2 text-slate-500">No matches</div>}
          {filtered.map((option) => (
            <ComboboxOption
              key={option.value}
              value={option.value}
              className={`group flex cursor-pointer items-center gap-2 py-1.5 pr-3 select-none data-focus:bg-blue-50 ${
                option.indent ? 'pl-8' : 'pl-3'
              } ${option.group ? 'font-semibold text-slate-900' : 'text-slate-700'}`}
            >
              <span
                aria-hidden="true"
                className="flex size-4 shrink-0 items-center justify-center rounded border border-slate-300 bg-white text-white group-data-selected:border-blue-600 group-data-selected:bg-blue-600"
              >
                <svg viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth={2.2} className="size-3">
                  <path d="M3.5 8.5l3 3 6-7" />
                </svg>
              </span>
              <span className="truncate">{option.label}</span>
              {/* The space keeps the name readable ('Gold Au'); a flex row does not show it. */}
              {option.hint && ' '}
              {option.hint && <span className="ml-auto shrink-0 text-xs text-slate-400">{option.hint}</span>}
            </ComboboxOption>
          ))}
        </ComboboxOptions>
      </Combobox>
      {value.length > 0 && (
        <ul aria-label={`Selected ${label.toLowerCase()}`} className="mt-2 flex flex-wrap gap-1.5">
          {value.map((item) => {
            const itemLabel = labelOf(item);
            return (
              <li
                key={item}
                className="inline-flex items-center gap-1 rounded-full bg-blue-50 py-0.5 pr-1 pl-2.5 text-xs font-medium text-blue-800 ring-1 ring-blue-200 ring-inset"
              >
                {itemLabel}
                <button
                  ref={(button) => {
                    if (button) chipButtons.current.set(item, button);
                    else chipButtons.current.delete(item);
                  }}
                  type="button"
                  aria-label={`Remove ${itemLabel}`}
                  title={`Remove ${itemLabel}`}
                  className="inline-flex size-4 items-center justify-center rounded-full text-blue-600 hover:bg-blue-200 hover:text-blue-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-600"
                  onClick={() => remove(item, true)}
                >
                  <svg
                    viewBox="0 0 16 16"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth={2}
                    aria-hidden="true"
                    className="size-3"
                  >
                    <path d="M4.5 4.5l7 7M11.5 4.5l-7 7" />
                  </svg>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </Field>
  );
}
