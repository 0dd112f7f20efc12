-- Daily digest (issue 35): each user's choice, and one row per user and local day it was sent for.
CREATE TABLE digest_settings (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  enabled boolean NOT NULL DEFAULT false,
  hour integer NOT NULL DEFAULT 7 CHECK (hour BETWEEN 0 AND 23),
  time_zone text NOT NULL DEFAULT 'UTC',
  -- Random and unguessable: the unsubscribe link carries it, so it works without signing in.
  unsubscribe_token text NOT NULL UNIQUE,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The once-a-day guarantee: a process claims (user, local day) by inserting this row, so two processes
-- ticking at once never both send. `window_end` is where the next digest's "new" starts.
CREATE TABLE digest_sends (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  local_date text NOT NULL, -- YYYY-MM-DD in the user's time zone
  window_end timestamptz NOT NULL,
  signals integer NOT NULL DEFAULT 0,
  status text NOT NULL DEFAULT 'claimed' CHECK (status IN ('claimed', 'sent', 'empty', 'failed')),
  error text,
  PRIMARY KEY (user_id, local_date)
);
