-- Apps: projects provisioned for services that need one, and credit granted by redeemed tokens.
CREATE TABLE app_service_projects (
  id text PRIMARY KEY,
  app_id text NOT NULL REFERENCES apps(app_id) ON DELETE CASCADE,
  service text NOT NULL,
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (app_id, service)
);

-- One grant per redeemed credit token; billing turns each grant into a ledger entry.
CREATE TABLE credit_grants (
  id text PRIMARY KEY,
  org_id text NOT NULL REFERENCES organizations(id),
  app_id text REFERENCES apps(app_id) ON DELETE SET NULL,
  token_id text NOT NULL UNIQUE,
  amount numeric(18,2) NOT NULL CHECK (amount > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX credit_grants_org ON credit_grants (org_id, created_at);
