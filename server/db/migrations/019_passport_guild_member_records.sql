-- Guild members and join requests become declared sub-resources of guilds (service 'passport', kinds
-- 'guild-members' and 'guild-requests', each record's parent its guild). The rows are moved into records by the
-- service at start-up, through the records query API (server/services/passport/identity/record-moves.ts), which
-- then drops these tables; until then they wait under names that say so.
ALTER TABLE passport_guild_members RENAME TO passport_guild_members_moving;
ALTER TABLE passport_guild_requests RENAME TO passport_guild_requests_moving;
