-- Each resource's records now live in a table of their own named records_<service>_<resource>: passport's tags
-- take the name records_passport_tags, which migration 011 had given to the index on users' and personas' tags.
ALTER INDEX IF EXISTS records_passport_tags RENAME TO passport_users_personas_tags;
