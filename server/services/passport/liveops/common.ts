import { recordOperation } from '../../../audit';
import { modelOf, type Ctx } from '../../../context';
import type { Queryable } from '../../../db';
import { conflict } from '../../../engine/errors';
import type { ResourceModel } from '../../../engine/model';
import { recordOf } from '../../../engine/record-calls';
import type { Data } from '../../../engine/store';
import { credit, lockPersona } from '../economy/inventory';
import { economyModels } from '../economy/models';
export type { PersonaPlayer } from '../players/principal';

/** One reward line: an economy resource (by its slug) and how many. */
export interface Reward {
  resource: string;
  amount: number;
}

export const iso = (d: Date | string | null | undefined): string | null => (d ? new Date(d).toISOString() : null);

/** A refused state change, with the reason as its message. */
export const refused = (message: string) => conflict('INVALID_TRANSITION', message);

/** The model of another passport resource this area reads (personas, economy resources). */
export const passportModel = (ctx: Ctx, name: string): ResourceModel => modelOf(ctx, 'passport', name);

/** Writes a live-ops change to the operation history. */
export function liveopsAudit(db: Queryable, actor: string, appId: string, action: string, target: string, before?: unknown, after?: unknown) {
  return recordOperation(db, { actor, appId, action: `passport.${action}`, target, before, after });
}

/** The record of one of passport's resources an item path names (id, or slug for resources addressed by one), or 404. */
export const findRecord = (ctx: Ctx, resource: string, appId: string, key: string): Promise<Data> => recordOf(ctx, passportModel(ctx, resource), appId, key);

/**
 * Credits rewards to a persona's inventory through the economy, inside the caller's transaction: a claim and its
 * grant happen together or not at all (a full inventory or a resource that no longer exists refuses both, 409).
 */
export async function grantRewards(tx: Queryable, ctx: Ctx, appId: string, personaId: string, rewards: Reward[]): Promise<void> {
  if (rewards.length === 0) return;
  const models = economyModels(ctx);
  const ref = { appId, personaId };
  await lockPersona(tx, models, ref);
  await credit(tx, models, ref, rewards.map((r) => ({ resource: r.resource, amount: String(r.amount) })));
}
