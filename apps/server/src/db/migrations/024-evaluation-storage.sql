-- Prompt evaluation (issue 36): cheaper storage of a run's results, for a run's own cost over its analyses.
-- Measured with bench/evaluation.bench.ts (docs/BENCHMARKS.md, evaluation).

-- Each start or takeover of a run takes the next attempt number; a runner's writes name its attempt, so a
-- worker that lost the run (taken over after a stall, or cancelled) stores nothing more. This replaces the
-- row per scored item that made an item count once: no write can come from two runners at once.
ALTER TABLE evaluation_runs ADD COLUMN attempt integer NOT NULL DEFAULT 0;
-- A run started before this migration may have results stored: its next start must not count as a first.
UPDATE evaluation_runs SET attempt = 1 WHERE started_at IS NOT NULL;

-- The items a batch holds (a takeover goes on with the others), and whether `results` is packed: the JSON
-- array compressed (brotli) and in base64, a tenth of the bytes for PGlite or PostgreSQL to write.
ALTER TABLE evaluation_result_batches ADD COLUMN item_ids integer[] NOT NULL DEFAULT '{}';
ALTER TABLE evaluation_result_batches ADD COLUMN packed boolean NOT NULL DEFAULT false;
UPDATE evaluation_result_batches AS batch
SET item_ids = ARRAY(SELECT (element ->> 'item_id')::integer FROM json_array_elements(batch.results::json) AS element);
DROP TABLE evaluation_results;

-- An item's text is read whole by every run and never searched: stored uncompressed, a run does not spend
-- its time decompressing 200 articles (new and re-added items; older ones stay as they are).
ALTER TABLE evaluation_items ALTER COLUMN text SET STORAGE EXTERNAL;
