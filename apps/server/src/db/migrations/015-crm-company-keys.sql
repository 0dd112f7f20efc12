-- The CRM company each company key (its domain, else its name) was pushed as, per CRM. Pushes of one
-- company take turns under an advisory lock keyed by it; the next one reads the id here, since HubSpot's
-- search may not show a company created seconds ago by another worker process.
CREATE TABLE crm_company_keys (
  crm text NOT NULL,
  company_key text NOT NULL,
  company_id text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (crm, company_key)
);
