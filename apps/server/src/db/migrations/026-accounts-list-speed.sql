-- Accounts list speed (issue 34, Performance): the rise in heat over 7 and 30 days stored per company, so that
-- sorting by it is an index scan instead of summing every company's recent events on each request.
--
-- heat_recent_Nd is the sum of `base` of the company's events after account_list_state.since_Nd (the window
-- start the columns were last brought to; the sync and the list move it forward, accounts.repository.ts).
-- The rise over N days is fNow · (heat_base − 2^(N/14) · (heat_base − heat_recent_Nd)) with fNow > 0 shared
-- by every company (accounts-heat.ts, half-life 14 days), so heat_rise_Nd orders companies by their rise.
-- The factors are 2^(7/14) and 2^(30/14) as JavaScript prints them; they change with HALF_LIFE_DAYS.
ALTER TABLE companies
  ADD COLUMN heat_recent_7d double precision NOT NULL DEFAULT 0,
  ADD COLUMN heat_recent_30d double precision NOT NULL DEFAULT 0;
ALTER TABLE companies
  ADD COLUMN heat_rise_7d double precision
    GENERATED ALWAYS AS (heat_base - 1.4142135623730951 * (heat_base - heat_recent_7d)) STORED,
  ADD COLUMN heat_rise_30d double precision
    GENERATED ALWAYS AS (heat_base - 4.416358054695249 * (heat_base - heat_recent_30d)) STORED;

-- One row the companies list reads: where the windows of companies.heat_recent_* start, and how many companies
-- are live (the unfiltered list's total, kept by a trigger instead of counting 20,000 rows on every page).
-- Whoever adds events, creates companies or merges them locks this row first (FOR UPDATE, holdHeatWindow), so
-- a window never moves under an event being added and the count's update never waits while holding rows.
CREATE TABLE account_list_state (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  since_7d timestamptz NOT NULL,
  since_30d timestamptz NOT NULL,
  live_companies integer NOT NULL
);
INSERT INTO account_list_state (since_7d, since_30d, live_companies)
SELECT now() - interval '7 days', now() - interval '30 days', count(*) FROM companies WHERE merged_into IS NULL;

CREATE FUNCTION account_count_live_companies() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta integer := 0;
BEGIN
  IF TG_OP <> 'DELETE' AND NEW.merged_into IS NULL THEN delta := delta + 1; END IF;
  IF TG_OP <> 'INSERT' AND OLD.merged_into IS NULL THEN delta := delta - 1; END IF;
  IF delta <> 0 THEN
    UPDATE account_list_state SET live_companies = live_companies + delta;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER companies_live_counted AFTER INSERT OR DELETE OR UPDATE OF merged_into ON companies
  FOR EACH ROW EXECUTE FUNCTION account_count_live_companies();

UPDATE companies c SET
  heat_recent_7d = r.recent_7d,
  heat_recent_30d = r.recent_30d
FROM (
  SELECT e.company_id,
    coalesce(sum(e.base) FILTER (WHERE e.occurred_at > w.since_7d), 0) AS recent_7d,
    coalesce(sum(e.base) FILTER (WHERE e.occurred_at > w.since_30d), 0) AS recent_30d
  FROM company_events e CROSS JOIN account_list_state w
  WHERE e.occurred_at > w.since_30d
  GROUP BY e.company_id
) r
WHERE r.company_id = c.id;

CREATE INDEX companies_live_rise_7d_idx ON companies (heat_rise_7d DESC, heat_base DESC, id) WHERE merged_into IS NULL;
CREATE INDEX companies_live_rise_30d_idx ON companies (heat_rise_30d DESC, heat_base DESC, id)
  WHERE merged_into IS NULL;
CREATE INDEX companies_live_name_idx ON companies (lower(name), id) WHERE merged_into IS NULL;

-- The list's project filters (commodity, stage, country), each selective alone or together.
CREATE INDEX projects_commodities_idx ON projects USING gin (commodities);
CREATE INDEX projects_stage_idx ON projects (stage);
CREATE INDEX projects_country_idx ON projects (country);
