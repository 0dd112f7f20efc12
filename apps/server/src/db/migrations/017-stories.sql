-- Stories (issue 32): one release, however many wires and feeds carried it. Every stored article belongs to
-- one story; the story's primary article carries what the product does with the release (its status,
-- analysis, CRM push, dismissal), and fetch sessions list primaries only, so every listing, count, watch and
-- alert sees a release once. The primary is the copy stored first (a page stores its earliest copy first)
-- and never changes, so nothing keyed by article id ever has to move.
CREATE TABLE stories (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  primary_article_id integer NOT NULL UNIQUE REFERENCES articles (id) ON DELETE CASCADE,
  -- The primary's fingerprint (release-fingerprint.ts): normalised title, LSH band keys, MinHash signature
  -- and the figures the text quotes. A later copy is compared against it.
  title_key text NOT NULL,
  fingerprint jsonb NOT NULL,
  issuer text,
  published_at timestamptz,
  first_seen_at timestamptz NOT NULL DEFAULT now()
);
-- The same normalised title within a few days: the second way a copy finds its story.
CREATE INDEX stories_title_key_idx ON stories (title_key, published_at);

-- The band keys of each story's fingerprint: a new article's candidates are the stories sharing a band key
-- with it, found in this index by every API and worker process, not in one process's memory.
CREATE TABLE story_bands (
  band_key text NOT NULL,
  story_id integer NOT NULL REFERENCES stories (id) ON DELETE CASCADE,
  PRIMARY KEY (band_key, story_id)
);
CREATE INDEX story_bands_story_idx ON story_bands (story_id);

-- Null only between an article's insert and its assignment (the same fetch assigns it a moment later) and for
-- articles stored before this migration, until the backfill (stories.service.ts) has grouped them.
ALTER TABLE articles ADD COLUMN story_id integer REFERENCES stories (id) ON DELETE SET NULL;
CREATE INDEX articles_story_idx ON articles (story_id);
CREATE INDEX articles_unassigned_idx ON articles (id) WHERE story_id IS NULL;
