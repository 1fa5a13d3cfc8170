import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { hashToken } from '../../../auth/sessions';
import type { Queryable } from '../../../db';
import { unauthorized } from '../../../engine/errors';

/** A player token lives this long; signing in again issues a new one. */
export const PLAYER_TOKEN_HOURS = 24 * 7;

/** Who a player API call is for: one player of one app, and the persona they selected, if any. */
export interface Player {
  appId: string;
  userId: string;
  personaId: string | null;
}

/** Issues a player token (`Authorization: Bearer <token>` on player calls); only its hash is stored. */
export async function issuePlayerToken(db: Queryable, appId: string, userId: string): Promise<{ token: string; expiresAt: string }> {
  const token = `pt_${randomBytes(24).toString('base64url')}`;
  const res = await db.query<{ expires_at: Date | string }>(
    `INSERT INTO passport_sessions (token_hash, app_id, user_id, expires_at) VALUES ($1, $2, $3, now() + make_interval(hours => $4))
     RETURNING expires_at`,
    [hashToken(token), appId, userId, PLAYER_TOKEN_HOURS],
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

/** The player a call is made by; 401 without a live player token. Every player call is confined to this. */
export async function requirePlayer(db: Queryable, req: FastifyRequest): Promise<Player> {
  const token = bearerToken(req);
  if (!token) throw unauthorized('player token required');
  const res = await db.query<{ app_id: string; user_id: string; persona_id: string | null }>(
    'SELECT app_id, user_id, persona_id FROM passport_sessions WHERE token_hash = $1 AND expires_at > now()',
    [hashToken(token)],
  );
  const row = res.rows[0];
  if (!row) throw unauthorized('player token invalid or expired');
  return { appId: row.app_id, userId: row.user_id, personaId: row.persona_id };
}
