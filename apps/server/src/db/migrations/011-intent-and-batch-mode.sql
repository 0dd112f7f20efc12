-- The analysis's buying intent, its reasons and the one-line summary, beside the analysis itself: list
-- pages and the signals inbox show them for every row, and reading them out of the analysis jsonb (tens of
-- KB, TOASTed) would decompress every analysis on the page. Written with the analysis (pipeline repository).
ALTER TABLE articles
  ADD COLUMN buying_intent_score text
    CHECK (buying_intent_score IN ('Low', 'Medium', 'High', 'Very High')),
  ADD COLUMN intent_reasons text[] NOT NULL DEFAULT '{}',
  ADD COLUMN signal_summary text;

UPDATE articles
SET
  buying_intent_score = CASE
    WHEN analysis ->> 'buying_intent_score' IN ('Low', 'Medium', 'High', 'Very High')
      THEN analysis ->> 'buying_intent_score'
  END,
  signal_summary = CASE
    WHEN jsonb_typeof(analysis -> 'signal_summary') = 'string'
      THEN nullif(left(btrim(analysis ->> 'signal_summary'), 600), '')
  END,
  intent_reasons = CASE
    WHEN jsonb_typeof(analysis -> 'intent_reasons') = 'array'
      THEN ARRAY(
        SELECT left(btrim(reason #>> '{}'), 200)
        FROM jsonb_array_elements(analysis -> 'intent_reasons') AS reason
        WHERE jsonb_typeof(reason) = 'string' AND btrim(reason #>> '{}') <> ''
        LIMIT 8
      )
    ELSE '{}'
  END
WHERE analysis IS NOT NULL;

-- What a batch does with each article: 'process' runs every remaining step (SPEC.md's Process Selected),
-- 'analyse' stops once the article is analysed (review before push), 'push' only pushes analysed articles.
ALTER TABLE pipeline_batches
  ADD COLUMN mode text NOT NULL DEFAULT 'process' CHECK (mode IN ('process', 'analyse', 'push'));
