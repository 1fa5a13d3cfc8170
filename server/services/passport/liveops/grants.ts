import type { Ctx } from '../../../context';
import type { Queryable } from '../../../db';
import { credit, lockPersona } from '../economy/inventory';
import { economyModels } from '../economy/models';
import type { Reward } from './common';

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
