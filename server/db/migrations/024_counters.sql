-- What services count as they run (declared `counters`, server/engine/counters.ts): per service, counter, app and
-- minute or day (the start of the minute, or of the Asia/Shanghai day), apart by the counter's keys; how many times
-- (n) and a summed quantity (amount).
CREATE TABLE counters (
  service text NOT NULL,
  counter text NOT NULL,
  scope_id text NOT NULL,
  at timestamptz NOT NULL,
  keys text[] NOT NULL DEFAULT '{}',
  n bigint NOT NULL DEFAULT 0,
  amount numeric NOT NULL DEFAULT 0,
  PRIMARY KEY (service, counter, scope_id, at, keys)
);

-- Passport's call and sign-in counts move in from their own tables.
INSERT INTO counters (service, counter, scope_id, at, n)
  SELECT 'passport', 'calls', app_id, minute, calls FROM passport_call_window;
INSERT INTO counters (service, counter, scope_id, at, keys, n)
  SELECT 'passport', 'operationCalls', app_id, minute, ARRAY[operation], calls FROM passport_operation_calls;
INSERT INTO counters (service, counter, scope_id, at, keys, n)
  SELECT 'passport', 'playerCalls', app_id, day::timestamp AT TIME ZONE 'Asia/Shanghai', ARRAY[user_id], calls FROM passport_player_calls;
INSERT INTO counters (service, counter, scope_id, at, n)
  SELECT 'passport', 'signIns', app_id, day::timestamp AT TIME ZONE 'Asia/Shanghai', sign_ins FROM passport_daily WHERE sign_ins > 0;
INSERT INTO counters (service, counter, scope_id, at, n)
  SELECT 'passport', 'newUsers', app_id, day::timestamp AT TIME ZONE 'Asia/Shanghai', new_users FROM passport_daily WHERE new_users > 0;
DROP TABLE passport_call_window, passport_operation_calls, passport_player_calls, passport_daily;
