import type { FilterSet } from '@mining-hub/contract/news';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTER_SET } from '../filter-set.ts';
import { NewsFiltersPanel } from './news-filters-panel.tsx';

function Panel() {
  const [filters, setFilters] = useState<FilterSet>(DEFAULT_FILTER_SET);
  const nothing = () => {};
  return (
    <NewsFiltersPanel
      filters={filters}
      onChange={setFilters}
      onFetch={nothing}
      starting={false}
      fetching={false}
      onSave={nothing}
      onLoad={nothing}
      onReset={nothing}
      saving={false}
      loading={false}
      error={null}
      notice={null}
    />
  );
}

const stateField = () => screen.getByRole<HTMLSelectElement>('combobox', { name: 'State / Province' });
const stateGroups = () =>
  within(stateField())
    .queryAllByRole('group')
    .map((group) => group.getAttribute('label'));
const stateOptions = () =>
  within(stateField())
    .getAllByRole('option')
    .map((option) => option.textContent);

const ALL_GROUPS = ['United States', 'Canada', 'Australia', 'Mexico', 'Peru', 'Chile', 'Argentina', 'Brazil'];

describe('NewsFiltersPanel state list', () => {
  it('lists every country’s states until a country is chosen, then only that country’s', async () => {
    render(<Panel />);
    expect(stateGroups()).toEqual(ALL_GROUPS);

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'Canada');
    expect(stateGroups()).toEqual(['Canada']);
    expect(stateOptions()).toContain('Ontario');
    expect(stateOptions()).not.toContain('Nevada');
    expect(stateOptions()).not.toContain('Western Australia');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'Mexico');
    expect(stateGroups()).toEqual(['Mexico']);
    expect(stateOptions()).toContain('Michoacán');
  });

  it('clears a chosen state that does not belong to the new country, and keeps one that does', async () => {
    render(<Panel />);
    const country = screen.getByRole('combobox', { name: 'Country' });
    await userEvent.selectOptions(stateField(), 'Nevada');
    await userEvent.selectOptions(country, 'United States');
    expect(stateField().value).toBe('NV');

    await userEvent.selectOptions(country, 'Australia');
    expect(stateField().value).toBe('');
    expect(stateGroups()).toEqual(['Australia']);
    await userEvent.selectOptions(stateField(), 'Queensland');

    // Any country again: the state stays, and every group is back.
    await userEvent.selectOptions(country, '');
    expect(stateField().value).toBe('AU-QLD');
    expect(stateGroups()).toEqual(ALL_GROUPS);
  });

  it('offers no state for a country without states or provinces in the reference data', async () => {
    render(<Panel />);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'Ghana');
    expect(stateField().disabled).toBe(true);
    expect(stateOptions()).toEqual(['No states or provinces listed']);
  });

  it('folds its fields behind "Filters (n)" on a phone, counting the filters set, with Fetch News outside the fold', async () => {
    const user = userEvent.setup();
    render(<Panel />);
    const toggle = screen.getByRole('button', { name: 'Filters (0)' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const fields = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    // Hidden below the sm breakpoint (640 px) while folded; the phone journey checks what that looks like.
    expect(fields?.className).toMatch(/max-sm:hidden/);
    expect(fields?.contains(screen.getByRole('button', { name: 'Fetch News' }))).toBe(false);

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(fields?.className).not.toMatch(/max-sm:hidden/);
    await user.type(screen.getByRole('textbox', { name: 'Ticker' }), 'ABC');
    expect(screen.getByRole('button', { name: 'Filters (1)' })).toBe(toggle);
  });

  it('offers days only in the custom range calendar: the range is sent as days, so it has no time column', async () => {
    const user = userEvent.setup();
    const { container } = render(<Panel />);
    await user.click(screen.getByText('Custom Range'));
    await user.click(screen.getByLabelText('From'));
    expect(container.querySelector('.react-datepicker__month')).not.toBeNull();
    expect(container.querySelector('.react-datepicker__time-container')).toBeNull();
  });

  it('says an invalid custom date is not one and which date the range keeps, instead of reverting silently', async () => {
    const user = userEvent.setup();
    render(<Panel />);
    await user.click(screen.getByText('Custom Range'));
    const from = screen.getByRole('textbox', { name: 'From' });
    // Custom Range starts from the preset's dates.
    const before = (from as HTMLInputElement).value;
    expect(before).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    await user.type(from, '13/45/2026', { initialSelectionStart: 0, initialSelectionEnd: 10 });
    const message = screen
      .getAllByRole('alert')
      .find((alert) => alert.id !== '' && alert.textContent?.startsWith('Not'));
    expect(message?.textContent).toBe(`Not a date (mm/dd/yyyy): the range keeps ${before}.`);
    expect(from.getAttribute('aria-invalid')).toBe('true');
  });
});
