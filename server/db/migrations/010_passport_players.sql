-- Passport player sessions: a player token (stored as its SHA-256) binds calls to one app's player and,
-- once selected, one persona.
CREATE TABLE passport_sessions (
  token_hash text PRIMARY KEY,
  app_id text NOT NULL,
  user_id text NOT NULL,
  persona_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX passport_sessions_user ON passport_sessions (app_id, user_id);
