-- Accounts: finance administrators, last sign-in, real-name verification; accounts from an external provider
-- may have no password.
ALTER TABLE accounts ADD COLUMN is_finance_admin boolean NOT NULL DEFAULT false;
ALTER TABLE accounts ADD COLUMN last_login_at timestamptz;
ALTER TABLE accounts ADD COLUMN real_name text;
ALTER TABLE accounts ADD COLUMN id_number_masked text;
ALTER TABLE accounts ADD COLUMN real_name_verified_at timestamptz;
ALTER TABLE accounts ALTER COLUMN password_hash DROP NOT NULL;
CREATE UNIQUE INDEX accounts_email_lower ON accounts (lower(email));
CREATE INDEX accounts_created ON accounts (created_at DESC, id);

-- E-mail verification codes (sign-up, password reset): only a salted hash of the code is kept.
CREATE TABLE email_codes (
  id text PRIMARY KEY,
  email text NOT NULL,
  purpose text NOT NULL,
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX email_codes_email ON email_codes (lower(email), created_at DESC);

-- External sign-in: a provider's account (provider, subject) belongs to one of our accounts.
CREATE TABLE account_identities (
  provider text NOT NULL,
  subject text NOT NULL,
  account_id text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  email text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, subject)
);
CREATE INDEX account_identities_account ON account_identities (account_id);

-- A started external sign-in: its state (hashed), PKCE verifier and nonce, for ten minutes.
CREATE TABLE auth_states (
  state_hash text PRIMARY KEY,
  provider text NOT NULL,
  code_verifier text NOT NULL,
  nonce text NOT NULL,
  callback_url text NOT NULL,
  expires_at timestamptz NOT NULL
);

-- An organisation linked to an account of an external provider (blue-cloud).
CREATE TABLE org_external_accounts (
  org_id text NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  provider text NOT NULL,
  subject text NOT NULL,
  email text NOT NULL DEFAULT '',
  linked_by text NOT NULL,
  linked_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (org_id, provider)
);
