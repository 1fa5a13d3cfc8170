-- Asset streaming (server/services/cdn/). Content is stored once per deployment, addressed by its SHA-256; entries
-- and releases of every app refer to it by hash. A blob is written first and its row inserted after the hashes
-- checked out, so the orphan sweep removes blobs that have no row once they are older than an upload can take.
CREATE TABLE cdn_contents (
  hash text PRIMARY KEY,
  md5 text NOT NULL,
  size bigint NOT NULL,
  blob_key text NOT NULL,
  stored_at timestamptz NOT NULL DEFAULT now()
);

-- What a release froze: one row per path, never changed after the release is made.
CREATE TABLE cdn_release_entries (
  release_id text NOT NULL,
  app_id text NOT NULL,
  path text NOT NULL,
  hash text NOT NULL REFERENCES cdn_contents (hash),
  size bigint NOT NULL,
  content_type text NOT NULL,
  PRIMARY KEY (release_id, path)
);
CREATE INDEX cdn_release_entries_hash ON cdn_release_entries (hash);
