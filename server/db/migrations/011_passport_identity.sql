-- Passport identity: the app's id domain, SMS verification codes and their send log, login provider settings,
-- and guild membership (members, join requests, departures) kept beside the guild records.

-- One id domain per app, addressed by the app id.
CREATE TABLE passport_id_domains (
  app_id text PRIMARY KEY,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  sms_signature text NOT NULL DEFAULT '',
  production boolean NOT NULL DEFAULT false,
  send_for_review boolean NOT NULL DEFAULT false,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The live code of a phone number (one per app and number): only its keyed hash is kept.
CREATE TABLE passport_sms_codes (
  app_id text NOT NULL,
  phone text NOT NULL,
  code_hash text NOT NULL,
  sent_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  consumed_at timestamptz,
  PRIMARY KEY (app_id, phone)
);

-- Every code request: the number masked, the template used, and what happened.
CREATE TABLE passport_sms_logs (
  id bigserial PRIMARY KEY,
  app_id text NOT NULL,
  phone_masked text NOT NULL,
  template_id text,
  template_name text NOT NULL,
  result text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX passport_sms_logs_app ON passport_sms_logs (app_id, created_at DESC, id DESC);

-- Login provider settings per app. The secret is write-only (never answered back).
CREATE TABLE passport_id_providers (
  app_id text NOT NULL,
  provider text NOT NULL,
  enabled boolean NOT NULL DEFAULT false,
  app_key text NOT NULL DEFAULT '',
  app_secret text NOT NULL DEFAULT '',
  version integer NOT NULL DEFAULT 1,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (app_id, provider)
);

-- Guild members. Deleting the guild or the persona record removes the membership. Deleting a role leaves the
-- member without one.
CREATE TABLE passport_guild_members (
  app_id text NOT NULL,
  guild_id text NOT NULL,
  persona_id text NOT NULL,
  role_id text,
  joined_at timestamptz NOT NULL DEFAULT now(),
  guild_service text NOT NULL DEFAULT 'passport' CHECK (guild_service = 'passport'),
  guild_kind text NOT NULL DEFAULT 'guilds' CHECK (guild_kind = 'guilds'),
  persona_service text NOT NULL DEFAULT 'passport' CHECK (persona_service = 'passport'),
  persona_kind text NOT NULL DEFAULT 'personas' CHECK (persona_kind = 'personas'),
  role_service text DEFAULT 'passport' CHECK (role_service = 'passport'),
  role_kind text DEFAULT 'guild-roles' CHECK (role_kind = 'guild-roles'),
  PRIMARY KEY (guild_id, persona_id),
  FOREIGN KEY (guild_service, guild_kind, guild_id) REFERENCES records (service, kind, id) ON DELETE CASCADE,
  FOREIGN KEY (persona_service, persona_kind, persona_id) REFERENCES records (service, kind, id) ON DELETE CASCADE,
  FOREIGN KEY (role_service, role_kind, role_id) REFERENCES records (service, kind, id) ON DELETE SET NULL
);
CREATE INDEX passport_guild_members_persona ON passport_guild_members (app_id, persona_id);
CREATE INDEX passport_guild_members_guild ON passport_guild_members (guild_id, joined_at);
CREATE INDEX passport_guild_members_role ON passport_guild_members (role_id);

-- Requests to join a guild that needs approval, waiting for a member allowed to handle them.
CREATE TABLE passport_guild_requests (
  app_id text NOT NULL,
  guild_id text NOT NULL,
  persona_id text NOT NULL,
  message text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  guild_service text NOT NULL DEFAULT 'passport' CHECK (guild_service = 'passport'),
  guild_kind text NOT NULL DEFAULT 'guilds' CHECK (guild_kind = 'guilds'),
  persona_service text NOT NULL DEFAULT 'passport' CHECK (persona_service = 'passport'),
  persona_kind text NOT NULL DEFAULT 'personas' CHECK (persona_kind = 'personas'),
  PRIMARY KEY (guild_id, persona_id),
  FOREIGN KEY (guild_service, guild_kind, guild_id) REFERENCES records (service, kind, id) ON DELETE CASCADE,
  FOREIGN KEY (persona_service, persona_kind, persona_id) REFERENCES records (service, kind, id) ON DELETE CASCADE
);
CREATE INDEX passport_guild_requests_persona ON passport_guild_requests (persona_id);

-- A persona's latest departure from a guild (left or removed): joining again waits out the app's restriction.
CREATE TABLE passport_guild_departures (
  app_id text NOT NULL,
  persona_id text NOT NULL,
  guild_id text NOT NULL,
  left_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (app_id, persona_id)
);

-- Users and personas carry the ids of their tags in `data.tags`: a tag's users and personas are found by
-- containment through this index.
CREATE INDEX records_passport_tags ON records USING gin ((data -> 'tags') jsonb_path_ops) WHERE service = 'passport' AND kind IN ('users', 'personas');
