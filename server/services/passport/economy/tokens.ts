import { randomUUID } from 'node:crypto';
import { RELEASED_TOKEN_CLASS, type TokenClassStatus } from '../../../../resources/passport/economy-flow';
import { recordOperation } from '../../../audit';
import type { Ctx } from '../../../context';
import type { Queryable } from '../../../db';
import { ApiError, badRequest, notFound } from '../../../engine/errors';
import { records } from '../../../engine/query';
import { insertRow } from '../../../engine/table-page';
import { advanceTimedStates } from '../../../engine/timed-states';
import type { Data } from '../../../engine/store';
import { newTokenCode, normalizeTokenCode } from '../../../platform/org/service-tokens';
import type { Line } from './catalog';
import { credit, lockPersona } from './inventory';
import { economyModels, type EconomyModels } from './models';

/** Codes written per statement while generating. */
const CHUNK = 1000;

/** The status a class has at `now`: a released class is pending before its start, active in its window, expired after. */
export function effectiveClassStatus(stored: TokenClassStatus, validFrom: string | undefined, validUntil: string | undefined, now: Date): TokenClassStatus {
  if (!RELEASED_TOKEN_CLASS.includes(stored)) return stored;
  if (validUntil && Date.parse(validUntil) <= now.getTime()) return 'expired';
  if (validFrom && Date.parse(validFrom) > now.getTime()) return 'pending';
  return 'active';
}

/**
 * Generates `count` codes of a token class in one database transaction: 20 characters of Crockford's alphabet
 * from the system's cryptographic random source (100 bits each), stored with a unique index per app so a lookup by
 * code is an index probe. A code that happens to exist already is drawn again.
 */
export async function generateCodes(ctx: Ctx, appId: string, classId: string, count: number, actor: string): Promise<{ batchId: string; generated: number }> {
  const models = economyModels(ctx);
  const tokenClass = await records(ctx.db, models.tokenClasses).maybe(appId, classId);
  if (!tokenClass) throw badRequest([{ field: '/tokenClassId', message: 'no such token class' }]);
  const batchId = randomUUID();
  await ctx.db.transaction(async (q) => {
    let missing = count;
    while (missing > 0) {
      const codes = Array.from({ length: Math.min(missing, CHUNK) }, () => newTokenCode());
      const rows = codes.map((code) => ({ status: 'active', data: { code, tokenClassId: classId, batchId, usedCount: 0 } }));
      missing -= (await records(q, models.tokenInstances).insertMany(appId, rows, { skipConflicts: true })).length;
    }
    await recordOperation(q, {
      actor,
      appId,
      action: 'passport.tokenInstances.generate',
      target: classId,
      after: { tokenClassId: classId, tokenClassName: tokenClass.name, batchId, count },
    });
  });
  return { batchId, generated: count };
}

const tokenError = (status: number, code: string, message: string) => new ApiError(status, code, message);

async function lockedCode(q: Queryable, models: EconomyModels, appId: string, code: string): Promise<Data> {
  const instance = await records(q, models.tokenInstances).first(appId, { where: { code: normalizeTokenCode(code.trim()) }, lock: 'update' });
  if (!instance) throw notFound('failed to find token');
  return instance;
}

export interface Redeemer {
  appId: string;
  userId: string;
  personaId: string;
}

/**
 * Redeems a code for a player's persona in one database transaction: the code's row is locked (of two concurrent
 * redeems of a single-use code one succeeds, the other finds it fulfilled), its class must be released and in its
 * window, the player must be under the class's per-player limit, and the class's contents are granted into the
 * persona's inventory — or, when anything is refused, nothing changes.
 */
export async function redeem(ctx: Ctx, who: Redeemer, code: string): Promise<{ tokenClassId: string; tokenClassName: string; contents: Line[]; inventory: Data[] }> {
  const models = economyModels(ctx);
  return ctx.db.transaction(async (q) => {
    const instance = await lockedCode(q, models, who.appId, code);
    if (instance.status === 'fulfilled') throw tokenError(409, 'TOKEN_FULFILLED', 'token has been fulfilled');
    if (instance.status === 'invalidated') throw tokenError(409, 'TOKEN_INVALIDATED', 'token has been invalidated');
    // A code whose pack was deleted is as good as unknown.
    const tokenClass = await records(q, models.tokenClasses).get(who.appId, String(instance.tokenClassId), { message: 'failed to find token' });
    const state = effectiveClassStatus(tokenClass.status as TokenClassStatus, tokenClass.validFrom as string | undefined, tokenClass.validUntil as string | undefined, new Date());
    if (state === 'unreleased') throw tokenError(409, 'TOKEN_NOT_RELEASED', 'token class is not released');
    if (state === 'pending') throw tokenError(409, 'TOKEN_NOT_STARTED', 'token is not yet valid');
    if (state === 'expired') throw tokenError(409, 'TOKEN_EXPIRED', 'token has expired');

    await q.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`passport-redeem:${who.appId}:${tokenClass.id}:${who.userId}`]);
    const used = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM passport_token_redemptions WHERE app_id = $1 AND class_id = $2 AND user_id = $3', [
      who.appId,
      tokenClass.id,
      who.userId,
    ]);
    if (Number(used.rows[0].n) >= Number(tokenClass.maxUsesPerPlayer ?? 1)) throw tokenError(409, 'TOKEN_LIMIT_REACHED', 'token redeem limit reached');

    const ref = { appId: who.appId, personaId: who.personaId };
    await lockPersona(q, models, ref);
    const contents = tokenClass.contents as Line[];
    const inventory = await credit(q, models, ref, contents);
    const usedCount = Number(instance.usedCount ?? 0) + 1;
    const now = new Date().toISOString();
    const after = await records(q, models.tokenInstances).updateOne(who.appId, String(instance.id), {
      set: { usedCount, lastUsedAt: now },
      status: usedCount >= Number(tokenClass.maxUsesPerCode ?? 1) ? 'fulfilled' : 'active',
    });
    const redemption = { id: randomUUID(), instance_id: instance.id, class_id: tokenClass.id, user_id: who.userId, persona_id: who.personaId };
    await insertRow(q, 'passport_token_redemptions', who.appId, redemption);
    await recordOperation(q, { actor: `player:${who.userId}`, appId: who.appId, action: 'passport.tokenInstances.redeem', target: String(instance.id), before: instance, after });
    return { tokenClassId: String(tokenClass.id), tokenClassName: String(tokenClass.name), contents, inventory };
  });
}

/**
 * Moves released classes along with time (their declared timed states, made by the engine): pending ones whose
 * start has come become active, released ones whose end has passed become expired, active ones whose start lies
 * ahead wait as pending. At `now` when given, by the database's clock otherwise.
 */
export const sweepTokenClasses = (ctx: Ctx, now?: Date): Promise<number> => advanceTimedStates(ctx, now, [economyModels(ctx).tokenClasses]);
