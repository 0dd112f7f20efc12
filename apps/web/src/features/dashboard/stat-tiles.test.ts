import { describe, expect, it } from 'vitest';
import { articleStatTiles } from './stat-tiles.ts';

describe('articleStatTiles', () => {
  it('labels every status the way users know it, in lifecycle order, with the total last', () => {
    const tiles = articleStatTiles({
      total: 1234,
      by_status: {
        fetched: 1000,
        expanded: 100,
        summarised: 80,
        pushed_to_hubspot: 50,
        failed_expansion: 2,
        failed_summary: 1,
        failed_push: 1,
      },
    });
    expect(tiles.map((tile) => [tile.label, tile.value])).toEqual([
      ['Fetched', 1000],
      ['Expanded', 100],
      ['Analyzed', 80],
      ['HubSpot', 50],
      ['Failed Expansion', 2],
      ['Failed Summary', 1],
      ['Failed Push', 1],
      ['Total', 1234],
    ]);
  });

  it('shows a status the server left out as zero', () => {
    const tiles = articleStatTiles({ total: 0, by_status: {} });
    expect(tiles.every((tile) => tile.value === 0)).toBe(true);
  });
});
