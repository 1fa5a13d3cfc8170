-- Push server versions (service levels) the platform offers, managed in the back office (server/services/push/versions.ts).
CREATE TABLE push_server_versions (
  version text PRIMARY KEY,
  name text NOT NULL,
  cpu_quota numeric NOT NULL,
  player_limit integer NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  is_default boolean NOT NULL DEFAULT false,
  notes text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- At most one default version.
CREATE UNIQUE INDEX push_server_versions_default ON push_server_versions (is_default) WHERE is_default;
