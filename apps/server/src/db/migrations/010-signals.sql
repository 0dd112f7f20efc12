-- The signals inbox (modules/signals): every analysed article a user can see, ranked by buying intent.
--
-- Dismissal belongs to the article, like its pipeline status: articles are stored once whoever fetched
-- them, so a signal one rep dismisses leaves the inbox of everyone who sees that article (and shows under
-- the Dismissed filter with when, to be restored by any of them). Who did it is kept for the record.
ALTER TABLE articles
  ADD COLUMN dismissed_at timestamptz,
  ADD COLUMN dismissed_by integer REFERENCES users (id) ON DELETE SET NULL,
  -- Sort keys of the inbox, kept as plain columns so its indexes can answer a page (and its count) by
  -- themselves: the buying intent as a rank (0 none, 1 Low … 4 Very High) and the article's date.
  ADD COLUMN intent_rank smallint GENERATED ALWAYS AS (
    CASE analysis ->> 'buying_intent_score'
      WHEN 'Low' THEN 1
      WHEN 'Medium' THEN 2
      WHEN 'High' THEN 3
      WHEN 'Very High' THEN 4
      ELSE 0
    END
  ) STORED,
  ADD COLUMN signal_at timestamptz GENERATED ALWAYS AS (coalesce(published_at, fetched_at)) STORED;

-- One index per order of the inbox, over the analysed articles not dismissed, ending in id so the order is
-- total (pages never repeat or skip a row). The default order's also holds what the filters test most, so a
-- filtered page and its count are read from the index alone.
CREATE INDEX articles_inbox_intent_idx ON articles (intent_rank DESC, signal_at DESC, id DESC)
  INCLUDE (status, commodities, countries)
  WHERE analysed_at IS NOT NULL AND dismissed_at IS NULL;
CREATE INDEX articles_inbox_newest_idx ON articles (signal_at DESC, id DESC)
  WHERE analysed_at IS NOT NULL AND dismissed_at IS NULL;
CREATE INDEX articles_inbox_company_idx ON articles (company, intent_rank DESC, signal_at DESC, id DESC)
  WHERE analysed_at IS NOT NULL AND dismissed_at IS NULL;
-- The Dismissed view is small; this finds it without reading the inbox.
CREATE INDEX articles_dismissed_idx ON articles (dismissed_at DESC) WHERE dismissed_at IS NOT NULL;

-- Which sessions found an article, from the article's side: a member's inbox and every visibility check of
-- one article (GET /article/{id}, the pipeline steps, dismiss) probe by article id, which the primary key
-- (session_id, article_id) cannot answer without reading every session's rows.
CREATE INDEX session_articles_article_idx ON session_articles (article_id);

-- Counting the inbox is what costs (every matching index entry, 100,000 for an admin), so counts are cached
-- (signals.service.ts) with this generation, which every change that can alter a count bumps in its own
-- transaction: a count read with generation g is exact while the generation is still g. Only single-row
-- updates and whole statements bump it, after their rows are locked, so two writers never wait on each
-- other's rows while holding it. Title and date changes (a fetch refreshing a known article, many rows in
-- one statement) do not bump it; the service recounts after a minute for them.
CREATE TABLE signals_generation (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  generation bigint NOT NULL DEFAULT 0
);
INSERT INTO signals_generation DEFAULT VALUES;

CREATE FUNCTION signals_bump_generation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE signals_generation SET generation = generation + 1;
  RETURN NULL;
END
$$;

CREATE TRIGGER articles_signals_changed AFTER UPDATE ON articles
  FOR EACH ROW
  WHEN (
    OLD.status IS DISTINCT FROM NEW.status
    OR OLD.analysed_at IS DISTINCT FROM NEW.analysed_at
    OR OLD.dismissed_at IS DISTINCT FROM NEW.dismissed_at
    OR OLD.company IS DISTINCT FROM NEW.company
    OR OLD.commodities IS DISTINCT FROM NEW.commodities
    OR OLD.countries IS DISTINCT FROM NEW.countries
  )
  EXECUTE FUNCTION signals_bump_generation();
CREATE TRIGGER articles_signals_added AFTER INSERT OR DELETE ON articles
  FOR EACH STATEMENT EXECUTE FUNCTION signals_bump_generation();
-- Which sessions found an article decides who sees it.
CREATE TRIGGER session_articles_signals_changed AFTER INSERT OR UPDATE OR DELETE ON session_articles
  FOR EACH STATEMENT EXECUTE FUNCTION signals_bump_generation();
