import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { hashToken } from '../../../auth/sessions';
import type { Queryable } from '../../../db';
import { ApiError, forbidden, unauthorized } from '../../../engine/errors';
import type { CallInput } from '../../../engine/declared-calls';
import type { PlayerPrincipal } from '../../../engine/hooks';
import { records } from '../../../engine/query';
import { settingsOf } from '../../../engine/singleton';
import { personaBanned, playerBanned, stillBanned } from './bans';
import { countActive, TODAY } from './dau';
import { meterPlayerCall, operationOf } from './metering';
import { configModel, DEFAULT_TOKEN_HOURS, personasModel, usersModel } from './models';

/** Who a player API call is for: one player of one app, and the persona they selected, if any. */
export interface Player {
  appId: string;
  userId: string;
  personaId: string | null;
}

/**
 * Issues a player token (`Authorization: Bearer <token>` on player calls); only its hash is stored. Signing in again
 * issues a new one.
 */
export async function issuePlayerToken(db: Queryable, appId: string, userId: string, hours = DEFAULT_TOKEN_HOURS): Promise<{ token: string; expiresAt: string }> {
  const token = `pt_${randomBytes(24).toString('base64url')}`;
  const res = await db.query<{ expires_at: Date | string }>(
    `INSERT INTO passport_sessions (token_hash, app_id, user_id, expires_at) VALUES ($1, $2, $3, now() + make_interval(hours => $4))
     RETURNING expires_at`,
    [hashToken(token), appId, userId, hours],
  );
  return { token, expiresAt: new Date(res.rows[0].expires_at).toISOString() };
}

/** Binds a player token to a persona (after the persona was checked to be the player's). */
export async function selectPersona(db: Queryable, token: string, personaId: string): Promise<void> {
  await db.query('UPDATE passport_sessions SET persona_id = $2 WHERE token_hash = $1', [hashToken(token), personaId]);
}

export function bearerToken(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
}

interface SessionRow {
  app_id: string;
  user_id: string;
  persona_id: string | null;
  active_day: string | null;
  today: string;
  passport_status: string | null;
}

/**
 * The player a call is made by: passport's player principal, which the engine's player reads and declared player
 * calls go through. Every player call is confined to this player and app:
 * - 401 without a live token, or when the player's user record is gone; 403 once the app's passport is not enabled;
 * - 423 while the user (or, unless `allowBannedPersona`, the selected persona) is banned — a ban whose end passed is
 *   lifted;
 * - 403 until the player passes the real-name check, when the app requires one (unless `identityCheckExempt`);
 * - 429 when the app's player calls this minute exceed its limit; the call is counted for the metrics;
 * - the player is counted active today (once per token and day);
 * - 409 for a call acting as the selected persona when none is selected.
 * A selected persona that was deleted reads as none selected.
 */
export const playerPrincipal: PlayerPrincipal = async ({ db }, req, opts) => {
  const token = bearerToken(req);
  if (!token) throw unauthorized('player token required');
  const hash = hashToken(token);
  const res = await db.query<SessionRow>(
    `SELECT s.app_id, s.user_id, s.persona_id, to_char(s.active_day, 'YYYY-MM-DD') AS active_day, to_char(${TODAY}, 'YYYY-MM-DD') AS today,
       a.services->'passport'->>'Status' AS passport_status
     FROM passport_sessions s JOIN apps a ON a.app_id = s.app_id
     WHERE s.token_hash = $1 AND s.expires_at > now()`,
    [hash],
  );
  const row = res.rows[0];
  if (!row) throw unauthorized('player token invalid or expired');
  const appId = row.app_id;
  const [user, persona, settings] = await Promise.all([
    records(db, usersModel).maybe(appId, row.user_id),
    row.persona_id ? records(db, personasModel).maybe(appId, row.persona_id) : undefined,
    settingsOf(db, configModel, appId),
  ]);
  if (!user) throw unauthorized('player token invalid or expired');
  if (row.passport_status !== 'Enabled') throw forbidden('service not enabled');
  if (await stillBanned(db, usersModel, appId, user)) throw playerBanned();
  if (settings.realNameRequired === true && user.realNameVerified !== true && !opts.identityCheckExempt) {
    throw new ApiError(403, 'REAL_NAME_REQUIRED', 'real-name verification required');
  }
  const personaId = persona ? row.persona_id : null;
  if (persona && !opts.allowBannedPersona && (await stillBanned(db, personasModel, appId, persona))) throw personaBanned();
  await meterPlayerCall(db, appId, operationOf(req), row.user_id);
  if (row.active_day !== row.today) {
    await countActive(db, appId, row.user_id);
    await db.query('UPDATE passport_sessions SET active_day = $2::date WHERE token_hash = $1', [hash, row.today]);
  }
  if (opts.persona && !personaId) throw new ApiError(409, 'PERSONA_NOT_SELECTED', 'no persona selected');
  return { scopeId: appId, userId: row.user_id, personaId };
};

/** A player call that acts as the selected persona. */
export interface PersonaPlayer extends Player {
  personaId: string;
}

/** The player of a declared player call, as passport's behaviour takes them (with how the history names them). */
export function playerOf(call: CallInput): Player & { actor: string } {
  if (!call.player) throw new Error('not a player call');
  return { appId: call.scopeId, userId: call.player.userId, personaId: call.player.personaId, actor: call.actor };
}

/** The player of a declared `persona` call: their selected persona is set. */
export const personaOf = (call: CallInput) => playerOf(call) as PersonaPlayer & { actor: string };
