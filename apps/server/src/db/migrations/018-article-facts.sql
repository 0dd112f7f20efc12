-- Mining facts (issue 33): what the facts extractor (modules/facts) read from an article's expanded text,
-- stored on the article. Only primaries are ever expanded, so these columns are the story's facts; a copy's
-- id serves its primary's. Null until the article is expanded (or, for articles expanded before this
-- migration, until the worker's backfill or a first detail read has read them).
ALTER TABLE articles ADD COLUMN facts jsonb;
-- The extractor version the facts were read with (article-facts.ts FACTS_VERSION); older ones are read again.
ALTER TABLE articles ADD COLUMN facts_version smallint;
-- The strongest fact as one line, for Signals rows (read on every inbox page, so a short column of its own
-- rather than the facts, which run to tens of KB for a drill-results release).
ALTER TABLE articles ADD COLUMN fact_headline text;
-- What the Signals `fact` and `stage` filters match: 'financing-closed', 'programme-planned', 'intercepts',
-- 'resource', 'study', 'stage:PFS'...
ALTER TABLE articles ADD COLUMN fact_tags text[] NOT NULL DEFAULT '{}';

-- A change of fact tags moves the Signals counts of fact filters: the generation (migration 010) notices it.
DROP TRIGGER articles_signals_changed ON articles;
CREATE TRIGGER articles_signals_changed AFTER UPDATE ON articles
  FOR EACH ROW
  WHEN (
    OLD.status IS DISTINCT FROM NEW.status
    OR OLD.analysed_at IS DISTINCT FROM NEW.analysed_at
    OR OLD.dismissed_at IS DISTINCT FROM NEW.dismissed_at
    OR OLD.company IS DISTINCT FROM NEW.company
    OR OLD.commodities IS DISTINCT FROM NEW.commodities
    OR OLD.countries IS DISTINCT FROM NEW.countries
    OR OLD.fact_tags IS DISTINCT FROM NEW.fact_tags
  )
  EXECUTE FUNCTION signals_bump_generation();
