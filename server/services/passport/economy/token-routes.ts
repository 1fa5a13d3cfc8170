import { stringify } from 'csv-stringify/sync';
import { MAX_GENERATED_CODES } from '../../../../resources/passport/economy-gift';
import { TOKEN_INSTANCE_STATUSES } from '../../../../resources/passport/economy-flow';
import type { Ctx } from '../../../context';
import { idParam, paramsSchema, type Api } from '../../../engine/api';
import { authorizeService } from '../../../engine/guard';
import { kindPredicate } from '../../../engine/sql';
import { economyModels, kindAs } from './models';
import { countAnswer, listAnswer, serviceErrors, TAG } from './schemas';
import { generateCodes, invalidateCodes } from './tokens';

/** The most codes one export holds. */
export const MAX_EXPORT_ROWS = 200_000;

const countProp = { type: 'integer', minimum: 1, maximum: MAX_GENERATED_CODES };
const generated = { description: 'the batch made', schema: { type: 'object', properties: { batchId: { type: 'string' }, generated: { type: 'integer' } } } };

const iso = (v: Date | string | null) => (v === null ? '' : new Date(v).toISOString());

/** Redeem codes: generation, invalidation in batch, export, who used a code, and the classes' names. */
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
    method: 'POST',
    url: `${instances.base}/batch-invalidate`,
    summary: 'Invalidate several codes at once (the active ones among them; others stay as they are)',
    tag: TAG,
    auth: 'service',
    body: { type: 'object', additionalProperties: false, required: ['ids'], properties: { ids: { type: 'array', minItems: 1, maxItems: 1000, uniqueItems: true, items: idParam } } },
    responses: { 200: { description: 'how many were invalidated', schema: countAnswer('invalidated') }, ...serviceErrors },
    handler: async (req) => {
      const { scopeId, principal } = await authorizeService(ctx, req, 'passport');
      return { invalidated: await invalidateCodes(ctx, scopeId, (req.body as { ids: string[] }).ids, principal.actor) };
    },
  });

  api.route({
    method: 'GET',
    url: `${instances.base}/export`,
    summary: `Codes as a CSV file (code, status, times used, class, batch, created, last used), optionally of one class, batch or status; at most ${MAX_EXPORT_ROWS} rows`,
    tag: TAG,
    auth: 'service',
    querystring: {
      type: 'object',
      additionalProperties: false,
      properties: { tokenClassId: idParam, batchId: idParam, status: { type: 'string', enum: [...TOKEN_INSTANCE_STATUSES] } },
    },
    responses: { 200: { description: 'text/csv attachment', schema: { type: 'string' } }, ...serviceErrors },
    handler: async (req, reply) => {
      const { scopeId } = await authorizeService(ctx, req, 'passport');
      const q = req.query as { tokenClassId?: string; batchId?: string; status?: string };
      const res = await ctx.db.query<{ code: string; status: string; used: number; class_id: string; class_name: string | null; batch_id: string | null; created_at: Date | string; last_used: string | null }>(
        `SELECT i.data->>'code' AS code, i.status, coalesce((i.data->>'usedCount')::int, 0) AS used, i.data->>'tokenClassId' AS class_id,
                c.data->>'name' AS class_name, i.data->>'batchId' AS batch_id, i.created_at, i.data->>'lastUsedAt' AS last_used
           FROM records i
           LEFT JOIN records c ON ${kindAs('c', classes)} AND c.scope_id = i.scope_id AND c.id = (i.data->>'tokenClassId')
          WHERE ${kindAs('i', instances)} AND i.scope_id = $1
            AND ($2::text IS NULL OR (i.data->>'tokenClassId') = $2) AND ($3::text IS NULL OR (i.data->>'batchId') = $3) AND ($4::text IS NULL OR i.status = $4)
          ORDER BY i.created_at, i.id LIMIT ${MAX_EXPORT_ROWS}`,
        [scopeId, q.tokenClassId ?? null, q.batchId ?? null, q.status ?? null],
      );
      const csv = stringify(
        res.rows.map((r) => [r.code, r.status, Number(r.used), r.class_id, r.class_name ?? '', r.batch_id ?? '', iso(r.created_at), r.last_used ?? '']),
        { header: true, columns: ['code', 'status', 'usedCount', 'tokenClassId', 'tokenClassName', 'batchId', 'createdAt', 'lastUsedAt'] },
      );
      const name = `redeem-codes-${new Date().toISOString().slice(0, 10)}.csv`;
      return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}"`).send(`\ufeff${csv}`);
    },
  });

  api.route({
    method: 'GET',
    url: `${instances.base}/:id/used-info`,
    summary: 'Who redeemed a code and when (player, persona, time), newest first',
    tag: TAG,
    auth: 'service',
    params: paramsSchema('id'),
    responses: { 200: { description: 'the redemptions', schema: listAnswer('usedInfo') }, ...serviceErrors },
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

  api.route({
    method: 'GET',
    url: `${classes.base}/names`,
    summary: "Every token class's id, name and status (for choosing a class)",
    tag: TAG,
    auth: 'service',
    responses: { 200: { description: 'the names', schema: listAnswer('names') }, ...serviceErrors },
    handler: async (req) => {
      const { scopeId } = await authorizeService(ctx, req, 'passport');
      const res = await ctx.db.query<{ id: string; name: string; status: string }>(
        `SELECT id, data->>'name' AS name, status FROM records WHERE ${kindPredicate(classes)} AND scope_id = $1 ORDER BY data->>'name', id`,
        [scopeId],
      );
      return { total: res.rows.length, names: res.rows };
    },
  });
}
