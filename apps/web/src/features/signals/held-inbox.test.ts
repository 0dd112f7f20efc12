import { describe, expect, it } from 'vitest';
import { heldView } from './held-inbox.ts';

const row = (article_id: number, status = 'summarised') => ({ article_id, status });

describe('heldView', () => {
  it('keeps the held order and rows, refreshed in place, and counts the new ones', () => {
    const held = [row(1), row(2), row(3)];
    const latest = [row(9), row(3, 'pushed_to_hubspot'), row(1), row(8)];
    expect(heldView(held, latest)).toEqual({
      rows: [row(1), row(2), row(3, 'pushed_to_hubspot')],
      added: 2,
      changed: true,
    });
  });

  it('says nothing changed when the latest answer is the same list, whatever the rows now say', () => {
    expect(heldView([row(1), row(2)], [row(1, 'failed_push'), row(2)])).toEqual({
      rows: [row(1, 'failed_push'), row(2)],
      added: 0,
      changed: false,
    });
  });

  it('notices a reorder or a row gone without new ones', () => {
    expect(heldView([row(1), row(2)], [row(2), row(1)])).toMatchObject({ added: 0, changed: true });
    expect(heldView([row(1), row(2)], [row(1)])).toMatchObject({ rows: [row(1), row(2)], changed: true });
  });

  it('matches a randomized comparison: never moves, drops or adds a row, whatever the update', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (let trial = 0; trial < 500; trial++) {
      const held = [
        ...new Set(Array.from({ length: 1 + Math.floor(random() * 20) }, () => Math.floor(random() * 40))),
      ].map((id) => row(id));
      const latest = [
        ...new Set(Array.from({ length: Math.floor(random() * 25) }, () => Math.floor(random() * 40))),
      ].map((id) => row(id, 'new'));
      const view = heldView(held, latest);
      expect(view.rows.map((r) => r.article_id)).toEqual(held.map((r) => r.article_id));
      const heldIds = new Set(held.map((r) => r.article_id));
      expect(view.added).toBe(latest.filter((r) => !heldIds.has(r.article_id)).length);
      const same = latest.length === held.length && latest.every((r, i) => r.article_id === held[i]?.article_id);
      expect(view.changed).toBe(!same);
    }
  });

  it("applies the rep's own change at once: a row they took out of the list leaves, others' changes still wait", () => {
    const held = [row(1), row(2), row(3)];
    // The rep dismissed 2 (gone from the inbox) and pushed 3; someone else's update removed 1 and added 9.
    const latest = [row(9), row(3, 'pushed_to_hubspot')];
    expect(heldView(held, latest, new Set([2, 3]))).toEqual({
      rows: [row(1), row(3, 'pushed_to_hubspot')],
      added: 1,
      changed: true,
    });
    // With nothing else pending, the rep's own dismissal is no news for the banner.
    expect(heldView(held, [row(1), row(3)], new Set([2]))).toEqual({
      rows: [row(1), row(3)],
      added: 0,
      changed: false,
    });
  });
});
