-- The CRM screen lists pushed articles newest first: everyone's for an admin, a member's own by pushed_by.
CREATE INDEX articles_pushed_at_idx ON articles (pushed_at DESC, id DESC) WHERE pushed_at IS NOT NULL;
CREATE INDEX articles_pushed_by_idx ON articles (pushed_by, pushed_at DESC, id DESC) WHERE pushed_at IS NOT NULL;
