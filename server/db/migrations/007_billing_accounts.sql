-- Redeemed credit codes are ledger money: each earlier credit grant becomes an Active Increase adjustment with the
-- reference token:<token id> (so a code credits at most once) and its ledger entry; the grants table goes.
INSERT INTO transactions (id, org_id, app_id, type, adjustment_type, amount, status, reference, note, created_by, created_at, updated_at)
SELECT g.id, g.org_id, g.app_id, 'Adjustment', 'Increase', g.amount, 'Active', 'token:' || g.token_id,
       'Redeem code •••••-•••••-•••••-' || coalesce(right(t.token, 5), '?????'), coalesce(t.fulfilled_by, 'system'), g.created_at, g.created_at
FROM credit_grants g LEFT JOIN service_tokens t ON t.id = g.token_id;

INSERT INTO ledger_entries (org_id, transaction_id, amount, reason, created_at)
SELECT org_id, id, amount, 'activate', created_at FROM credit_grants;

DROP TABLE credit_grants;

-- Back-office lists: every organisation's transactions by type and time.
CREATE INDEX transactions_type_created ON transactions (type, created_at DESC);
