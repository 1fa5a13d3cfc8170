-- Accounts, sessions, organisations and apps.
CREATE TABLE accounts (
  id text PRIMARY KEY,
  email text NOT NULL UNIQUE,
  name text NOT NULL DEFAULT '',
  password_hash text NOT NULL,
  is_admin boolean NOT NULL DEFAULT false,
  status text NOT NULL DEFAULT 'active',
  properties jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sessions (
  token_hash text PRIMARY KEY,
  account_id text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  kind text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX sessions_account ON sessions (account_id);

CREATE TABLE organizations (
  id text PRIMARY KEY,
  name text NOT NULL UNIQUE,
  status text NOT NULL DEFAULT 'Pending',
  company_name text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE org_members (
  org_id text NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  account_id text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  role text NOT NULL,
  PRIMARY KEY (org_id, account_id)
);
CREATE INDEX org_members_account ON org_members (account_id);

CREATE TABLE apps (
  app_id text PRIMARY KEY,
  app_secret text NOT NULL,
  app_service_secret text NOT NULL,
  project_name text NOT NULL,
  org_id text NOT NULL REFERENCES organizations(id),
  services jsonb NOT NULL DEFAULT '{}'::jsonb,
  support_multi_services boolean NOT NULL DEFAULT true,
  properties jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX apps_org ON apps (org_id);

-- Declared resources: one table of JSON records keyed by (service, kind, id).
CREATE TABLE records (
  service text NOT NULL,
  kind text NOT NULL,
  id text NOT NULL,
  scope_id text NOT NULL,
  parent_id text,
  status text,
  version integer NOT NULL DEFAULT 1,
  data jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (service, kind, id)
);
CREATE INDEX records_scope_created ON records (service, kind, scope_id, created_at DESC);

-- Usage events, counted per day for usage endpoints and billing.
CREATE TABLE usage_events (
  id bigserial PRIMARY KEY,
  app_id text NOT NULL,
  service text NOT NULL,
  meter text NOT NULL,
  quantity numeric NOT NULL DEFAULT 1,
  occurred_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX usage_events_app_time ON usage_events (service, app_id, occurred_at);

-- Operation history: every state-changing call.
CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  actor text NOT NULL,
  app_id text,
  action text NOT NULL,
  target text NOT NULL,
  before jsonb,
  after jsonb
);
CREATE INDEX audit_log_app_at ON audit_log (app_id, at DESC);
