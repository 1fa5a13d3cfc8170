import { publicOrigin } from '../../../auth/callers';
import type { Ctx } from '../../../context';
import type { CallHandlers } from '../../../engine/declared-calls';
import { badRequest } from '../../../engine/errors';
import { records } from '../../../engine/query';
import { personaOf } from '../players/principal';
import { consume } from './inventory';
import { dayRange } from '../../../engine/day-range';
import { inventoryMetrics, METRIC_DAYS, transactionMetrics } from './metrics';
import { economyModels } from './models';
import { purchase } from './purchase';
import { redeem } from './tokens';

/** The behaviour of the economy's calls declared in `resources/passport/economy-calls.ts`. */
export function economyHandlers(ctx: Ctx): CallHandlers {
  const models = economyModels(ctx);
  return {
    'economy.sellToPersona': async ({ req, scopeId, actor, params, input }) => {
      const { personaId, requestId } = input as { personaId: string; requestId?: string };
      if (!(await records(ctx.db, models.personas).maybe(scopeId, personaId))) {
        throw badRequest([{ field: '/personaId', message: 'no such persona' }]);
      }
      return purchase(ctx, publicOrigin(ctx, req), { appId: scopeId, personaId, productId: params.id, requestId, actor });
    },
    'economy.transactionMetrics': ({ scopeId, input }) => {
      const { from, to } = input as { from?: string; to?: string };
      return transactionMetrics(ctx.db, models, scopeId, dayRange(from, to, METRIC_DAYS));
    },
    'economy.inventoryMetrics': ({ scopeId }) => inventoryMetrics(ctx.db, models, scopeId),
    'economy.purchase': (call) => {
      const order = { productId: call.params.id, requestId: call.input.requestId as string | undefined };
      return purchase(ctx, publicOrigin(ctx, call.req), { ...personaOf(call), ...order });
    },
    'economy.consume': (call) => consume(ctx, personaOf(call), call.params.itemId, String(call.input.amount)),
    'economy.redeem': (call) => redeem(ctx, personaOf(call), String(call.input.code)),
  };
}
