-- Team accounts: an admin can disable a user (sign-in and sessions refused, the row and its data
-- kept), and the Users screen shows when each one last signed in.
ALTER TABLE users ADD COLUMN disabled boolean NOT NULL DEFAULT false;
ALTER TABLE users ADD COLUMN last_sign_in_at timestamptz;

-- What admins (and the sign-in throttle) did. actor_email is kept as it was when recorded, so an entry
-- still names its actor after the account is renamed or removed.
CREATE TABLE audit_log (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  actor_id integer REFERENCES users (id) ON DELETE SET NULL,
  actor_email text,
  action text NOT NULL,
  target text,
  detail text
);
-- Newest first, page by page; the filtered views (by action) read the same index backwards.
CREATE INDEX audit_log_at_idx ON audit_log (at DESC, id DESC);
CREATE INDEX audit_log_action_at_idx ON audit_log (action, at DESC, id DESC);

-- Append-only: no code path may change or delete an entry. The one update allowed is the foreign
-- key's own ON DELETE SET NULL when the actor's account is removed (the email stays).
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.actor_id IS NULL
    AND (NEW.id, NEW.at, NEW.actor_email, NEW.action, NEW.target, NEW.detail)
      IS NOT DISTINCT FROM (OLD.id, OLD.at, OLD.actor_email, OLD.action, OLD.target, OLD.detail) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only';
END
$$;

CREATE TRIGGER audit_log_append_only
  BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
