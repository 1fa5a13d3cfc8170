-- Operation history: what a service reports about an app carries its own fields (spec 000 §3 alert body).
ALTER TABLE audit_log ADD COLUMN service text;
ALTER TABLE audit_log ADD COLUMN title text;
ALTER TABLE audit_log ADD COLUMN template text;
ALTER TABLE audit_log ADD COLUMN user_name text;

-- The history filters: time range across everything, action prefix, actor; the app filter has audit_log_app_at.
CREATE INDEX audit_log_at ON audit_log (at DESC);
CREATE INDEX audit_log_action_at ON audit_log (action text_pattern_ops, at DESC);
CREATE INDEX audit_log_actor_at ON audit_log (lower(actor), at DESC);

-- Daily statistics read usage events and apps by day across all apps.
CREATE INDEX usage_events_time ON usage_events (occurred_at);
CREATE INDEX apps_created ON apps (created_at);

-- Consultation tickets (spec 000 §2, §9): the id is unguessable, whoever holds it may read the ticket.
CREATE TABLE consultation_tickets (
  id text PRIMARY KEY,
  org_id text NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  type text NOT NULL,
  status text NOT NULL DEFAULT 'Pending',
  fee numeric(18,2) NOT NULL,
  fee_unit text NOT NULL,
  title text NOT NULL,
  content text NOT NULL,
  contact text NOT NULL,
  created_by text REFERENCES accounts(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX consultation_tickets_org ON consultation_tickets (org_id, created_at DESC);
CREATE INDEX consultation_tickets_status ON consultation_tickets (status, created_at DESC);
CREATE INDEX consultation_tickets_created ON consultation_tickets (created_at DESC);

-- Contact-us messages, kept with the sender's address for the rate limit.
CREATE TABLE contact_messages (
  id bigserial PRIMARY KEY,
  content text NOT NULL,
  name text NOT NULL DEFAULT '',
  email text NOT NULL,
  phone text NOT NULL DEFAULT '',
  address text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX contact_messages_address ON contact_messages (address, created_at DESC);
CREATE INDEX contact_messages_email ON contact_messages (lower(email), created_at DESC);

-- Chat-group monitors: webhooks that receive the alert bodies of one app (app_id) or of every app (NULL).
CREATE TABLE chat_group_monitors (
  id text PRIMARY KEY,
  name text NOT NULL,
  webhook_url text NOT NULL,
  app_id text REFERENCES apps(app_id) ON DELETE CASCADE,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX chat_group_monitors_app ON chat_group_monitors (app_id);

-- Blob metadata: one row per upload grant, marked stored when the bytes arrive.
CREATE TABLE blobs (
  key text PRIMARY KEY,
  app_id text NOT NULL,
  file_name text NOT NULL,
  content_type text NOT NULL,
  size bigint NOT NULL,
  status text NOT NULL DEFAULT 'granted',
  granted_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  stored_at timestamptz
);
CREATE INDEX blobs_app ON blobs (app_id, created_at DESC);

-- Keys the server generates once and keeps across restarts (used when SECRET_KEY is not set).
CREATE TABLE server_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
