-- Login providers become declared records (service 'passport', kind 'id-providers'): one per app and
-- provider that was ever saved, keeping its version and last change. The secret moves into the record's data as
-- the write-only field appSecret (left out when empty), beside its masked form (six dots, then the last four
-- characters of a secret of at least twelve). The old table goes.
INSERT INTO records (service, kind, id, scope_id, status, version, data, created_at, updated_at)
SELECT 'passport', 'id-providers', gen_random_uuid()::text, app_id, NULL, version,
       jsonb_build_object(
         'provider', provider,
         'enabled', enabled,
         'appKey', app_key,
         'appSecretMasked', CASE WHEN app_secret = '' THEN ''
                                 ELSE repeat(chr(8226), 6) || CASE WHEN length(app_secret) >= 12 THEN right(app_secret, 4) ELSE '' END END
       ) || CASE WHEN app_secret = '' THEN '{}'::jsonb ELSE jsonb_build_object('appSecret', app_secret) END,
       updated_at, updated_at
FROM passport_id_providers;

DROP TABLE passport_id_providers;
