-- Watches (issue 17): saved fetch filters that run on a schedule, analyse only what is new, push what is
-- hot enough and alert once per article. Each belongs to the user who created it (admins see all).
CREATE TABLE watches (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  -- The fetch request of SPEC.md section 7, as the contract's fetchNewsRequestSchema normalised it.
  filters jsonb NOT NULL,
  interval_minutes integer NOT NULL CHECK (interval_minutes BETWEEN 1 AND 1440),
  push_min_intent text CHECK (push_min_intent IN ('Low', 'Medium', 'High', 'Very High')),
  webhook_url text,
  email_to text[] NOT NULL DEFAULT '{}',
  enabled boolean NOT NULL DEFAULT true,
  -- When the every-minute tick next queues a run; the tick claims due watches by moving this forward in
  -- one UPDATE, so two workers ticking at once never queue the same slot twice.
  next_run_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX watches_user_idx ON watches (user_id, id);
CREATE INDEX watches_due_idx ON watches (next_run_at) WHERE enabled;

CREATE TABLE watch_runs (
  id serial PRIMARY KEY,
  watch_id integer NOT NULL REFERENCES watches (id) ON DELETE CASCADE,
  trigger text NOT NULL CHECK (trigger IN ('schedule', 'manual')),
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'completed', 'failed')),
  queued_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz,
  new_articles integer NOT NULL DEFAULT 0,
  analysed integer NOT NULL DEFAULT 0,
  pushed integer NOT NULL DEFAULT 0,
  alerted integer NOT NULL DEFAULT 0,
  error text
);
CREATE INDEX watch_runs_watch_idx ON watch_runs (watch_id, id DESC);
CREATE INDEX watch_runs_unfinished_idx ON watch_runs (queued_at) WHERE status IN ('queued', 'running');

-- Every article a run of the watch found, once: later runs treat only the others as new. `alerted_at` makes
-- "each article alerted at most once per watch, ever" a row-level compare-and-set.
CREATE TABLE watch_seen_articles (
  watch_id integer NOT NULL REFERENCES watches (id) ON DELETE CASCADE,
  article_id integer NOT NULL REFERENCES articles (id) ON DELETE CASCADE,
  seen_at timestamptz NOT NULL DEFAULT now(),
  alerted_at timestamptz,
  PRIMARY KEY (watch_id, article_id)
);
CREATE INDEX watch_seen_unalerted_idx ON watch_seen_articles (watch_id) WHERE alerted_at IS NULL;

-- In-app notifications (the bell): one per watch digest, for the watch's owner.
CREATE TABLE notifications (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  at timestamptz NOT NULL DEFAULT now(),
  title text NOT NULL,
  body text NOT NULL,
  link text,
  read_at timestamptz
);
CREATE INDEX notifications_user_idx ON notifications (user_id, id DESC);
CREATE INDEX notifications_unread_idx ON notifications (user_id, id DESC) WHERE read_at IS NULL;
