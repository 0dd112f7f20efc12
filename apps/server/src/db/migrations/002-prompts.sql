-- AI prompt templates. `json` rather than `jsonb`: jsonb reorders object keys, and the order of the
-- schema's properties is the order of the editor's field list and of the model's output.
CREATE TABLE prompts (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL,
  prompt_text text NOT NULL,
  description text,
  function_schema json NOT NULL,
  is_active boolean NOT NULL DEFAULT false,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- At most one active prompt, whatever the application does; changes also run in one transaction.
CREATE UNIQUE INDEX prompts_one_active_idx ON prompts (is_active) WHERE is_active;

-- Every saved state of a prompt, the current one included: the analysis records (prompt_id, version).
CREATE TABLE prompt_versions (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  prompt_id integer NOT NULL REFERENCES prompts (id) ON DELETE CASCADE,
  version integer NOT NULL,
  name text NOT NULL,
  prompt_text text NOT NULL,
  description text,
  function_schema json NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (prompt_id, version)
);
