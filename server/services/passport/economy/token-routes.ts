import type { Ctx } from '../../../context';
import type { Api } from '../../../engine/api';
import { mountCommandCall, mountViewCall } from '../../../engine/service-calls';
import { generatedAnswer } from '../../../../resources/passport/economy-api';
import { MAX_GENERATED_CODES } from '../../../../resources/passport/economy-gift';
import { economyModels } from './models';
import { generateCodes } from './tokens';

const generated = { description: 'the batch made', schema: generatedAnswer };

const iso = (v: Date | string | null) => (v === null ? '' : new Date(v).toISOString());

/** Redeem codes: generation and who used a code (the classes' names, export and invalidation in batch are declared). */
export function mountTokenRoutes(api: Api, ctx: Ctx): void {
  const models = economyModels(ctx);

  mountCommandCall(api, ctx, models.tokenInstances, 'generate', {
    summary: `Generate a batch of codes for a token class (at most ${MAX_GENERATED_CODES}): unique, 100 random bits each`,
    answer: generated,
    handler: ({ access: { scopeId, principal }, body }) => generateCodes(ctx, scopeId, String(body.tokenClassId), Number(body.count), principal.actor),
  });

  mountCommandCall(api, ctx, models.tokenClasses, 'generate', {
    summary: `Generate a batch of codes for this token class (at most ${MAX_GENERATED_CODES})`,
    answer: generated,
    handler: ({ access: { scopeId, principal }, record, body }) => generateCodes(ctx, scopeId, String(record.id), Number(body.count), principal.actor),
  });

  mountViewCall(api, ctx, models.tokenInstances, 'usedInfo', {
    summary: 'Who redeemed a code and when (player, persona, time), newest first',
    handler: async ({ access: { scopeId }, record: code }) => {
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
}
