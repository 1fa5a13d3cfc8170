-- Failed password sign-ins, per key (the caller's address and the e-mail tried), shared by every instance on this
-- database (server/auth/failures.ts). Rows older than the configured window are deleted as instances meet them.
CREATE TABLE sign_in_failures (
  key text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sign_in_failures_key ON sign_in_failures (key, at);
CREATE INDEX sign_in_failures_at ON sign_in_failures (at);
