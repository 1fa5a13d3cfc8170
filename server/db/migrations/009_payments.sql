-- Payments through Alipay (or the built-in sandbox), invoices with their documents, enterprise certification.

-- One Alipay order. status holds the spec's callback codes: 10 waiting for the notification, 20 a notification
-- being applied, 30 paid, 40 failed or closed.
CREATE TABLE payments (
  id text PRIMARY KEY,
  out_trade_no text NOT NULL UNIQUE,
  org_id text NOT NULL REFERENCES organizations(id),
  transaction_id text NOT NULL UNIQUE REFERENCES transactions(id),
  provider text NOT NULL CHECK (provider IN ('alipay', 'sandbox')),
  method text NOT NULL CHECK (method IN ('app', 'page', 'wap')),
  amount numeric(18,2) NOT NULL CHECK (amount > 0),
  status integer NOT NULL DEFAULT 10 CHECK (status IN (10, 20, 30, 40)),
  trade_no text,
  trade_status text,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payments_org_created ON payments (org_id, created_at DESC);

-- An invoice request for one Active deposit.
CREATE TABLE invoices (
  id text PRIMARY KEY,
  transaction_id text NOT NULL REFERENCES transactions(id),
  org_id text NOT NULL REFERENCES organizations(id),
  type text NOT NULL CHECK (type IN ('regular', 'VAT')),
  format text NOT NULL CHECK (format IN ('PDF', 'OFD')),
  title text NOT NULL,
  tax_id text NOT NULL DEFAULT '',
  bank_name text NOT NULL DEFAULT '',
  bank_account text NOT NULL DEFAULT '',
  address text NOT NULL DEFAULT '',
  phone text NOT NULL DEFAULT '',
  email text NOT NULL DEFAULT '',
  amount numeric(18,2) NOT NULL CHECK (amount > 0),
  status text NOT NULL DEFAULT 'Pending' CHECK (status IN ('Pending', 'Finished', 'Invalid', 'Cancelled')),
  number text UNIQUE,
  requested_by text NOT NULL,
  finished_by text,
  finished_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1
);
-- One live invoice per transaction: a cancelled or invalidated one may be requested again.
CREATE UNIQUE INDEX invoices_one_per_transaction ON invoices (transaction_id) WHERE status IN ('Pending', 'Finished');
CREATE INDEX invoices_org_created ON invoices (org_id, created_at DESC);
CREATE INDEX invoices_status_created ON invoices (status, created_at DESC);

CREATE SEQUENCE invoice_numbers;

-- The document a finished invoice was issued as (PDF or OFD), kept with it.
CREATE TABLE invoice_documents (
  invoice_id text PRIMARY KEY REFERENCES invoices(id),
  content bytea NOT NULL,
  content_type text NOT NULL,
  file_name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A request to certify an organisation as an enterprise.
CREATE TABLE enterprise_certifications (
  id text PRIMARY KEY,
  org_id text NOT NULL REFERENCES organizations(id),
  company_name text NOT NULL,
  credit_code text NOT NULL,
  legal_person text NOT NULL,
  license_key text NOT NULL,
  status text NOT NULL DEFAULT 'Pending' CHECK (status IN ('Pending', 'Approved', 'Invalid')),
  requested_by text NOT NULL,
  reviewed_by text,
  reviewed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1
);
-- One request under review per organisation.
CREATE UNIQUE INDEX enterprise_certifications_one_pending ON enterprise_certifications (org_id) WHERE status = 'Pending';
CREATE INDEX enterprise_certifications_status_created ON enterprise_certifications (status, created_at DESC);
CREATE INDEX enterprise_certifications_org_created ON enterprise_certifications (org_id, created_at DESC);
