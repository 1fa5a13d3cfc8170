import type { Ctx } from '../../../context';
import type { Api } from '../../../engine/api';
import { records } from '../../../engine/query';
import { mountCommandCall, mountDetailCall } from '../../../engine/service-calls';
import type { Data } from '../../../engine/store';
import { recordOperation } from '../../../audit';
import { loadResources, priceOf, type Line } from './catalog';
import { economyModels, type EconomyModels } from './models';

/** Publishes or revokes every product of a category that is in the other state; answers how many moved. */
function mountCategoryMove(api: Api, ctx: Ctx, models: EconomyModels, move: 'publish' | 'revoke'): void {
  const [from, to] = move === 'publish' ? ['unpublished', 'published'] : ['published', 'unpublished'];
  mountCommandCall(api, ctx, models.categories, `${move}Products`, {
    summary: `${move === 'publish' ? 'Publish' : 'Revoke'} every product of a category (those ${from} move to ${to})`,
    answer: { description: 'how many products moved', schema: { type: 'object', properties: { updated: { type: 'integer' } } } },
    handler: ({ access: { scopeId, principal }, record }) =>
      ctx.db.transaction(async (q) => {
        const categoryId = String(record.id);
        const moved = await records(q, models.products).update(scopeId, { categoryId, status: from }, { status: to });
        for (const { record: product } of moved) {
          const change = { before: { status: from }, after: { status: to, categoryId } };
          const target = String(product.id);
          await recordOperation(q, { actor: principal.actor, appId: scopeId, action: `passport.products.${move}`, target, ...change });
        }
        return { updated: moved.length };
      }),
  });
}

/** A product with its category and its price and contents resolved to their resources. */
async function productDetail(ctx: Ctx, models: EconomyModels, scopeId: string, product: Data) {
  const price = priceOf(product);
  const contents = product.contents as Line[];
  const known = await loadResources(ctx.db, models, scopeId, [price.resource, ...contents.map((l) => l.resource)]);
  const categoryId = product.categoryId;
  const category = typeof categoryId === 'string' ? ((await records(ctx.db, models.categories).maybe(scopeId, categoryId)) ?? null) : null;
  const resolve = (l: Line) => {
    const r = known.get(l.resource);
    return { ...l, name: r?.name ?? null, type: r?.type ?? null, available: !!r && r.type !== 'Currency' };
  };
  const p = known.get(price.resource);
  return {
    product,
    category,
    transactionType: p ? (p.type === 'Currency' ? 'RealMoneyPurchase' : 'VirtualPurchase') : null,
    price: { ...price, name: p?.name ?? null, type: p?.type ?? null, currencyCode: p?.currencyCode ?? null },
    contents: contents.map(resolve),
  };
}

/** Categories and products: whole-category publishing and product detail. */
export function mountCatalogRoutes(api: Api, ctx: Ctx): void {
  const models = economyModels(ctx);
  mountCategoryMove(api, ctx, models, 'publish');
  mountCategoryMove(api, ctx, models, 'revoke');

  mountDetailCall(api, ctx, models.products, 'productDetail', {
    summary: 'A product with its category, its transaction type, and its price and contents resolved to their resources',
    handler: ({ access, record }) => productDetail(ctx, models, access.scopeId, record),
  });

}
