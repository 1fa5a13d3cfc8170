-- The leaderboards' change feed (ADR 0018): a score statement's notice names the revisions it wrote, and every
-- other instance reads those rows by their revisions to bring its rank index up to date.
CREATE INDEX leaderboard_scores_revision ON leaderboard_scores (revision);
