import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import type { Ctx } from '../../../context';
import { records } from '../../../engine/query';
import type { Data } from '../../../engine/store';
import { providerFor } from '../../../payments/alipay/provider';
import { sandboxNotification } from '../../../payments/alipay/sandbox';
import { priceOf } from './catalog';
import { credit, lockPersona } from './inventory';
import { economyModels } from './models';
import { applyPurchaseNotification } from './notify';
import { purchase } from './purchase';
import { generateCodes } from './tokens';
import { ECONOMY_DEMO } from '../../../../resources/passport/economy-demo';

const ACTOR = 'system:demo';

const DAY_MS = 86_400_000;

/** The demo app's economy: resources, a shop, gift packs with codes, and — for the players the demo has — purchases over the last two weeks. */
export async function seedEconomy(ctx: Ctx, appId: string): Promise<void> {
  const models = economyModels(ctx);
  const { resources, categories, products, tokenClasses } = ECONOMY_DEMO;
  for (const r of resources) await ctx.store.insert(models.resources, appId, randomUUID(), r, null);
  const categoryIds = new Map<string, string>();
  for (const { key, ...c } of categories) categoryIds.set(key, String((await ctx.store.insert(models.categories, appId, randomUUID(), c, null)).id));
  const productIds: string[] = [];
  for (const { category, published, ...p } of products) {
    const created = await ctx.store.insert(models.products, appId, randomUUID(), { ...p, categoryId: categoryIds.get(category) }, published ? 'published' : 'unpublished');
    if (published) productIds.push(String(created.id));
  }
  for (const { codes, status, ...c } of tokenClasses) {
    const created = await ctx.store.insert(models.tokenClasses, appId, randomUUID(), { ...c, maxUsesPerCode: 1, maxUsesPerPlayer: 1 }, status);
    if (codes) await generateCodes(ctx, appId, String(created.id), codes, ACTOR);
  }

  const personas = await records(ctx.db, models.personas).find(appId, { orderBy: 'createdAt', limit: 5 });
  const provider = await providerFor(ctx);
  for (const [i, persona] of personas.entries()) {
    const personaId = String(persona.id);
    await ctx.db.transaction(async (q) => {
      await lockPersona(q, models, { appId, personaId });
      await credit(q, models, { appId, personaId }, [{ resource: 'gold', amount: String(3000 + 1000 * i) }, { resource: 'gem', amount: String(40 + 15 * i) }]);
    });
    for (const [n, productId] of productIds.entries()) {
      const product = await ctx.store.get(models.products, appId, productId);
      const real = priceOf(product).resource === 'cny';
      if (real && !provider) continue;
      const bought = await purchase(ctx, ctx.config.publicUrl ?? '', { appId, personaId, productId, actor: ACTOR }).catch(() => undefined);
      if (!bought) continue;
      if (real && provider) {
        // The sandbox pays most orders and turns one down, as a payment provider would.
        const trx: Data = bought.transaction;
        const result = (i + n) % 4 === 3 ? 'fail' : 'success';
        const note = await sandboxNotification(ctx.db, provider.appId, { OutTradeNo: String(trx.outTradeNo), Amount: new Decimal(priceOf(trx).amount).toFixed(2), CreatedAt: String(trx.createdAt) }, result);
        await applyPurchaseNotification(ctx, provider, note);
      }
      // Spread the demo's purchases over the last two weeks so the economy metrics have a history to show.
      const at = new Date(Date.now() - ((i * 5 + n * 3) % 14) * DAY_MS - n * 3600_000);
      const transactions = records(ctx.db, models.transactions);
      const trx = await transactions.get(appId, String(bought.transaction.id));
      const times = Object.fromEntries(['chargedAt', 'fulfilledAt'].filter((f) => trx[f] != null).map((f) => [f, at.toISOString()]));
      await transactions.update(appId, { id: trx.id as string }, { set: times, backdate: at });
    }
  }
}
