-- Passport players: friends, blacklists, real-name checks, daily active players and per-minute call counts.

-- The day (Asia/Shanghai) a session last counted its player as active, so a player is added to the day's
-- sketch once per session and day rather than on every call.
ALTER TABLE passport_sessions ADD COLUMN active_day date;

-- Friend relations, one row per direction: `requested` is a request from persona_id to friend_id not yet
-- answered; an accepted friendship has an `accepted` row each way.
CREATE TABLE passport_friends (
  app_id text NOT NULL,
  persona_id text NOT NULL,
  friend_id text NOT NULL,
  state text NOT NULL CHECK (state IN ('requested', 'accepted')),
  created_at timestamptz NOT NULL DEFAULT now(),
  accepted_at timestamptz,
  PRIMARY KEY (app_id, persona_id, friend_id)
);
CREATE INDEX passport_friends_incoming ON passport_friends (app_id, friend_id, state);

-- Personas a persona blocked: neither can befriend the other while the row exists.
CREATE TABLE passport_friend_blacklist (
  app_id text NOT NULL,
  persona_id text NOT NULL,
  blocked_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (app_id, persona_id, blocked_id)
);
CREATE INDEX passport_friend_blacklist_blocked ON passport_friend_blacklist (app_id, blocked_id);

-- Real-name checks (GB 11643): only what is needed afterwards is kept — masked name and number, a hash of the
-- number, and the birth date (for age bands).
CREATE TABLE passport_real_names (
  app_id text NOT NULL,
  user_id text NOT NULL,
  name_masked text NOT NULL,
  id_number_masked text NOT NULL,
  id_number_hash text NOT NULL,
  birth_date date NOT NULL,
  verified_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (app_id, user_id)
);

-- One HyperLogLog sketch of the players active per app and Asia/Shanghai day (one byte per register),
-- and recorded_at, set once the day's estimate has been recorded as usage.
CREATE TABLE passport_dau (
  app_id text NOT NULL,
  day date NOT NULL,
  registers bytea NOT NULL,
  recorded_at timestamptz,
  PRIMARY KEY (app_id, day)
);
CREATE INDEX passport_dau_unrecorded ON passport_dau (day) WHERE recorded_at IS NULL;

-- Exact daily counts beside the sketch: sign-ins and players signing in for the first time.
CREATE TABLE passport_daily (
  app_id text NOT NULL,
  day date NOT NULL,
  sign_ins integer NOT NULL DEFAULT 0,
  new_users integer NOT NULL DEFAULT 0,
  PRIMARY KEY (app_id, day)
);

-- Player calls per app and minute (every attempt, for the rate limit), per operation and minute (calls served),
-- and per player and day (calls served, for top players).
CREATE TABLE passport_call_window (
  app_id text NOT NULL,
  minute timestamptz NOT NULL,
  calls integer NOT NULL,
  PRIMARY KEY (app_id, minute)
);
CREATE TABLE passport_operation_calls (
  app_id text NOT NULL,
  minute timestamptz NOT NULL,
  operation text NOT NULL,
  calls integer NOT NULL,
  PRIMARY KEY (app_id, minute, operation)
);
CREATE TABLE passport_player_calls (
  app_id text NOT NULL,
  day date NOT NULL,
  user_id text NOT NULL,
  calls integer NOT NULL,
  PRIMARY KEY (app_id, day, user_id)
);

-- A record's history in the operation log (a player's bans and unbans).
CREATE INDEX audit_log_app_target ON audit_log (app_id, target, at DESC);
