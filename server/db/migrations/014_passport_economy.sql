-- Passport economy: what the declared records (resources, products, transactions, inventory, redeem codes) need
-- beyond the indexes their declarations ask for.

-- One inventory entry per persona and resource: grants add to it.
CREATE UNIQUE INDEX passport_inventory_slot ON records (scope_id, (data->>'personaId'), (data->>'resource'))
  WHERE service = 'passport' AND kind = 'inventory';

-- Payment notifications find their purchase by the merchant order number, across apps.
CREATE UNIQUE INDEX passport_transactions_trade ON records ((data->>'outTradeNo'))
  WHERE service = 'passport' AND kind = 'transactions' AND (data->>'outTradeNo') IS NOT NULL;

-- A purchase retried with the same request id answers the first one.
CREATE UNIQUE INDEX passport_transactions_request ON records (scope_id, (data->>'personaId'), (data->>'requestId'))
  WHERE service = 'passport' AND kind = 'transactions' AND (data->>'requestId') IS NOT NULL;

-- Transactions newest first, and metrics over a time range.
CREATE INDEX passport_transactions_created ON records (scope_id, created_at, id)
  WHERE service = 'passport' AND kind = 'transactions';

-- Who redeemed which code when: a code's used-info, and a player's redemptions of a class (the per-player limit).
CREATE TABLE passport_token_redemptions (
  id text PRIMARY KEY,
  app_id text NOT NULL,
  instance_id text NOT NULL,
  class_id text NOT NULL,
  user_id text NOT NULL,
  persona_id text NOT NULL,
  redeemed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX passport_token_redemptions_instance ON passport_token_redemptions (app_id, instance_id, redeemed_at);
CREATE INDEX passport_token_redemptions_player ON passport_token_redemptions (app_id, class_id, user_id);
