-- Work due at a time, one row per job, claimed by one instance at a time (server/engine/jobs.ts, ADR 0018). An
-- instance claims a due job by setting its lease; when it finishes it sets the next due time and clears the lease. An
-- instance that dies mid-run leaves the lease to run out, and another instance takes the job over.
CREATE TABLE jobs (
  name text PRIMARY KEY,
  due_at timestamptz NOT NULL DEFAULT now(),
  lease_until timestamptz,
  owner text,
  last_error text
);
