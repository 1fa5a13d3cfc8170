import { remoteConfig } from '../../../resources/config';
import { modelOf, type Ctx } from '../../context';
import { errorSchema, type Api } from '../../engine/api';
import type { CallHandlers } from '../../engine/declared-calls';
import { authorizeService } from '../../engine/guard';
import { recordUsage } from '../../usage';
import { evaluateSettings, type ConfigItem, type OverrideItem, type PlayerContext } from './evaluate';
import { validateRule } from './rules';
import { mountConfigUsage } from './usage-routes';

const SERVICE = remoteConfig.name;
const BASE = remoteConfig.base;

const errors = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, { description: 'error', schema: errorSchema }]));

async function evaluateFor(ctx: Ctx, appId: string, body: { context: PlayerContext; at?: string }) {
  const [configs, overrides] = await Promise.all([
    ctx.store.all(modelOf(ctx, SERVICE, 'configs'), appId),
    ctx.store.all(modelOf(ctx, SERVICE, 'overrides'), appId),
  ]);
  return evaluateSettings({
    configs: configs as unknown as ConfigItem[],
    overrides: overrides as unknown as OverrideItem[],
    context: body.context,
    at: body.at ? new Date(body.at) : new Date(),
  });
}

/**
 * The behaviour of remote config's declared calls (`resources/config-calls.ts`): what a player with a context gets —
 * the simulation with every override's reason (measured only), the player fetch (billed, with its overrides).
 */
export function configCallHandlers(ctx: Ctx): CallHandlers {
  return {
    'settings.simulate': async ({ scopeId, input }) => {
      const result = await evaluateFor(ctx, scopeId, input as { context: PlayerContext; at?: string });
      await recordUsage(ctx.db, scopeId, SERVICE, 'simulate');
      return result;
    },
    'settings.fetch': async ({ scopeId, input }) => {
      const result = await evaluateFor(ctx, scopeId, input as { context: PlayerContext });
      await recordUsage(ctx.db, scopeId, SERVICE, 'fetch');
      if (result.overrides.some((o) => o.applied)) await recordUsage(ctx.db, scopeId, SERVICE, 'override');
      return {
        settings: result.settings,
        applied: result.overrides.filter((o) => o.applied).map((o) => ({ overrideId: o.id, overrideName: o.name, variant: o.variant })),
      };
    },
  };
}

export function mountConfigService(api: Api, ctx: Ctx): void {
  api.route({
    method: 'POST',
    url: `${BASE}/overrides/validate-rule`,
    summary: 'Check whether a targeting rule parses; if not, where and why',
    tag: SERVICE,
    auth: 'service',
    body: { type: 'object', additionalProperties: false, required: ['rule'], properties: { rule: { type: 'string', maxLength: 10000 } } },
    responses: {
      200: {
        description: 'the verdict',
        schema: { type: 'object', required: ['valid'], properties: { valid: { type: 'boolean' }, error: { type: 'object' } } },
      },
      ...errors(400, 401, 403),
    },
    handler: async (req) => {
      await authorizeService(ctx, req, SERVICE);
      return validateRule((req.body as { rule: string }).rule);
    },
  });

  mountConfigUsage(api, ctx, SERVICE, BASE);
}
