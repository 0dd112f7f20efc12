-- Alert delivery (issue 17): one row per digest and channel, delivered by a pg-boss job. `status` is the
-- delivery log: 'sent' is written before the job completes, so a retry whose completion got lost sees it
-- and never sends again; 'failed' records a refusal (4xx, private address) or the last failed attempt.
CREATE TABLE alerts (
  id serial PRIMARY KEY,
  watch_id integer NOT NULL REFERENCES watches (id) ON DELETE CASCADE,
  channel text NOT NULL CHECK (channel IN ('webhook', 'email')),
  webhook_url text,
  email_to text[] NOT NULL DEFAULT '{}',
  -- {watch: {id, name}, signals: [...]}: what the digest holds, rendered again identically on each attempt.
  digest jsonb NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
CREATE INDEX alerts_watch_idx ON alerts (watch_id, id DESC);

-- Each article alerted at most once per watch and channel, ever: the primary key is the compare-and-set a
-- digest claims its articles with (ON CONFLICT DO NOTHING), so two runs at once cannot both alert one.
CREATE TABLE alert_articles (
  watch_id integer NOT NULL REFERENCES watches (id) ON DELETE CASCADE,
  channel text NOT NULL CHECK (channel IN ('webhook', 'email')),
  article_id integer NOT NULL REFERENCES articles (id) ON DELETE CASCADE,
  alert_id integer NOT NULL REFERENCES alerts (id) ON DELETE CASCADE,
  PRIMARY KEY (watch_id, channel, article_id)
);
CREATE INDEX alert_articles_alert_idx ON alert_articles (alert_id);

-- Secrets the server generates for itself when the operator set none (WEBHOOK_SECRET), shared by every
-- process of the database and stable across restarts.
CREATE TABLE alert_settings (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
