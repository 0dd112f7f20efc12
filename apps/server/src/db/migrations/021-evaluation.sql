-- Prompt evaluation (issue 36): sets of reviewed articles with the output expected of each, runs of a prompt
-- version (or an unsaved draft) over a set, each article's result, and the price per model that costs a run.

-- A named set; `version` goes up with every change of its items, so a run says which items it scored.
-- At most one set is the team's default: activation compares versions on it.
CREATE TABLE evaluation_sets (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL UNIQUE,
  description text,
  version integer NOT NULL DEFAULT 1,
  is_default boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX evaluation_sets_one_default ON evaluation_sets (is_default) WHERE is_default;

-- One article of a set: its text and link as analysed, and the expected fields of the output schema.
-- `article_id` is the reviewed article it was added from (null for imported items); no foreign key, so a
-- set outlives the articles it was built from.
CREATE TABLE evaluation_items (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  set_id integer NOT NULL REFERENCES evaluation_sets (id) ON DELETE CASCADE,
  article_id integer,
  title text NOT NULL,
  text text NOT NULL,
  source text NOT NULL DEFAULT '',
  source_url text,
  expected jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX evaluation_items_set_idx ON evaluation_items (set_id, id);
CREATE UNIQUE INDEX evaluation_items_set_article_idx ON evaluation_items (set_id, article_id) WHERE article_id IS NOT NULL;

-- One run: what it ran (prompt version or draft text and schema, model, set version) and its totals.
-- Statuses: queued, running, completed, cancelled, failed. Kept after the set or prompt changes.
CREATE TABLE evaluation_runs (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  set_id integer REFERENCES evaluation_sets (id) ON DELETE SET NULL,
  set_name text NOT NULL,
  set_version integer NOT NULL,
  prompt_id integer REFERENCES prompts (id) ON DELETE SET NULL,
  -- Null for an unsaved draft.
  prompt_version integer,
  prompt_name text NOT NULL,
  prompt_text text NOT NULL,
  function_schema jsonb NOT NULL,
  model text NOT NULL,
  status text NOT NULL DEFAULT 'queued',
  total integer NOT NULL,
  done integer NOT NULL DEFAULT 0,
  valid_count integer NOT NULL DEFAULT 0,
  score double precision,
  field_scores jsonb,
  latency_ms_total double precision NOT NULL DEFAULT 0,
  prompt_tokens integer NOT NULL DEFAULT 0,
  completion_tokens integer NOT NULL DEFAULT 0,
  cost_usd double precision,
  error text,
  created_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz
);
CREATE INDEX evaluation_runs_prompt_idx ON evaluation_runs (prompt_id, prompt_version, set_id, id DESC);
CREATE INDEX evaluation_runs_set_idx ON evaluation_runs (set_id, id DESC);

-- One article's result in a run; the item's title and expected fields are copied, so a run stays readable
-- after its set changes. json, not jsonb: results are written in bulk and read whole, never queried inside,
-- and json stores the text as sent (the evaluation bench's run overhead halved on PGlite).
CREATE TABLE evaluation_results (
  run_id integer NOT NULL REFERENCES evaluation_runs (id) ON DELETE CASCADE,
  item_id integer NOT NULL,
  title text NOT NULL,
  expected json NOT NULL,
  output json,
  valid boolean NOT NULL,
  error text,
  score double precision NOT NULL,
  field_scores json NOT NULL,
  latency_ms double precision NOT NULL,
  prompt_tokens integer NOT NULL DEFAULT 0,
  completion_tokens integer NOT NULL DEFAULT 0,
  PRIMARY KEY (run_id, item_id)
);

-- US dollars per million tokens, per model name as the analyser reports it ('openai:gpt-4o-mini', 'rules').
CREATE TABLE evaluation_prices (
  model text PRIMARY KEY,
  input_per_million double precision NOT NULL,
  output_per_million double precision NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
