-- Prompt evaluation (issue 36): cheaper writing of a run's results and reading of its items, for a run's own
-- cost over its analyses. Measured with bench/evaluation.bench.ts (docs/BENCHMARKS.md, evaluation).

-- A batch written from now on keeps its results in `encoded`: the array in V8's serialization format (Node's
-- v8.serialize, which Node documents as backward-compatible and safe to store), brotli-compressed, sent as
-- bytes. Cheaper to write than the JSON text in base64 that `results` held: no text to build, encode and
-- decode, for about a third more bytes stored (V8 keeps a string with any character beyond Latin-1 in
-- UTF-16). Batches written before keep `results` (JSON text, or packed: brotli and base64) and read as they
-- did; each row has one or the other.
ALTER TABLE evaluation_result_batches ADD COLUMN encoded bytea;
ALTER TABLE evaluation_result_batches ALTER COLUMN results DROP NOT NULL;
ALTER TABLE evaluation_result_batches
  ADD CONSTRAINT evaluation_result_batches_stored CHECK ((results IS NULL) <> (encoded IS NULL));
-- Compressed already: the database need not try again.
ALTER TABLE evaluation_result_batches ALTER COLUMN encoded SET STORAGE EXTERNAL;

-- Every run reads its set's item texts whole: an item row that fits in a page (a text up to about 8 KB) keeps
-- its text in the row, uncompressed (storage EXTERNAL, migration 024), rather than in the TOAST table, where
-- each text read is a lookup of its own (a quarter off reading 200 demo items). Items stored before are
-- written again to be kept so (sets are reviewed by hand: tens to thousands of items).
ALTER TABLE evaluation_items SET (toast_tuple_target = 8160);
UPDATE evaluation_items SET text = text || '';
