import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { MultiSelect, type MultiSelectOption } from './multi-select.tsx';

const METALS: MultiSelectOption[] = [
  { value: 'Gold', label: 'Gold', hint: 'Au' },
  { value: 'Silver', label: 'Silver', hint: 'Ag' },
  { value: 'Copper', label: 'Copper', hint: 'Cu' },
  { value: 'Cobalt', label: 'Cobalt', hint: 'Co' },
];

/** The multi-select between two other controls, holding its own value as a form would. */
function Form({ initial = [] }: { initial?: string[] }) {
  const [value, setValue] = useState<string[]>(initial);
  return (
    <>
      <button type="button">Before</button>
      <MultiSelect label="Commodity" options={METALS} value={value} onChange={setValue} placeholder="Any" />
      <button type="button">After</button>
      <output aria-label="Chosen">{value.join(',')}</output>
    </>
  );
}

const field = () => screen.getByRole('combobox', { name: 'Commodity' });
const chosen = () => screen.getByRole('status', { name: 'Chosen' }).textContent;
const chips = () =>
  within(screen.getByRole('list', { name: 'Selected commodity' }))
    .getAllByRole('listitem')
    .map((chip) => chip.textContent);
const activeOption = () => document.getElementById(field().getAttribute('aria-activedescendant') ?? '');

async function tabIntoField() {
  const user = userEvent.setup();
  render(<Form />);
  await user.tab();
  await user.tab();
  expect(document.activeElement).toBe(field());
  return user;
}

describe('MultiSelect by keyboard', () => {
  it('stays closed when tabbed into, and leaves the rest of the page reachable while open', async () => {
    const user = await tabIntoField();
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('listbox')).toBeTruthy();
    // Not modal: the controls around it keep their names and stay in the Tab order.
    expect(screen.getByRole('button', { name: 'After' })).toBeTruthy();
    await user.tab();
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'After' }));
  });

  it('opens with ArrowDown, picks with Enter several times without closing, and Escape closes', async () => {
    const user = await tabIntoField();
    await user.keyboard('{ArrowDown}');
    expect(activeOption()?.textContent).toBe('Gold Au');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('listbox')).toBeTruthy();
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(chosen()).toBe('Gold,Copper');
    expect(screen.getByRole('option', { name: 'Gold Au' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('option', { name: 'Silver Ag' }).getAttribute('aria-selected')).toBe('false');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(document.activeElement).toBe(field());
    expect(chips()).toEqual(['Gold', 'Copper']);
  });

  it('filters as you type with the first match active, and Enter picks it and clears the text', async () => {
    const user = await tabIntoField();
    await user.keyboard('co');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Copper Cu', 'Cobalt Co']);
    expect(activeOption()?.textContent).toBe('Copper Cu');
    await user.keyboard('{Enter}');
    expect(chosen()).toBe('Copper');
    expect((field() as HTMLInputElement).value).toBe('');
    await user.keyboard('ag{Enter}');
    expect(chosen()).toBe('Copper,Silver');
    await user.keyboard('zinc');
    expect(screen.getByRole('listbox').textContent).toBe('No matches');
  });

  it("puts each chip's remove button in the Tab order; removing one moves focus on and says so", async () => {
    const user = userEvent.setup();
    render(<Form initial={['Gold', 'Silver']} />);
    field().focus();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove Gold' }));
    await user.keyboard('{Enter}');
    expect(chips()).toEqual(['Silver']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove Silver' }));
    expect(screen.getByText('Gold removed')).toBeTruthy();
    await user.keyboard(' ');
    expect(screen.queryByRole('list', { name: 'Selected commodity' })).toBeNull();
    expect(document.activeElement).toBe(field());
    expect(screen.getByText('Silver removed')).toBeTruthy();
  });

  it('removes the last chip with Backspace in the empty field, and only then', async () => {
    const user = userEvent.setup();
    render(<Form initial={['Gold', 'Silver', 'Copper']} />);
    field().focus();
    await user.keyboard('x{Backspace}');
    expect(chips()).toEqual(['Gold', 'Silver', 'Copper']);
    await user.keyboard('{Backspace}');
    expect(chips()).toEqual(['Gold', 'Silver']);
    expect(screen.getByText('Copper removed')).toBeTruthy();
    await user.keyboard('{Backspace}{Backspace}{Backspace}');
    expect(chosen()).toBe('');
    expect(document.activeElement).toBe(field());
  });
});

describe('MultiSelect with the mouse', () => {
  it('opens with a click into the field, and toggles with the arrow button', async () => {
    const user = userEvent.setup();
    render(<Form />);
    await user.click(field());
    await user.click(screen.getByRole('option', { name: 'Silver Ag' }));
    await user.click(screen.getByRole('option', { name: 'Gold Au' }));
    expect(chosen()).toBe('Silver,Gold');
    await user.click(field());
    expect(screen.getByRole('listbox')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show commodity options' }));
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});
