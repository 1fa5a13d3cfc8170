-- Push server versions become the platform's declared records (service 'push', kind 'serverVersions', scope
-- 'platform'; resources/push/server-versions.ts). The engine moves the rows into records at start-up, as the
-- resource's `movedFrom` says, then drops the table (server/engine/table-moves.ts); until then they wait under a
-- name that says so, the CPU quota as the decimal string the records keep.
DROP INDEX push_server_versions_default;
ALTER TABLE push_server_versions ALTER COLUMN cpu_quota TYPE text USING cpu_quota::text;
ALTER TABLE push_server_versions RENAME TO push_server_versions_moving;
