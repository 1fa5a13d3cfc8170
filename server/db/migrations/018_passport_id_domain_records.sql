-- Id domains become declared records (service 'passport', kind 'id-domains', the record's id the app id). The rows
-- are moved into records by the service at start-up, through the records query API (server/services/passport/
-- identity/record-moves.ts), which then drops this table; until then it waits under a name that says so.
ALTER TABLE passport_id_domains RENAME TO passport_id_domains_moving;
