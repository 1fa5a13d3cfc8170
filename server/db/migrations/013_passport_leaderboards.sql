-- Passport leaderboards: each board's versions (periods), the scores of each version and the rewards issued
-- when a version closed. A leaderboard itself is a declared record (records, kind 'leaderboards'); deleting it
-- deletes its versions, and with them their scores and rewards. ADR 0009 explains the ranking design.

-- One period of a board. The current version has no ended_at; a reset closes it (keeping the rules it was
-- ranked and rewarded by) and opens the next one.
CREATE TABLE leaderboard_versions (
  board_service text NOT NULL DEFAULT 'passport' CHECK (board_service = 'passport'),
  board_kind text NOT NULL DEFAULT 'leaderboards' CHECK (board_kind = 'leaderboards'),
  board_id text NOT NULL,
  app_id text NOT NULL,
  version integer NOT NULL CHECK (version >= 1),
  started_at timestamptz NOT NULL DEFAULT now(),
  ended_at timestamptz,
  ended_by text,
  member_count integer,
  rules jsonb,
  PRIMARY KEY (board_id, version),
  FOREIGN KEY (board_service, board_kind, board_id) REFERENCES records (service, kind, id) ON DELETE CASCADE
);

-- A member's kept score in one version. rank_key is the score signed so that ascending order is best first
-- (the score for Asc boards, minus the score for Desc boards); ties go to the earlier reached_us (microseconds
-- since the epoch when the member reached this score), then to the member id in byte order. revision grows with
-- every write so that the in-memory rank index applies writes in the order they were committed.
CREATE TABLE leaderboard_scores (
  board_id text NOT NULL,
  version integer NOT NULL,
  app_id text NOT NULL,
  member_id text COLLATE "C" NOT NULL,
  score bigint NOT NULL CHECK (score BETWEEN -1000000000000000 AND 1000000000000000),
  rank_key bigint NOT NULL,
  reached_us bigint NOT NULL,
  user_id text,
  revision bigint NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (board_id, version, member_id),
  FOREIGN KEY (board_id, version) REFERENCES leaderboard_versions (board_id, version) ON DELETE CASCADE
);
CREATE INDEX leaderboard_scores_rank ON leaderboard_scores (board_id, version, rank_key, reached_us, member_id);
CREATE INDEX leaderboard_scores_user ON leaderboard_scores (app_id, user_id) WHERE user_id IS NOT NULL;
CREATE SEQUENCE leaderboard_score_revision;

-- What a member of a closed version was granted, by the reward rules that version closed with. The inbox
-- delivers them; reissuing a version creates only the missing ones.
CREATE TABLE leaderboard_rewards (
  board_id text NOT NULL,
  version integer NOT NULL,
  app_id text NOT NULL,
  member_id text COLLATE "C" NOT NULL,
  user_id text,
  rank integer NOT NULL,
  score bigint NOT NULL,
  tier text,
  items jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (board_id, version, member_id),
  FOREIGN KEY (board_id, version) REFERENCES leaderboard_versions (board_id, version) ON DELETE CASCADE
);
CREATE INDEX leaderboard_rewards_rank ON leaderboard_rewards (board_id, version, rank);

-- Boards whose reset schedule is due: the scheduler looks them up by their next run.
CREATE INDEX leaderboards_next_run ON records ((data #>> '{schedule,nextRunAt}')) WHERE service = 'passport' AND kind = 'leaderboards' AND data ? 'schedule';
