import { describe, expect, it } from 'vitest';
import {
  EMPTY_SELECTION,
  pageSelectionState,
  selectAllPages,
  selectedCount,
  selectedIds,
  toggleArticle,
  togglePage,
} from './selection.ts';

describe('selection', () => {
  it('toggles single articles', () => {
    const one = toggleArticle(EMPTY_SELECTION, 5);
    expect(selectedIds(one)).toEqual([5]);
    expect(selectedIds(toggleArticle(one, 5))).toEqual([]);
    expect(EMPTY_SELECTION.ids.size).toBe(0);
  });

  it('select-all for the page selects the page, keeps other pages, and clears the page when all are selected', () => {
    const other = toggleArticle(EMPTY_SELECTION, 99);
    const page = [1, 2, 3];
    expect(pageSelectionState(other, page)).toBe('none');
    const all = togglePage(other, page);
    expect(selectedIds(all)).toEqual([1, 2, 3, 99]);
    expect(pageSelectionState(all, page)).toBe('all');
    expect(pageSelectionState(toggleArticle(all, 2), page)).toBe('some');
    expect(selectedIds(togglePage(toggleArticle(all, 2), page))).toEqual([1, 2, 3, 99]);
    expect(selectedIds(togglePage(all, page))).toEqual([99]);
    expect(pageSelectionState(all, [])).toBe('none');
  });

  it('All Pages mode holds every id until the user changes the selection by hand', () => {
    const all = selectAllPages([3, 1, 2, 2]);
    expect(all.allPages).toBe(true);
    expect(selectedCount(all)).toBe(3);
    const changed = toggleArticle(all, 1);
    expect(changed.allPages).toBe(false);
    expect(selectedIds(changed)).toEqual([2, 3]);
  });
});
