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
  expected json NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX evaluation_items_set_idx ON evaluation_items (set_id, id);
CREATE UNIQUE INDEX evaluation_items_set_article_idx ON evaluation_items (set_id, article_id) WHERE article_id IS NOT NULL;

-- JSON columns are json, not jsonb, as prompts.function_schema is: jsonb reorders object keys, and the order
-- of a schema's fields and of an item's expected fields is the order people read them in.

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
  function_schema json NOT NULL,
  model text NOT NULL,
  status text NOT NULL DEFAULT 'queued',
  total integer NOT NULL,
  done integer NOT NULL DEFAULT 0,
  valid_count integer NOT NULL DEFAULT 0,
  score double precision,
  field_scores json,
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

-- Which articles a run has scored (each once, also when a run taken over after a crash goes on), and their
-- results: each article's title and expected fields (copied, so a run stays readable after its set changes),
-- output, validity, error, scores, latency and tokens, as a JSON array per write of the runner. Results are
-- written in bulk and read whole, never queried inside: text stored as is (no JSON parse, no compression) was
-- the cheapest layout tried on PGlite (bench/evaluation.bench.ts; docs/BENCHMARKS.md).
CREATE TABLE evaluation_results (
  run_id integer NOT NULL REFERENCES evaluation_runs (id) ON DELETE CASCADE,
  item_id integer NOT NULL,
  PRIMARY KEY (run_id, item_id)
);
CREATE TABLE evaluation_result_batches (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  run_id integer NOT NULL REFERENCES evaluation_runs (id) ON DELETE CASCADE,
  results text NOT NULL
);
ALTER TABLE evaluation_result_batches ALTER COLUMN results SET STORAGE EXTERNAL;
CREATE INDEX evaluation_result_batches_run_idx ON evaluation_result_batches (run_id, id);

-- US dollars per million tokens, per model name as the analyser reports it ('openai:gpt-4o-mini', 'rules').
CREATE TABLE evaluation_prices (
  model text PRIMARY KEY,
  input_per_million double precision NOT NULL,
  output_per_million double precision NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
