-- Who pushed an article to the CRM (a step run by hand, or the owner of the batch that ran it), so a
-- member's CRM outbox export holds what they pushed. Null for pushes made before this was recorded.
ALTER TABLE articles ADD COLUMN pushed_by integer REFERENCES users (id) ON DELETE SET NULL;
