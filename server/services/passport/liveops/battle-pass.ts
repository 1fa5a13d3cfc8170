import { passLevel, type PassSlot } from '../../../../resources/passport/liveops-rules';
import type { Ctx } from '../../../context';
import type { Queryable } from '../../../db';
import { notFound } from '../../../engine/errors';
import { records } from '../../../engine/query';
import type { Data } from '../../../engine/store';
import { findRecord, grantRewards, iso, liveopsAudit, passportModel, type PersonaPlayer, refused, type Reward } from './common';

export type Track = 'free' | 'premium';

interface ProgressRow {
  exp: string | number;
  premium: boolean;
}

interface ClaimRow {
  pass_id: string;
  level: number;
  track: Track;
  claimed_at: Date;
}

/** A persona's standing on one pass: experience, level reached, premium, and the rewards claimed. */
function passView(pass: Data, progress: ProgressRow | undefined, claims: ClaimRow[]) {
  const slots = (pass.slots as PassSlot[] | undefined) ?? [];
  const exp = Number(progress?.exp ?? 0);
  return {
    battlePassId: pass.id,
    name: pass.name,
    slugName: pass.slugName,
    status: pass.status,
    startTime: pass.startTime,
    endTime: pass.endTime,
    maxLevel: slots.length,
    exp,
    level: passLevel(slots, exp),
    premium: progress?.premium ?? false,
    claims: claims.filter((c) => c.pass_id === pass.id).map((c) => ({ level: c.level, track: c.track, claimedAt: iso(c.claimed_at) })),
  };
}

async function standing(db: Queryable, appId: string, personaId: string, passIds: string[]) {
  const [progress, claims] = await Promise.all([
    db.query<ProgressRow & { pass_id: string }>('SELECT pass_id, exp, premium FROM passport_battle_pass_progress WHERE app_id = $1 AND persona_id = $2 AND pass_id = ANY($3::text[])', [appId, personaId, passIds]),
    db.query<ClaimRow>('SELECT pass_id, level, track, claimed_at FROM passport_battle_pass_claims WHERE app_id = $1 AND persona_id = $2 AND pass_id = ANY($3::text[]) ORDER BY level, track', [appId, personaId, passIds]),
  ]);
  return { progress: new Map(progress.rows.map((r) => [r.pass_id, r])), claims: claims.rows };
}

/**
 * A persona's standing on the app's passes that players can see (all but Pending ones), or on one pass
 * (`pass`: its id or slug, whatever its state).
 */
export async function personaPasses(ctx: Ctx, appId: string, personaId: string, opts: { pass?: string; onlyActive?: boolean } = {}) {
  const passes = opts.pass
    ? [await findRecord(ctx, 'battlePasses', appId, opts.pass)]
    : await records(ctx.db, passportModel(ctx, 'battlePasses')).find(appId, { where: { status: opts.onlyActive ? 'Active' : { $nin: ['Pending'] } }, orderBy: ['-startTime', 'id'] });
  const { progress, claims } = await standing(ctx.db, appId, personaId, passes.map((p) => String(p.id)));
  const views = passes.map((p) => passView(p, progress.get(String(p.id)), claims));
  return { total: views.length, battlePasses: views };
}

/**
 * Sets one column of a persona's progress on a pass to `value` (`$4`), or on a row already there to `update` of
 * it, and writes the standing before and after to the operation history.
 */
async function changeStanding(ctx: Ctx, appId: string, actor: string, pass: Data, personaId: string, column: 'premium' | 'exp', value: unknown, update = '$4') {
  const passId = String(pass.id);
  const view = async (db: Queryable) => {
    const { progress, claims } = await standing(db, appId, personaId, [passId]);
    return passView(pass, progress.get(passId), claims);
  };
  return ctx.db.transaction(async (tx) => {
    const before = await view(tx);
    await tx.query(
      `INSERT INTO passport_battle_pass_progress (app_id, pass_id, persona_id, ${column}) VALUES ($1, $2, $3, $4)
       ON CONFLICT (app_id, pass_id, persona_id) DO UPDATE SET ${column} = ${update}, updated_at = now()`,
      [appId, passId, personaId, value],
    );
    const after = await view(tx);
    await liveopsAudit(tx, actor, appId, `battlePasses.${column}`, `${personaId}/${passId}`, before, after);
    return after;
  });
}

/** Unlocks (or locks again, after a refund) the premium track of a pass for a persona. */
export async function setPremium(ctx: Ctx, appId: string, actor: string, pass: Data, personaId: string, premium: boolean) {
  await findRecord(ctx, 'personas', appId, personaId);
  return changeStanding(ctx, appId, actor, pass, personaId, 'premium', premium);
}

/** Checks the pass a player acts on is Active and within its time (a Pending one does not exist for players). */
function requireRunning(pass: Data, now: Date): void {
  if (pass.status === 'Pending') throw notFound();
  const started = Date.parse(String(pass.startTime)) <= now.getTime();
  const ended = Date.parse(String(pass.endTime)) <= now.getTime();
  if (pass.status !== 'Active' || !started || ended) throw refused('the battle pass is not running');
}

/** Adds experience to the persona on a running pass. */
export async function addPassExp(ctx: Ctx, player: PersonaPlayer, actor: string, pass: Data, exp: number, now = new Date()) {
  requireRunning(pass, now);
  return changeStanding(ctx, player.appId, actor, pass, player.personaId, 'exp', exp, 'passport_battle_pass_progress.exp + $4');
}

/**
 * Claims the rewards of a level on one track: the pass is running, the level exists and is reached, the premium
 * track is unlocked for premium rewards, there is something to claim, and it was not claimed before.
 */
export async function claimPassLevel(ctx: Ctx, player: PersonaPlayer, actor: string, pass: Data, level: number, track: Track, now = new Date()) {
  requireRunning(pass, now);
  const passId = String(pass.id);
  const slot = ((pass.slots as PassSlot[] | undefined) ?? []).find((s) => s.level === level);
  if (!slot) throw notFound('the battle pass has no such level');
  const rewards: Reward[] = (track === 'free' ? slot.freeRewards : slot.premiumRewards) ?? [];
  return ctx.db.transaction(async (tx) => {
    const { progress } = await standing(tx, player.appId, player.personaId, [passId]);
    const mine = progress.get(passId);
    if (Number(mine?.exp ?? 0) < slot.exp) throw refused('the level is not reached yet');
    if (track === 'premium' && !mine?.premium) throw refused('the premium track is not unlocked');
    if (rewards.length === 0) throw refused('the level has no reward on this track');
    const claimed = await tx.query(
      `INSERT INTO passport_battle_pass_claims (app_id, pass_id, persona_id, level, track, rewards) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT DO NOTHING RETURNING level`,
      [player.appId, passId, player.personaId, level, track, JSON.stringify(rewards)],
    );
    if (claimed.rows.length === 0) throw refused('the reward was already claimed');
    await grantRewards(tx, ctx, player.appId, player.personaId, rewards);
    const claim = { battlePassId: passId, level, track };
    await liveopsAudit(tx, actor, player.appId, 'battlePasses.claim', `${player.personaId}/${passId}`, undefined, { ...claim, rewards });
    return { claim, granted: rewards };
  });
}
