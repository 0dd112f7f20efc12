-- Every change to an article bumps its row_version in the same transaction, whichever code path (or
-- process) makes it. A cached article-list page is checked against the versions of its articles with
-- one cheap look-up instead of being read again (news.service.ts, "page cache").
ALTER TABLE articles ADD COLUMN row_version integer NOT NULL DEFAULT 0;

CREATE FUNCTION articles_bump_row_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.row_version := OLD.row_version + 1;
  RETURN NEW;
END
$$;

CREATE TRIGGER articles_bump_row_version
  BEFORE UPDATE ON articles
  FOR EACH ROW EXECUTE FUNCTION articles_bump_row_version();
