/**
 * An inbox that holds still (issue 35): live updates refresh the rows the rep sees in place, but never reorder
 * or remove them, nor slip new ones in; what changed waits behind a "12 new signals — show" banner.
 */
export interface HeldView<Row> {
  /** The rows on screen: the held order, each with its latest copy (or its last one, when it left the list). */
  rows: Row[];
  /** Rows in the latest answer that the held view does not show. */
  added: number;
  /** Whether showing the latest answer would change the list (new rows, rows gone, or another order). */
  changed: boolean;
}

/**
 * The held rows brought up to date by `latest` without moving any of them. The rows of `own` are the ones the rep
 * acted on (Push, Dismiss, Restore): their change shows at once, so one that left the list (dismissed out of
 * the inbox) leaves the view too; only other people's and the pipeline's changes wait behind the banner.
 */
export function heldView<Row extends { article_id: number }>(
  held: readonly Row[],
  latest: readonly Row[],
  own: ReadonlySet<number> = new Set(),
): HeldView<Row> {
  const byId = new Map(latest.map((row) => [row.article_id, row]));
  const shown = held.filter((row) => byId.has(row.article_id) || !own.has(row.article_id));
  const heldIds = new Set(held.map((row) => row.article_id));
  const added = latest.filter((row) => !heldIds.has(row.article_id)).length;
  const kept = shown.filter((row) => byId.has(row.article_id)).map((row) => row.article_id);
  const latestOrder = latest.filter((row) => heldIds.has(row.article_id)).map((row) => row.article_id);
  const changed = added > 0 || kept.length !== shown.length || kept.some((id, index) => latestOrder[index] !== id);
  return { rows: shown.map((row) => byId.get(row.article_id) ?? row), added, changed };
}
