-- Prompt evaluation (issue 36): a batch of results stored as bytes, for a run's own cost over its analyses.
-- Measured with bench/evaluation.bench.ts (docs/BENCHMARKS.md, evaluation).

-- A batch written from now on keeps its results in `encoded`: the array in V8's serialization format (Node's
-- v8.serialize, which Node documents as backward-compatible and safe to store), brotli-compressed. Cheaper to
-- write than JSON (no text to build and encode) and, as bytea, a quarter smaller than the base64 text
-- `results` held. Batches written before keep `results` (JSON text, or packed: brotli and base64) and read
-- as they did; each row has one or the other.
ALTER TABLE evaluation_result_batches ADD COLUMN encoded bytea;
ALTER TABLE evaluation_result_batches ALTER COLUMN results DROP NOT NULL;
ALTER TABLE evaluation_result_batches
  ADD CONSTRAINT evaluation_result_batches_stored CHECK ((results IS NULL) <> (encoded IS NULL));
-- Compressed already: the database need not try again.
ALTER TABLE evaluation_result_batches ALTER COLUMN encoded SET STORAGE EXTERNAL;
