import Decimal from 'decimal.js';
import { publicOrigin } from '../../../auth/callers';
import type { Ctx } from '../../../context';
import { recordOperation } from '../../../audit';
import { paramsSchema, type Api } from '../../../engine/api';
import { ApiError, badRequest, notFound } from '../../../engine/errors';
import { records } from '../../../engine/query';
import { SDK } from '../base';
import { playerActor, requireSelectedPersona } from '../players/principal';
import { amountError, plain } from './amounts';
import { loadResources } from './catalog';
import { debit, lockPersona } from './inventory';
import { economyModels } from './models';
import { purchase } from './purchase';
import { redeem } from './tokens';
import { consumeBody, playerPurchaseBody, purchaseAnswer, redeemBody } from '../../../../resources/passport/economy-api';
import { playerErrors, TAG } from './schemas';

/** The game client's economy calls: each acts as the token's player and their selected persona, in the token's app. */
export function mountPlayerRoutes(api: Api, ctx: Ctx): void {
  const models = economyModels(ctx);

  api.route({
    method: 'POST',
    url: `${SDK}/products/:id/purchase`,
    summary:
      "Buy a published product for the selected persona: a virtual purchase is paid from its inventory and fulfilled at once; a real-money purchase answers the order to pay (Alipay's app order string)",
    tag: TAG,
    auth: 'player',
    params: paramsSchema('id'),
    optionalBody: playerPurchaseBody,
    responses: { 200: { description: 'the transaction (and the payment order)', schema: purchaseAnswer }, ...playerErrors },
    handler: async (req) => {
      const p = await requireSelectedPersona(ctx.db, req);
      const body = (req.body ?? {}) as { requestId?: string };
      return purchase(ctx, publicOrigin(ctx, req), { appId: p.appId, personaId: p.personaId, productId: (req.params as { id: string }).id, requestId: body.requestId, actor: playerActor(p) });
    },
  });

  api.route({
    method: 'POST',
    url: `${SDK}/inventory/:itemId/consume`,
    summary: 'Use up an amount of an item the selected persona holds (the entry goes when it reaches zero)',
    tag: TAG,
    auth: 'player',
    params: paramsSchema('itemId'),
    body: consumeBody,
    responses: { 200: { description: 'the entry afterwards (null when used up)', schema: { type: 'object' } }, ...playerErrors },
    handler: async (req) => {
      const p = await requireSelectedPersona(ctx.db, req);
      const { itemId } = req.params as { itemId: string };
      const { amount } = req.body as { amount: string };
      return ctx.db.transaction(async (q) => {
        const ref = { appId: p.appId, personaId: p.personaId };
        await lockPersona(q, models, ref);
        const entry = await records(q, models.inventory).first(p.appId, { where: { id: itemId, personaId: p.personaId } });
        if (!entry) throw notFound();
        const resource = (await loadResources(q, models, p.appId, [String(entry.resource)])).get(String(entry.resource));
        if (resource?.type !== 'Item') throw new ApiError(409, 'NOT_AN_ITEM', 'only items can be consumed');
        const bad = amountError(amount, resource.decimals, '/amount');
        if (bad) throw badRequest([bad]);
        if (new Decimal(String(entry.amount)).lt(amount)) throw new ApiError(409, 'NOT_ENOUGH_ITEMS', 'not enough items', [{ field: '/amount', message: `holds ${plain(new Decimal(String(entry.amount)))}` }]);
        const { before, after } = await debit(q, models, ref, { resource: String(entry.resource), amount });
        await recordOperation(q, { actor: playerActor(p), appId: p.appId, action: 'passport.inventory.consume', target: itemId, before, after: after ?? null });
        return { entry: after ?? null, consumed: amount };
      });
    },
  });

  api.route({
    method: 'POST',
    url: `${SDK}/tokens/redeem`,
    summary: "Redeem a code for the selected persona: the gift pack's contents go into its inventory; unknown codes answer 'failed to find token', used ones 'token has been fulfilled'",
    tag: TAG,
    auth: 'player',
    body: redeemBody,
    responses: { 200: { description: 'what was granted', schema: { type: 'object' } }, ...playerErrors },
    handler: async (req) => {
      const p = await requireSelectedPersona(ctx.db, req);
      return redeem(ctx, { appId: p.appId, userId: p.userId, personaId: p.personaId }, (req.body as { code: string }).code);
    },
  });
}
