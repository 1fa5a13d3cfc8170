import { MAX_GENERATED_CODES } from '../../../../resources/passport/economy-gift';
import type { Ctx } from '../../../context';
import { idParam, listAnswer, paramsSchema, type Api } from '../../../engine/api';
import { authorizeService } from '../../../engine/guard';
import { economyModels } from './models';
import { serviceErrors, TAG } from './schemas';
import { generateCodes } from './tokens';

const countProp = { type: 'integer', minimum: 1, maximum: MAX_GENERATED_CODES };
const generated = { description: 'the batch made', schema: { type: 'object', properties: { batchId: { type: 'string' }, generated: { type: 'integer' } } } };

const iso = (v: Date | string | null) => (v === null ? '' : new Date(v).toISOString());

/** Redeem codes: generation and who used a code (the classes' names, export and invalidation in batch are declared). */
export function mountTokenRoutes(api: Api, ctx: Ctx): void {
  const models = economyModels(ctx);
  const instances = models.tokenInstances;
  const classes = models.tokenClasses;

  api.route({
    method: 'POST',
    url: `${instances.base}/generate`,
    summary: `Generate a batch of codes for a token class (at most ${MAX_GENERATED_CODES}): unique, 100 random bits each`,
    tag: TAG,
    auth: 'service',
    body: { type: 'object', additionalProperties: false, required: ['tokenClassId', 'count'], properties: { tokenClassId: idParam, count: countProp } },
    responses: { 200: generated, ...serviceErrors },
    handler: async (req) => {
      const { scopeId, principal } = await authorizeService(ctx, req, 'passport');
      const { tokenClassId, count } = req.body as { tokenClassId: string; count: number };
      return generateCodes(ctx, scopeId, tokenClassId, count, principal.actor);
    },
  });

  api.route({
    method: 'POST',
    url: `${classes.base}/:id/generate`,
    summary: `Generate a batch of codes for this token class (at most ${MAX_GENERATED_CODES})`,
    tag: TAG,
    auth: 'service',
    params: paramsSchema('id'),
    body: { type: 'object', additionalProperties: false, required: ['count'], properties: { count: countProp } },
    responses: { 200: generated, ...serviceErrors },
    handler: async (req) => {
      const { scopeId, principal } = await authorizeService(ctx, req, 'passport');
      await ctx.store.get(classes, scopeId, (req.params as { id: string }).id);
      return generateCodes(ctx, scopeId, (req.params as { id: string }).id, (req.body as { count: number }).count, principal.actor);
    },
  });

  api.route({
    method: 'GET',
    url: `${instances.base}/:id/used-info`,
    summary: 'Who redeemed a code and when (player, persona, time), newest first',
    tag: TAG,
    auth: 'service',
    params: paramsSchema('id'),
    responses: { 200: listAnswer('usedInfo'), ...serviceErrors },
    handler: async (req) => {
      const { scopeId } = await authorizeService(ctx, req, 'passport');
      const id = (req.params as { id: string }).id;
      const code = await ctx.store.get(instances, scopeId, id);
      const res = await ctx.db.query<{ user_id: string; persona_id: string; redeemed_at: Date | string }>(
        'SELECT user_id, persona_id, redeemed_at FROM passport_token_redemptions WHERE app_id = $1 AND instance_id = $2 ORDER BY redeemed_at DESC, id LIMIT 1000',
        [scopeId, id],
      );
      return {
        total: Number(code.usedCount ?? 0),
        code: code.code,
        usedInfo: res.rows.map((r) => ({ userId: r.user_id, personaId: r.persona_id, redeemedAt: iso(r.redeemed_at) })),
      };
    },
  });
}
