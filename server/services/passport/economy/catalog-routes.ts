import type { Ctx } from '../../../context';
import type { CallHandler, CallHandlers } from '../../../engine/declared-calls';
import { records } from '../../../engine/query';
import type { Data } from '../../../engine/store';
import { recordOperation } from '../../../audit';
import { loadResources, priceOf, type Line } from './catalog';
import { economyModels, type EconomyModels } from './models';

/** Publishes or revokes every product of a category that is in the other state; answers how many moved. */
const categoryMove =
  (ctx: Ctx, models: EconomyModels, move: 'publish' | 'revoke'): CallHandler =>
  ({ scopeId, actor, record }) => {
    const [from, to] = move === 'publish' ? ['unpublished', 'published'] : ['published', 'unpublished'];
    return ctx.db.transaction(async (q) => {
      const categoryId = String(record!.id);
      const moved = await records(q, models.products).update(scopeId, { categoryId, status: from }, { status: to });
      for (const { record: product } of moved) {
        const change = { before: { status: from }, after: { status: to, categoryId } };
        const target = String(product.id);
        await recordOperation(q, { actor, appId: scopeId, action: `passport.products.${move}`, target, ...change });
      }
      return { updated: moved.length };
    });
  };

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

/** Categories and products: whole-category publishing and product detail (declared endpoints, by name). */
export function catalogHandlers(ctx: Ctx): CallHandlers {
  const models = economyModels(ctx);
  return {
    'categories.publishProducts': categoryMove(ctx, models, 'publish'),
    'categories.revokeProducts': categoryMove(ctx, models, 'revoke'),
    'products.productDetail': ({ scopeId, record }) => productDetail(ctx, models, scopeId, record!),
  };
}
