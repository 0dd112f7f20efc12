/**
 * Which articles the list has selected (SPEC.md section 4): single checkboxes, select-all for the current
 * page, or 'All Pages' mode holding every article id of the session. Immutable: every change returns a new value.
 */
export interface Selection {
  ids: ReadonlySet<number>;
  /** Set while the selection is every article of the session; any change by hand leaves the mode. */
  allPages: boolean;
}

export const EMPTY_SELECTION: Selection = { ids: new Set(), allPages: false };

export function toggleArticle(selection: Selection, id: number): Selection {
  const ids = new Set(selection.ids);
  if (ids.has(id)) ids.delete(id);
  else ids.add(id);
  return { ids, allPages: false };
}

export type PageSelectionState = 'none' | 'some' | 'all';

/** Whether none, some or all of the page's articles are selected, for the select-all box (and its mixed state). */
export function pageSelectionState(selection: Selection, pageIds: readonly number[]): PageSelectionState {
  if (pageIds.length === 0) return 'none';
  const selected = pageIds.filter((id) => selection.ids.has(id)).length;
  if (selected === 0) return 'none';
  return selected === pageIds.length ? 'all' : 'some';
}

/** Select-all for the current page: selects the whole page, or clears it when it is already wholly selected. */
export function togglePage(selection: Selection, pageIds: readonly number[]): Selection {
  const ids = new Set(selection.ids);
  if (pageSelectionState(selection, pageIds) === 'all') for (const id of pageIds) ids.delete(id);
  else for (const id of pageIds) ids.add(id);
  return { ids, allPages: false };
}

/** 'All Pages' mode: every id of the session. */
export function selectAllPages(allIds: readonly number[]): Selection {
  return { ids: new Set(allIds), allPages: true };
}

export function selectedCount(selection: Selection): number {
  return selection.ids.size;
}

/** The ids to process, in a stable order. */
export function selectedIds(selection: Selection): number[] {
  return [...selection.ids].sort((a, b) => a - b);
}
