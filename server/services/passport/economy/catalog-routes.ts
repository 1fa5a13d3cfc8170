import type { Ctx } from '../../../context';
import { childrenAction } from '../../../engine/children-actions';
import type { CallHandlers } from '../../../engine/declared-calls';
import { records } from '../../../engine/query';
import type { Data } from '../../../engine/store';
import { loadResources, priceOf, type Line } from './catalog';
import { economyModels, type EconomyModels } from './models';

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

/** Categories and products: whole-category publishing (the products' own actions) and product detail (declared endpoints, by name). */
export function catalogHandlers(ctx: Ctx): CallHandlers {
  const models = economyModels(ctx);
  return {
    'categories.publishProducts': childrenAction(ctx, models.categories, 'products', 'publish'),
    'categories.revokeProducts': childrenAction(ctx, models.categories, 'products', 'revoke'),
    'products.productDetail': ({ scopeId, record }) => productDetail(ctx, models, scopeId, record!),
  };
}
