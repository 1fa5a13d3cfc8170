-- Money: transactions (requests that change a balance, with their status) and the append-only ledger.
CREATE TABLE transactions (
  id text PRIMARY KEY,
  org_id text NOT NULL REFERENCES organizations(id),
  app_id text,
  type text NOT NULL CHECK (type IN ('Deposit', 'Bill', 'Refund', 'Adjustment')),
  adjustment_type text CHECK ((type = 'Adjustment') = (adjustment_type IS NOT NULL) AND (adjustment_type IS NULL OR adjustment_type IN ('Increase', 'Reduce'))),
  amount numeric(18,2) NOT NULL CHECK (amount > 0),
  status text NOT NULL CHECK (status IN ('Pending', 'Active', 'Invalid', 'Cancelled')),
  bill_month text,
  reference text,
  note text NOT NULL DEFAULT '',
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1
);
CREATE INDEX transactions_org_created ON transactions (org_id, created_at DESC);
CREATE INDEX transactions_status ON transactions (status, created_at DESC);
-- One bill per app and month, whatever happens to it later: billing a month twice bills nothing new.
CREATE UNIQUE INDEX transactions_one_bill ON transactions (app_id, bill_month) WHERE type = 'Bill';
-- A payment or a redeem code becomes at most one transaction.
CREATE UNIQUE INDEX transactions_reference ON transactions (type, reference) WHERE reference IS NOT NULL;

CREATE TABLE ledger_entries (
  id bigserial PRIMARY KEY,
  org_id text NOT NULL REFERENCES organizations(id),
  transaction_id text NOT NULL REFERENCES transactions(id),
  amount numeric(18,2) NOT NULL,
  reason text NOT NULL CHECK (reason IN ('activate', 'invalidate')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ledger_entries_org ON ledger_entries (org_id, created_at);
-- A transaction enters the ledger once and leaves it at most once.
CREATE UNIQUE INDEX ledger_entries_once ON ledger_entries (transaction_id, reason);

CREATE FUNCTION ledger_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'ledger entries are append-only'; END $$;

CREATE TRIGGER ledger_entries_no_change BEFORE UPDATE OR DELETE ON ledger_entries FOR EACH ROW EXECUTE FUNCTION ledger_entries_append_only();
