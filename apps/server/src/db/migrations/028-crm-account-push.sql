-- A push carries its company's account (issue 34): heat, stage, latest facts and page link as company
-- properties, and each project as a record of its own (a HubSpot note, or a custom-object record).

-- What a push wrote for a project, per CRM, so a repush, another story of the company or a retried job
-- updates that record instead of writing a second one; `hash` is what it said (name, stage, country,
-- commodities): unchanged, nothing is written.
CREATE TABLE crm_project_records (
  crm text NOT NULL,
  project_id integer NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('object', 'note')),
  crm_id text NOT NULL,
  hash text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (crm, project_id)
);

-- The local outbox keeps the same shape: the company's account properties and its projects, as pushed.
ALTER TABLE crm_companies ADD COLUMN account jsonb;
