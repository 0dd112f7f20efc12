-- Accounts (issue 34): every mining company and project the product reads about, as a record. Filled from
-- scraper outputs, the facts of each story and CRM pushes; joined by entity resolution
-- (modules/accounts/entity-resolution.ts), never by a guess: an uncertain match waits in account_reviews.
CREATE TABLE companies (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL,
  website text,
  domain text,
  -- ISO 3166 alpha-2 of the head office.
  country text,
  market_cap_musd double precision,
  shares_m double precision,
  owner_id integer REFERENCES users (id) ON DELETE SET NULL,
  -- Set when an admin merged this company into another; the row stays so that the merge can be undone.
  merged_into integer REFERENCES companies (id),
  -- Heat as a sum of weight * 2^((event time - 2026-01-01) / half-life): the current heat is this times one
  -- factor shared by every company, so ordering by it is ordering by today's heat (accounts-heat.ts).
  heat_base double precision NOT NULL DEFAULT 0,
  last_event_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX companies_live_heat_idx ON companies (heat_base DESC, id) WHERE merged_into IS NULL;
CREATE INDEX companies_owner_idx ON companies (owner_id) WHERE owner_id IS NOT NULL;

-- Every name a company goes by, as resolution keys: its name, aliases an admin added, former names.
CREATE TABLE company_names (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  name text NOT NULL,
  name_key text NOT NULL,
  core_key text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('name', 'alias', 'former')),
  UNIQUE (company_id, name_key)
);
CREATE INDEX company_names_key_idx ON company_names (name_key);
CREATE INDEX company_names_core_idx ON company_names (core_key);

-- Listings as EXCHANGE:SYMBOL; one company per listing.
CREATE TABLE company_tickers (
  ticker text PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE
);
CREATE INDEX company_tickers_company_idx ON company_tickers (company_id);

CREATE TABLE projects (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL,
  name_key text NOT NULL,
  country text,
  state text,
  commodities text[] NOT NULL DEFAULT '{}',
  stage text CHECK (stage IN ('exploration', 'resource', 'scoping_pea', 'pfs', 'fs', 'construction', 'production',
    'care_maintenance')),
  location text,
  -- The scraper source's own id ('mininghub:123'), so a later run updates the same project.
  source_key text UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX projects_name_key_idx ON projects (name_key);

-- Owners of a project: one company, or joint-venture partners with their shares in per cent.
CREATE TABLE project_owners (
  project_id integer NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  share_pct double precision,
  PRIMARY KEY (project_id, company_id)
);
CREATE INDEX project_owners_company_idx ON project_owners (company_id);

-- The stories that name a company: its timeline.
CREATE TABLE company_stories (
  company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  story_id integer NOT NULL REFERENCES stories (id) ON DELETE CASCADE,
  PRIMARY KEY (company_id, story_id)
);
CREATE INDEX company_stories_story_idx ON company_stories (story_id);

-- Dated events read from a story's facts (or a stage change seen by an import); they make the heat.
CREATE TABLE company_events (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  project_id integer REFERENCES projects (id) ON DELETE SET NULL,
  story_id integer REFERENCES stories (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('financing_closed', 'financing_announced', 'programme_planned', 'results',
    'resource', 'study', 'stage_change')),
  occurred_at timestamptz NOT NULL,
  weight double precision NOT NULL,
  -- weight * 2^((occurred_at - 2026-01-01) / half-life): its share of companies.heat_base.
  base double precision NOT NULL,
  summary text NOT NULL
);
CREATE UNIQUE INDEX company_events_story_kind_idx ON company_events (story_id, company_id, kind)
  WHERE story_id IS NOT NULL;
CREATE INDEX company_events_company_idx ON company_events (company_id, occurred_at DESC);
CREATE INDEX company_events_time_idx ON company_events (occurred_at);

-- People at a company: scraped (project contacts) and extracted from stories, merged by e-mail, then name.
CREATE TABLE company_contacts (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  name text NOT NULL,
  email text,
  job_title text,
  phone text,
  source text NOT NULL CHECK (source IN ('scraper', 'news', 'crm')),
  contact_key text NOT NULL,
  UNIQUE (company_id, contact_key)
);

-- A merge moves rows from one company to another and remembers which, so that a split can move them back.
CREATE TABLE company_merges (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  survivor_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  merged_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  moved jsonb NOT NULL,
  actor_id integer REFERENCES users (id) ON DELETE SET NULL,
  merged_at timestamptz NOT NULL DEFAULT now(),
  split_at timestamptz
);
CREATE INDEX company_merges_survivor_idx ON company_merges (survivor_id) WHERE split_at IS NULL;

-- Mentions resolution would not decide alone (two candidates, or a ticker that disagrees with the name).
CREATE TABLE account_reviews (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  mention text NOT NULL,
  tickers text[] NOT NULL DEFAULT '{}',
  candidate_ids integer[] NOT NULL,
  reason text NOT NULL,
  source text NOT NULL,
  story_id integer REFERENCES stories (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  resolved_at timestamptz,
  UNIQUE (mention, source)
);

-- Stories whose facts have been read into accounts (again when the primary article is analysed later).
CREATE TABLE account_story_sync (
  story_id integer PRIMARY KEY REFERENCES stories (id) ON DELETE CASCADE,
  synced_at timestamptz NOT NULL DEFAULT now()
);

-- Scraper output files already imported (each file once).
CREATE TABLE account_imports (
  file_name text PRIMARY KEY,
  imported_at timestamptz NOT NULL DEFAULT now(),
  companies integer NOT NULL,
  projects integer NOT NULL
);

-- Companies pushed to the CRM, joined to their account.
CREATE TABLE company_crm_links (
  crm_company_id integer PRIMARY KEY REFERENCES crm_companies (id) ON DELETE CASCADE,
  company_id integer NOT NULL REFERENCES companies (id) ON DELETE CASCADE
);
CREATE INDEX company_crm_links_company_idx ON company_crm_links (company_id);
