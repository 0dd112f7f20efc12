-- Scraper runs. The API writes the wanted state (running, paused, stopping); the worker that owns a
-- run reconciles its child process with it and writes back pid, heartbeat and progress.
CREATE TABLE scraper_runs (
  id serial PRIMARY KEY,
  status text NOT NULL CHECK (status IN ('running', 'paused', 'stopping', 'completed', 'cancelled', 'failed')),
  mode text NOT NULL CHECK (mode IN ('test', 'production')),
  settings jsonb NOT NULL,
  started_by integer REFERENCES users (id) ON DELETE SET NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  -- The worker process supervising the child, and the last time it said so.
  owner text,
  heartbeat_at timestamptz,
  host text,
  pid integer,
  progress jsonb,
  error text
);

-- One active run across the whole deployment.
CREATE UNIQUE INDEX scraper_runs_one_active ON scraper_runs ((true)) WHERE status IN ('running', 'paused', 'stopping');
CREATE INDEX scraper_runs_started_at ON scraper_runs (started_at DESC);
