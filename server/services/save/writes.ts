/**
 * A save's write: the slot under the app's progress type, the version the writer read compared with the stored one
 * (a stale one refused with 409 naming the current version), the player's slot and byte quotas — all in one
 * transaction holding the player's lock, so two writes of one player never both pass a check.
 */
import type { Ctx } from '../../context';
import { recordOperation } from '../../audit';
import { lockNames } from '../../db/locks';
import type { Queryable } from '../../db';
import { ApiError, badRequest, conflict, forbidden } from '../../engine/errors';
import { records } from '../../engine/query';
import type { Data } from '../../engine/store';
import { saveModels, settingsFor, SERVICE } from './models';
import { quotaProblem, slotFor, type SaveSettings } from './rules';

export interface SaveTarget {
  playerId: string;
  slot?: string;
  /** The version the writer read; 0 or none for a slot not written yet. */
  version?: number;
  description?: string;
}

export type SaveContent =
  | { kind: 'json'; data: Data; size: number }
  | { kind: 'file'; fileName: string; contentType: string; size: number; md5: string; sha256: string };

/** The player a player call acts for: the token's own; another player named is refused, nothing written. */
export function ownPlayer(tokenPlayer: string, named: unknown): string {
  if (named !== undefined && named !== tokenPlayer) throw forbidden("a player token writes only its own player's saves");
  return tokenPlayer;
}

export const playerLock = (appId: string, playerId: string) => `save:${appId}:${playerId}`;

/** A stale version: 409, the current one named. */
export const staleVersion = (current: number) =>
  conflict('VERSION_CONFLICT', 'stale save version', [{ field: '/version', message: `current version is ${current}` }]);

/** What the player holds and the slot being written, read under the player's lock; refuses what the rules refuse. */
export async function checkWrite(ctx: Ctx, tx: Queryable, appId: string, t: SaveTarget, size: number): Promise<{ settings: SaveSettings; slot: string; existing?: Data }> {
  const m = saveModels(ctx);
  await lockNames(tx, [playerLock(appId, t.playerId)]);
  const settings = await settingsFor(ctx, tx, appId);
  const picked = slotFor(settings, t.slot);
  if ('refused' in picked) throw badRequest([{ field: '/slot', message: picked.refused }]);
  const saves = records(tx, m.saves);
  const existing = await saves.first(appId, { where: { playerId: t.playerId, slot: picked.slot }, lock: 'update' });
  const current = Number(existing?.version ?? 0);
  if ((t.version ?? 0) !== current) throw staleVersion(current);
  const [held] = await saves.aggregate(appId, { where: { playerId: t.playerId }, measures: { slots: ['count'], bytes: ['sum', 'size'] } });
  const problem = quotaProblem(settings, {
    slots: Number(held?.slots ?? 0),
    bytes: Number(held?.bytes ?? 0),
    replacing: existing ? Number(existing.size ?? 0) : undefined,
    size,
  });
  if (problem?.status === 409) throw conflict('INVALID_TRANSITION', problem.message);
  if (problem) throw new ApiError(413, 'PAYLOAD_TOO_LARGE', problem.message);
  return { settings, slot: picked.slot, existing };
}

/** Writes the slot (checked as `checkWrite` does) with its content; answers the save at its new version. */
export async function writeSave(ctx: Ctx, appId: string, actor: string, t: SaveTarget, content: SaveContent): Promise<Data> {
  const m = saveModels(ctx);
  return ctx.db.transaction(async (tx) => {
    const { settings, slot, existing } = await checkWrite(ctx, tx, appId, t, content.size);
    const description = t.description ?? (existing?.description as string | undefined);
    const data: Data = { playerId: t.playerId, slot, progressType: settings.progressType, ...(description ? { description } : {}), ...content };
    const saves = records(tx, m.saves);
    const after = existing
      ? await saves.updateOne(appId, String(existing.id), { data }, { version: Number(existing.version) })
      : await saves.insert(appId, data);
    await recordOperation(tx, { actor, appId, action: `${SERVICE}.saves.${existing ? 'update' : 'create'}`, target: String(after.id), before: existing, after });
    return after;
  });
}
