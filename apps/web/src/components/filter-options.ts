import { ARTICLE_TYPE_GROUPS, COMMODITIES, COUNTRIES } from '@mining-hub/contract/reference-data';
import type { MultiSelectOption } from './multi-select.tsx';

/**
 * The filter vocabularies as the news filter panel and the watch form offer them. Commodities by name (the
 * panel's saved filter set keeps names) or by symbol (a fetch request's own codes).
 */
export const commodityOptions = (value: 'name' | 'symbol'): MultiSelectOption[] =>
  COMMODITIES.map((c) => ({ value: c[value], label: c.name, hint: c.symbol }));

export const TYPE_OPTIONS: MultiSelectOption[] = ARTICLE_TYPE_GROUPS.flatMap((group) => [
  { value: group.group, label: group.label, hint: 'all types', group: true },
  ...group.types.map((type) => ({ value: type.value, label: type.label, indent: true })),
]);

export const SORTED_COUNTRIES = [...COUNTRIES].sort((a, b) => a.name.localeCompare(b.name, 'en'));
