-- Owners and routing (issue 34): rules that give companies an owner by country or commodity, watches limited
-- to "my accounts", and the owner's own alert for a high-intent story about an owned company.

-- An admin's rule: companies with no owner an admin chose get `user_id` when their head office or one of their
-- projects is in `value` (kind 'country', ISO alpha-2) or one of their projects digs `value` (kind 'commodity',
-- a symbol such as Cu). Country rules come before commodity rules, then the oldest rule.
CREATE TABLE ownership_rules (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('country', 'commodity')),
  value text NOT NULL,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (kind, value)
);

-- The rule that set `owner_id` (null: an admin chose the owner, or nobody owns it). Rules are applied by writing
-- `owner_id`, so "My accounts" and the owner filter read one column whichever way the owner came.
ALTER TABLE companies ADD COLUMN owner_rule_id integer REFERENCES ownership_rules (id) ON DELETE SET NULL;

-- Limits a watch's run to stories about companies its user owns.
ALTER TABLE watches ADD COLUMN my_accounts boolean NOT NULL DEFAULT false;

-- Each high-intent story alerts a company's owner once, ever: the primary key is the compare-and-set.
CREATE TABLE company_owner_alerts (
  story_id integer NOT NULL REFERENCES stories (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  article_id integer NOT NULL REFERENCES articles (id) ON DELETE CASCADE,
  alerted_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (story_id, user_id)
);
