import type { Ctx } from '../../../context';
import type { CallHandlers } from '../../../engine/declared-calls';
import { tablePage } from '../../../engine/table-page';
import { generateCodes } from './tokens';

/** Redeem codes: generation and who used a code (the classes' names, export and invalidation in batch are declared). */
export const tokenHandlers = (ctx: Ctx): CallHandlers => ({
  'tokenInstances.generate': ({ scopeId, actor, input }) => generateCodes(ctx, scopeId, String(input.tokenClassId), Number(input.count), actor),
  'tokenClasses.generate': ({ scopeId, actor, record, input }) => generateCodes(ctx, scopeId, String(record!.id), Number(input.count), actor),
  'tokenInstances.usedInfo': async ({ scopeId, record }) => {
    const code = record!;
    const { rows } = await tablePage(ctx.db, {
      table: 'passport_token_redemptions',
      columns: 'user_id, persona_id, redeemed_at',
      appId: scopeId,
      where: { instance_id: String(code.id) },
      orderBy: 'redeemed_at DESC, id',
      count: 1000,
      start: 0,
    });
    return { total: Number(code.usedCount ?? 0), code: code.code, usedInfo: rows };
  },
});
