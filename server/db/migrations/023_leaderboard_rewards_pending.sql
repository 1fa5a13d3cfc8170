-- A leaderboard version closed on schedule whose rewards are not granted yet (ADR 0018). The close sets it in its
-- own transaction; granting the rewards clears it in the grant's. An instance that dies in between leaves it set,
-- and the scheduled-resets job, on whichever instance runs it next, grants them (the rewards' primary key keeps a
-- grant from being made twice).
ALTER TABLE leaderboard_versions ADD COLUMN rewards_pending boolean NOT NULL DEFAULT false;
CREATE INDEX leaderboard_versions_rewards_pending ON leaderboard_versions (board_id, version) WHERE rewards_pending;
