import type { Ctx } from '../../../context';
import type { CallHandlers } from '../../../engine/declared-calls';
import { generateCodes } from './tokens';

const iso = (v: Date | string | null) => (v === null ? '' : new Date(v).toISOString());

/** Redeem codes: generation and who used a code (the classes' names, export and invalidation in batch are declared). */
export const tokenHandlers = (ctx: Ctx): CallHandlers => ({
  'tokenInstances.generate': ({ scopeId, actor, input }) => generateCodes(ctx, scopeId, String(input.tokenClassId), Number(input.count), actor),
  'tokenClasses.generate': ({ scopeId, actor, record, input }) => generateCodes(ctx, scopeId, String(record!.id), Number(input.count), actor),
  'tokenInstances.usedInfo': async ({ scopeId, record }) => {
    const code = record!;
    const res = await ctx.db.query<{ user_id: string; persona_id: string; redeemed_at: Date | string }>(
      'SELECT user_id, persona_id, redeemed_at FROM passport_token_redemptions WHERE app_id = $1 AND instance_id = $2 ORDER BY redeemed_at DESC, id LIMIT 1000',
      [scopeId, code.id],
    );
    return {
      total: Number(code.usedCount ?? 0),
      code: code.code,
      usedInfo: res.rows.map((r) => ({ userId: r.user_id, personaId: r.persona_id, redeemedAt: iso(r.redeemed_at) })),
    };
  },
});
