-- Usage per Asia/Shanghai day, kept up to date by every recorded event (see server/usage.ts), so usage charts and
-- monthly bills read a few rows per app and day instead of every event.
CREATE TABLE usage_daily (
  day date NOT NULL,
  app_id text NOT NULL,
  service text NOT NULL,
  meter text NOT NULL,
  quantity numeric NOT NULL DEFAULT 0,
  PRIMARY KEY (app_id, day, service, meter)
);
CREATE INDEX usage_daily_day ON usage_daily (day);

-- Events recorded before this table existed.
INSERT INTO usage_daily (day, app_id, service, meter, quantity)
SELECT (occurred_at AT TIME ZONE 'Asia/Shanghai')::date, app_id, service, meter, sum(quantity)
FROM usage_events GROUP BY 1, 2, 3, 4;

-- The lines of a monthly bill: one per app, month, service and meter, written once by process-bill.
CREATE TABLE bill_items (
  app_id text NOT NULL,
  month text NOT NULL CHECK (month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
  org_id text NOT NULL REFERENCES organizations(id),
  service text NOT NULL,
  meter text NOT NULL,
  quantity numeric NOT NULL,
  units numeric NOT NULL,
  unit_price numeric(18,6) NOT NULL,
  gross numeric(18,2) NOT NULL,
  credit numeric(18,2) NOT NULL,
  amount numeric(18,2) NOT NULL CHECK (amount >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (app_id, month, service, meter)
);
CREATE INDEX bill_items_org_month ON bill_items (org_id, month);
CREATE INDEX bill_items_month ON bill_items (month);

-- One row per process-bill run: Pending while it runs (and if it failed, with the error), then Finished.
CREATE TABLE bill_logs (
  id text PRIMARY KEY,
  month text NOT NULL,
  status text NOT NULL CHECK (status IN ('Pending', 'Finished')),
  app_count integer NOT NULL DEFAULT 0,
  bill_count integer NOT NULL DEFAULT 0,
  total_amount numeric(18,2) NOT NULL DEFAULT 0,
  error text,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX bill_logs_created ON bill_logs (created_at DESC);
