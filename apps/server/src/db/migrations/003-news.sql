-- Articles are stored once, whatever source and session found them (source_key is the dedup key:
-- a feed's guid or link, MiningHub's id, the demo corpus id).
ALTER TABLE articles
  ADD COLUMN source_key text NOT NULL,
  ADD COLUMN title text NOT NULL,
  ADD COLUMN source text NOT NULL,
  ADD COLUMN url text,
  ADD COLUMN description text,
  ADD COLUMN content text,
  ADD COLUMN expanded_description text,
  ADD COLUMN full_content text,
  ADD COLUMN article_type text NOT NULL DEFAULT 'news',
  ADD COLUMN pdf_iframe_url text,
  ADD COLUMN published_at timestamptz,
  ADD COLUMN fetched_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN raw_json jsonb NOT NULL DEFAULT '{}'::jsonb,
  ADD COLUMN commodities text[] NOT NULL DEFAULT '{}',
  ADD COLUMN countries text[] NOT NULL DEFAULT '{}',
  ADD COLUMN states text[] NOT NULL DEFAULT '{}',
  ADD COLUMN type_group text,
  ADD COLUMN type text,
  ADD COLUMN company text,
  ADD COLUMN ticker text,
  ADD COLUMN project text,
  ADD COLUMN failure_reason text,
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
CREATE UNIQUE INDEX articles_source_key_key ON articles (source_key);

CREATE TABLE news_sessions (
  id uuid PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  query jsonb NOT NULL,
  status text NOT NULL DEFAULT 'pending',
  message text NOT NULL DEFAULT 'Starting fetch...',
  progress integer NOT NULL DEFAULT 0,
  current_page integer NOT NULL DEFAULT 0,
  total_pages integer NOT NULL DEFAULT 0,
  articles_found integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX news_sessions_user_created_idx ON news_sessions (user_id, created_at DESC);

-- Which articles a session found, in the order the page lists them.
CREATE TABLE session_articles (
  session_id uuid NOT NULL REFERENCES news_sessions (id) ON DELETE CASCADE,
  article_id integer NOT NULL REFERENCES articles (id) ON DELETE CASCADE,
  position integer NOT NULL,
  PRIMARY KEY (session_id, article_id)
);
CREATE UNIQUE INDEX session_articles_position_idx ON session_articles (session_id, position);

CREATE TABLE auto_mode_configs (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  filters jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
