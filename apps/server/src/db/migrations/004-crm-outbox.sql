-- The local CRM outbox: what would have been pushed to HubSpot when no access token is set, kept with the
-- same idempotency (companies by domain, else by name; contacts by email; one note per article).
CREATE TABLE crm_companies (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL,
  -- Bare lower-case host name ('lengasilver.com'), or null when the article gave none.
  domain text,
  ticker text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX crm_companies_domain_key ON crm_companies (domain) WHERE domain IS NOT NULL;
-- A company known only by name is one row per name, whatever the letter case.
CREATE UNIQUE INDEX crm_companies_name_key ON crm_companies (lower(name)) WHERE domain IS NULL;
CREATE INDEX crm_companies_lower_name_idx ON crm_companies (lower(name));

CREATE TABLE crm_contacts (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  company_id integer REFERENCES crm_companies (id) ON DELETE SET NULL,
  -- Lower case; null when the article named the person without an email.
  email text,
  first_name text NOT NULL,
  last_name text NOT NULL,
  job_title text,
  phone text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX crm_contacts_email_key ON crm_contacts (email) WHERE email IS NOT NULL;
CREATE INDEX crm_contacts_company_id_idx ON crm_contacts (company_id);

-- One note per article (no foreign key: like a real CRM, the outbox outlives the articles it came from).
CREATE TABLE crm_notes (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  article_id integer NOT NULL,
  company_id integer REFERENCES crm_companies (id) ON DELETE SET NULL,
  title text NOT NULL,
  body text NOT NULL,
  contact_ids integer[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX crm_notes_article_id_key ON crm_notes (article_id);
