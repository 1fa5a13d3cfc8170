-- Passport live-ops: inbox sends and the copies each persona receives, per-persona progress on achievements,
-- battle passes and quests, and rewards waiting to be credited to a persona's inventory.

-- One send from the console or the game's server: what was sent, to whom, and how it went.
CREATE TABLE passport_inbox_records (
  id text PRIMARY KEY,
  app_id text NOT NULL,
  template_id text,
  title text NOT NULL,
  content text NOT NULL DEFAULT '',
  attachments jsonb NOT NULL DEFAULT '[]',
  target jsonb NOT NULL,
  delivered integer NOT NULL DEFAULT 0,
  refused jsonb NOT NULL DEFAULT '[]',
  status text NOT NULL DEFAULT 'Sent',
  recalled integer NOT NULL DEFAULT 0,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  recalled_at timestamptz
);
CREATE INDEX passport_inbox_records_app ON passport_inbox_records (app_id, created_at DESC, id);

-- A persona's copy of a send: Unread, then Unconsumed (read, attachments not claimed), then Completed.
CREATE TABLE passport_inbox_messages (
  id text PRIMARY KEY,
  app_id text NOT NULL,
  record_id text NOT NULL,
  persona_id text NOT NULL,
  title text NOT NULL,
  content text NOT NULL DEFAULT '',
  attachments jsonb NOT NULL DEFAULT '[]',
  status text NOT NULL DEFAULT 'Unread',
  created_at timestamptz NOT NULL DEFAULT now(),
  read_at timestamptz,
  claimed_at timestamptz
);
CREATE INDEX passport_inbox_messages_persona ON passport_inbox_messages (app_id, persona_id, created_at DESC, id);
CREATE INDEX passport_inbox_messages_record ON passport_inbox_messages (app_id, record_id, status);

-- A persona's progress on an achievement; achieved and redeemed once, when they happen.
CREATE TABLE passport_achievement_progress (
  app_id text NOT NULL,
  persona_id text NOT NULL,
  achievement_id text NOT NULL,
  progress bigint NOT NULL DEFAULT 0,
  achieved_at timestamptz,
  redeemed_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (app_id, persona_id, achievement_id)
);

-- A persona's experience on a battle pass and whether its premium track is unlocked.
CREATE TABLE passport_battle_pass_progress (
  app_id text NOT NULL,
  pass_id text NOT NULL,
  persona_id text NOT NULL,
  exp bigint NOT NULL DEFAULT 0,
  premium boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (app_id, pass_id, persona_id)
);

-- Each reward of a battle pass level claimed, once per track.
CREATE TABLE passport_battle_pass_claims (
  app_id text NOT NULL,
  pass_id text NOT NULL,
  persona_id text NOT NULL,
  level integer NOT NULL,
  track text NOT NULL,
  rewards jsonb NOT NULL,
  claimed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (app_id, pass_id, persona_id, level, track)
);

-- A persona's progress on a quest item within one period (a day, a week from Monday, a month, in Asia/Shanghai).
CREATE TABLE passport_quest_progress (
  app_id text NOT NULL,
  quest_id text NOT NULL,
  item_id text NOT NULL,
  persona_id text NOT NULL,
  period text NOT NULL,
  progress bigint NOT NULL DEFAULT 0,
  completed_at timestamptz,
  claimed_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (app_id, persona_id, quest_id, item_id, period)
);
