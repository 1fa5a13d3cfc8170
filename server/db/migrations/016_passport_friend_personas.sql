-- Friend and blacklist rows go with the personas they name: deleting a persona removes them (as guild membership
-- does), so reading them needs no check that both personas still exist. Rows left behind by personas deleted before
-- this migration are not checked (NOT VALID); readers skip a persona they cannot find.
ALTER TABLE passport_friends
  ADD COLUMN persona_service text NOT NULL DEFAULT 'passport' CHECK (persona_service = 'passport'),
  ADD COLUMN persona_kind text NOT NULL DEFAULT 'personas' CHECK (persona_kind = 'personas');
ALTER TABLE passport_friends
  ADD CONSTRAINT passport_friends_persona FOREIGN KEY (persona_service, persona_kind, persona_id) REFERENCES records (service, kind, id) ON DELETE CASCADE NOT VALID;
ALTER TABLE passport_friends
  ADD CONSTRAINT passport_friends_friend FOREIGN KEY (persona_service, persona_kind, friend_id) REFERENCES records (service, kind, id) ON DELETE CASCADE NOT VALID;
ALTER TABLE passport_friend_blacklist
  ADD COLUMN persona_service text NOT NULL DEFAULT 'passport' CHECK (persona_service = 'passport'),
  ADD COLUMN persona_kind text NOT NULL DEFAULT 'personas' CHECK (persona_kind = 'personas');
ALTER TABLE passport_friend_blacklist
  ADD CONSTRAINT passport_friend_blacklist_persona FOREIGN KEY (persona_service, persona_kind, persona_id) REFERENCES records (service, kind, id) ON DELETE CASCADE NOT VALID;
ALTER TABLE passport_friend_blacklist
  ADD CONSTRAINT passport_friend_blacklist_blocked FOREIGN KEY (persona_service, persona_kind, blocked_id) REFERENCES records (service, kind, id) ON DELETE CASCADE NOT VALID;
