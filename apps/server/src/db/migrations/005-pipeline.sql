-- What the pipeline steps produce, kept on the article.
ALTER TABLE articles
  ADD COLUMN analysis jsonb,
  ADD COLUMN analysis_prompt_id integer,
  ADD COLUMN analysis_prompt_version integer,
  ADD COLUMN analysis_prompt_updated_at timestamptz,
  ADD COLUMN analysed_at timestamptz,
  ADD COLUMN crm_company_id text,
  ADD COLUMN crm_contact_ids jsonb NOT NULL DEFAULT '{}'::jsonb,
  ADD COLUMN crm_note_id text,
  ADD COLUMN pushed_at timestamptz,
  -- A step claims the article while it runs, so two requests or two workers never run it twice.
  ADD COLUMN step_running text,
  ADD COLUMN step_started_at timestamptz;

CREATE TABLE pipeline_batches (
  id uuid PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  total integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);

CREATE TABLE pipeline_batch_items (
  batch_id uuid NOT NULL REFERENCES pipeline_batches (id) ON DELETE CASCADE,
  article_id integer NOT NULL REFERENCES articles (id) ON DELETE CASCADE,
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'done', 'failed')),
  error text,
  PRIMARY KEY (batch_id, article_id)
);
-- At most one unfinished batch item per article: a second batch skips it.
CREATE UNIQUE INDEX pipeline_batch_items_one_open_idx ON pipeline_batch_items (article_id) WHERE state = 'pending';
