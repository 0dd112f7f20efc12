-- Ingest (issue 32, news-ingest bench): a fetch page creates a story per new release and points each of its
-- articles at one. The two foreign keys between articles and stories checked every such row one by one
-- (a key-share look-up each), which on the embedded database cost about as much as the rows themselves. Their
-- only writer, the stories service, creates a story and points articles at it in one transaction under its
-- lock, so the checks could never fail. What the keys also did on delete, statement triggers now do, once
-- per statement (as migration 027 did for story_bands).
ALTER TABLE articles DROP CONSTRAINT articles_story_id_fkey;
ALTER TABLE stories DROP CONSTRAINT stories_primary_article_id_fkey;

-- A deleted article's story goes with it when the article was its primary (ON DELETE CASCADE before).
CREATE FUNCTION stories_forget_deleted_primaries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM stories s USING deleted_articles d WHERE s.primary_article_id = d.id;
  RETURN NULL;
END
$$;
CREATE TRIGGER articles_forget_stories AFTER DELETE ON articles
  REFERENCING OLD TABLE AS deleted_articles
  FOR EACH STATEMENT EXECUTE FUNCTION stories_forget_deleted_primaries();

-- A deleted story's other copies stand alone again (ON DELETE SET NULL before).
CREATE FUNCTION articles_forget_deleted_stories() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE articles a SET story_id = NULL FROM deleted_stories d WHERE a.story_id = d.id;
  RETURN NULL;
END
$$;
CREATE TRIGGER stories_release_articles AFTER DELETE ON stories
  REFERENCING OLD TABLE AS deleted_stories
  FOR EACH STATEMENT EXECUTE FUNCTION articles_forget_deleted_stories();
