import productDetailSchema from '../../../../schemas/passport/economy/views/product-detail.json' with { type: 'json' };
import { publicOrigin } from '../../../auth/callers';
import type { Ctx } from '../../../context';
import { paramsSchema, type Api } from '../../../engine/api';
import { badRequest } from '../../../engine/errors';
import { authorizeService } from '../../../engine/guard';
import { records } from '../../../engine/query';
import { recordOperation } from '../../../audit';
import { loadResources, priceOf, type Line } from './catalog';
import { economyModels } from './models';
import { purchase } from './purchase';
import { purchaseAnswer, serverPurchaseBody, serviceErrors, TAG } from './schemas';

/** Publishes or revokes every product of a category that is in the other state; answers how many moved. */
function mountCategoryMove(api: Api, ctx: Ctx, move: 'publish' | 'revoke'): void {
  const models = economyModels(ctx);
  const [from, to] = move === 'publish' ? ['unpublished', 'published'] : ['published', 'unpublished'];
  api.route({
    method: 'POST',
    url: `${models.categories.base}/:id/products/${move}`,
    summary: `${move === 'publish' ? 'Publish' : 'Revoke'} every product of a category (those ${from} move to ${to})`,
    tag: TAG,
    auth: 'service',
    params: paramsSchema('id'),
    responses: { 200: { description: 'how many products moved', schema: { type: 'object', properties: { updated: { type: 'integer' } } } }, ...serviceErrors },
    handler: async (req) => {
      const { scopeId, principal } = await authorizeService(ctx, req, 'passport');
      const { id } = req.params as { id: string };
      await ctx.store.get(models.categories, scopeId, id);
      return ctx.db.transaction(async (q) => {
        const moved = await records(q, models.products).update(scopeId, { categoryId: id, status: from }, { status: to });
        for (const { record } of moved) {
          await recordOperation(q, { actor: principal.actor, appId: scopeId, action: `passport.products.${move}`, target: String(record.id), before: { status: from }, after: { status: to, categoryId: id } });
        }
        return { updated: moved.length };
      });
    },
  });
}

/** A product with its category and its price and contents resolved to their resources. */
async function productDetail(ctx: Ctx, scopeId: string, id: string) {
  const models = economyModels(ctx);
  const product = await records(ctx.db, models.products).get(scopeId, id);
  const price = priceOf(product);
  const contents = product.contents as Line[];
  const known = await loadResources(ctx.db, models, scopeId, [price.resource, ...contents.map((l) => l.resource)]);
  const category = typeof product.categoryId === 'string' ? ((await records(ctx.db, models.categories).maybe(scopeId, product.categoryId)) ?? null) : null;
  const resolve = (l: Line) => {
    const r = known.get(l.resource);
    return { ...l, name: r?.name ?? null, type: r?.type ?? null, available: !!r && r.type !== 'Currency' };
  };
  const priceResource = known.get(price.resource);
  return {
    product,
    category,
    transactionType: priceResource ? (priceResource.type === 'Currency' ? 'RealMoneyPurchase' : 'VirtualPurchase') : null,
    price: { ...price, name: priceResource?.name ?? null, type: priceResource?.type ?? null, currencyCode: priceResource?.currencyCode ?? null },
    contents: contents.map(resolve),
  };
}

/** Resources, categories and products: whole-category publishing, product detail and server-side purchase. */
export function mountCatalogRoutes(api: Api, ctx: Ctx): void {
  const models = economyModels(ctx);
  mountCategoryMove(api, ctx, 'publish');
  mountCategoryMove(api, ctx, 'revoke');

  api.route({
    method: 'GET',
    url: `${models.products.base}/:id/detail`,
    summary: 'A product with its category, its transaction type, and its price and contents resolved to their resources',
    tag: TAG,
    auth: 'service',
    params: paramsSchema('id'),
    responses: { 200: { description: 'the product in detail', schema: productDetailSchema }, ...serviceErrors },
    handler: async (req) => {
      const { scopeId } = await authorizeService(ctx, req, 'passport');
      return productDetail(ctx, scopeId, (req.params as { id: string }).id);
    },
  });

  api.route({
    method: 'POST',
    url: `${models.products.base}/:id/purchase`,
    summary:
      "Buy a published product for a persona (the game's server): a virtual purchase is paid from the persona's inventory and fulfilled at once; a real-money purchase answers a Pending transaction and the order to pay",
    tag: TAG,
    auth: 'service',
    params: paramsSchema('id'),
    body: serverPurchaseBody,
    responses: { 200: { description: 'the transaction (and the payment order)', schema: purchaseAnswer }, ...serviceErrors, 503: serviceErrors[409] },
    handler: async (req) => {
      const { scopeId, principal } = await authorizeService(ctx, req, 'passport');
      const body = req.body as { personaId: string; requestId?: string };
      if (!(await records(ctx.db, models.personas).maybe(scopeId, body.personaId))) throw badRequest([{ field: '/personaId', message: 'no such persona' }]);
      return purchase(ctx, publicOrigin(ctx, req), { appId: scopeId, personaId: body.personaId, productId: (req.params as { id: string }).id, requestId: body.requestId, actor: principal.actor });
    },
  });
}
