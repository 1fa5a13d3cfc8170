-- Organisations: when each member joined, pending invitations, and the redeemable service tokens.
ALTER TABLE org_members ADD COLUMN joined_at timestamptz NOT NULL DEFAULT now();

-- Organisation names are unique regardless of letter case.
CREATE UNIQUE INDEX organizations_name_lower ON organizations (lower(name));

CREATE TABLE org_invitations (
  id text PRIMARY KEY,
  org_id text NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  email text NOT NULL,
  role text NOT NULL CHECK (role IN ('admin', 'member')),
  invited_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
-- One invitation per address and organisation: inviting again renews it.
CREATE UNIQUE INDEX org_invitations_org_email ON org_invitations (org_id, lower(email));
CREATE INDEX org_invitations_email ON org_invitations (lower(email));

CREATE TABLE service_tokens (
  id text PRIMARY KEY,
  token text NOT NULL UNIQUE,
  kind text NOT NULL CHECK (kind IN ('credit', 'trial')),
  amount numeric(18,2),
  service text,
  trial_days integer,
  note text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'Active' CHECK (status IN ('Active', 'Fulfilled')),
  fulfilled_app_id text,
  fulfilled_org_id text,
  fulfilled_by text,
  fulfilled_at timestamptz,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX service_tokens_created ON service_tokens (created_at DESC);
CREATE INDEX service_tokens_status ON service_tokens (status, created_at DESC);
