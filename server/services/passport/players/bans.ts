import { recordOperation } from '../../../audit';
import type { Queryable } from '../../../db';
import { ApiError } from '../../../engine/errors';
import type { ResourceModel } from '../../../engine/model';
import { records } from '../../../engine/query';
import type { Data } from '../../../engine/store';
import type { BanAction } from '../../../../resources/players-api';

export const playerBanned = () => new ApiError(423, 'PLAYER_BANNED', 'the player is banned');
export const personaBanned = () => new ApiError(423, 'PERSONA_BANNED', 'the persona is banned');

/** Who lifts a ban whose end has passed, in the operation history. */
export const BAN_EXPIRY_ACTOR = 'system:ban-expired';

/** Whether a ban with this end (absent: until unbanned by hand) is over at `now`. */
export const banOver = (banUntil: unknown, now: Date): boolean => typeof banUntil === 'string' && new Date(banUntil).getTime() <= now.getTime();

/**
 * Whether a user or persona may act now. A Banned record whose ban has ended is moved back to Active first (once:
 * the update is conditional on the version read, and the lift is written to the history like a hand unban).
 */
export async function stillBanned(db: Queryable, m: ResourceModel, appId: string, record: Data, now = new Date()): Promise<boolean> {
  if (record.status !== 'Banned') return false;
  if (!banOver(record.banUntil, now)) return true;
  const id = String(record.id);
  const [lifted] = await records(db, m).update(appId, { id, version: Number(record.version), status: 'Banned' }, { status: 'Active' });
  if (lifted) {
    await recordOperation(db, { actor: BAN_EXPIRY_ACTOR, appId, action: `passport.${m.res.name}.unban`, target: id, before: record, after: lifted.record });
    return false;
  }
  // Someone else changed it meanwhile (lifted it, or banned it again): decide on what is stored now.
  const current = await records(db, m).get(appId, id);
  return current.status === 'Banned' && !banOver(current.banUntil, now);
}

/** A user's or persona's bans and unbans, newest first, from the operation history. */
export async function banHistory(db: Queryable, m: ResourceModel, appId: string, id: string, limit: number): Promise<{ total: number; items: BanAction[] }> {
  const actions = [`passport.${m.res.name}.ban`, `passport.${m.res.name}.unban`];
  const res = await db.query<{ action: string; at: Date | string; actor: string; reason: string | null; until: string | null; total: number }>(
    `SELECT action, at, actor, after->>'banReason' AS reason, after->>'banUntil' AS until, count(*) OVER ()::int AS total
     FROM audit_log WHERE app_id = $1 AND target = $2 AND action = ANY($3::text[]) ORDER BY at DESC, id DESC LIMIT $4`,
    [appId, id, actions, limit],
  );
  return {
    total: res.rows[0]?.total ?? 0,
    items: res.rows.map((r) => {
      const ban = r.action.endsWith('.ban');
      return {
        action: ban ? 'ban' : 'unban',
        at: new Date(r.at).toISOString(),
        actor: r.actor,
        reason: ban ? r.reason : null,
        until: ban ? r.until : null,
        automatic: r.actor === BAN_EXPIRY_ACTOR,
      };
    }),
  };
}
