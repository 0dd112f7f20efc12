-- Ingest stores about forty band keys per story (a fetch page, 4,000 rows): the foreign key from story_bands
-- to stories checked each row one by one, and those checks cost more than the rows (issue 32, news-ingest
-- bench). The only writer inserts the bands of the stories it has just created, in the same transaction, so
-- the check could never fail; what the key also did, removing a deleted story's bands, a statement trigger
-- now does once per statement.
ALTER TABLE story_bands DROP CONSTRAINT story_bands_story_id_fkey;

CREATE FUNCTION story_bands_forget_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM story_bands b USING deleted_stories d WHERE b.story_id = d.id;
  RETURN NULL;
END
$$;
CREATE TRIGGER stories_forget_bands AFTER DELETE ON stories
  REFERENCING OLD TABLE AS deleted_stories
  FOR EACH STATEMENT EXECUTE FUNCTION story_bands_forget_deleted();

-- Its index by story served only those deletes; the trigger's one join per statement does without it, and
-- every band row inserted no longer updates a second index.
DROP INDEX story_bands_story_idx;

-- Every story is now also found by its title: under each of its variants ('t.' and the normalised title, less
-- one to four leading words while five remain: titleKeyVariants in release-fingerprint.ts) and under its own
-- title ('o.'); a summary by those alone. The stories stored before get theirs here.
INSERT INTO story_bands (band_key, story_id)
SELECT 't.' || CASE WHEN d.n = 0 THEN s.title_key ELSE array_to_string(w.words[d.n + 1:], ' ') END, s.id
FROM stories s
CROSS JOIN LATERAL (SELECT array_remove(string_to_array(s.title_key, ' '), '') AS words) w
CROSS JOIN generate_series(0, 4) AS d (n)
WHERE s.title_key <> '' AND (d.n = 0 OR cardinality(w.words) - d.n >= 5)
UNION ALL
SELECT 'o.' || s.title_key, s.id FROM stories s WHERE s.title_key <> ''
ON CONFLICT DO NOTHING;
