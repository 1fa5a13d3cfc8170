-- Login providers become declared records (service 'passport', kind 'id-providers'). The saved rows are moved into
-- records by the service at start-up, through the records query API (server/services/passport/identity/
-- id-provider-move.ts), which then drops this table; until then it waits under a name that says so.
ALTER TABLE passport_id_providers RENAME TO passport_id_providers_moving;
