import { commodityOptions, SORTED_COUNTRIES } from './filter-options.ts';

/** Commodities by name, each with its symbol, for a single-choice select; values are the symbols. */
const COMMODITIES_BY_NAME = [...commodityOptions('symbol')].sort((a, b) => a.label.localeCompare(b.label, 'en'));

/**
 * The `<option>`s of a country select: first the empty choice (`anyLabel`: 'Any country', 'All countries'),
 * then every country by name, valued by its code.
 */
export function CountryOptions({ anyLabel }: { anyLabel: string }) {
  return (
    <>
      <option value="">{anyLabel}</option>
      {SORTED_COUNTRIES.map((country) => (
        <option key={country.code} value={country.code}>
          {country.name}
        </option>
      ))}
    </>
  );
}

/** The `<option>`s of a commodity select: the empty choice, then each commodity by name with its symbol. */
export function CommodityOptions({ anyLabel }: { anyLabel: string }) {
  return (
    <>
      <option value="">{anyLabel}</option>
      {COMMODITIES_BY_NAME.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label} ({option.hint})
        </option>
      ))}
    </>
  );
}
