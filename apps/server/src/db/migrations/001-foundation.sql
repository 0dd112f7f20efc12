CREATE TABLE users (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email text NOT NULL,
  name text NOT NULL,
  password_hash text NOT NULL,
  role text NOT NULL CHECK (role IN ('admin', 'member')),
  created_at timestamptz NOT NULL DEFAULT now()
);
-- Emails are compared case-insensitively: Alice@x.com and alice@x.com are one account.
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

CREATE TABLE sessions (
  id text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX sessions_user_id_idx ON sessions (user_id);
CREATE INDEX sessions_expires_at_idx ON sessions (expires_at);

CREATE TABLE login_throttle (
  key text PRIMARY KEY,
  failures integer NOT NULL,
  window_started_at timestamptz NOT NULL
);

CREATE TABLE quick_links (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  label text NOT NULL,
  url text NOT NULL,
  color text NOT NULL,
  icon text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX quick_links_user_id_idx ON quick_links (user_id);

CREATE TABLE widgets (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  title text NOT NULL,
  type text NOT NULL,
  content text NOT NULL,
  size text NOT NULL,
  grid_row integer NOT NULL DEFAULT 0,
  grid_col integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX widgets_user_id_idx ON widgets (user_id);

-- The market-intelligence work adds the article's content columns; the dashboard counts by status now.
CREATE TABLE articles (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  status text NOT NULL DEFAULT 'fetched',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX articles_status_idx ON articles (status);
