import type { Ctx } from '../../../context';
import type { DemoRun, DemoSteps } from '../../../engine/demo-seed';
import { records } from '../../../engine/query';
import type { Data } from '../../../engine/store';
import { providerFor } from '../../../payments/alipay/provider';
import { priceOf } from './catalog';
import { credit, lockPersona } from './inventory';
import { economyModels } from './models';
import { paySandbox } from './notify';
import { purchase } from './purchase';

const DAY_MS = 86_400_000;

/** A demo player's balance and what they bought (`resources/passport/demo-economy.ts`). */
interface DemoBuyer {
  persona: string;
  gold: string;
  gem: string;
}

/** The i-th demo buyer's purchases: every published product it can buy, spread over the last two weeks. */
async function buyAll(ctx: Ctx, appId: string, actor: string, i: number, personaId: string, productIds: string[]) {
  const models = economyModels(ctx);
  const provider = await providerFor(ctx);
  for (const [n, productId] of productIds.entries()) {
    const product = await ctx.store.get(models.products, appId, productId);
    const real = priceOf(product).resource === 'cny';
    if (real && !provider) continue;
    const order = { appId, personaId, productId, actor };
    const bought = await purchase(ctx, ctx.config.publicUrl ?? '', order).catch(() => undefined);
    if (!bought) continue;
    // The sandbox pays most orders and turns one down, as a payment provider would.
    if (real && provider) await paySandbox(ctx, provider, bought.transaction, (i + n) % 4 === 3 ? 'fail' : 'success');
    // Spread the demo's purchases over the last two weeks so the economy metrics have a history to show.
    const at = new Date(Date.now() - ((i * 5 + n * 3) % 14) * DAY_MS - n * 3600_000);
    const transactions = records(ctx.db, models.transactions);
    const trx = await transactions.get(appId, String(bought.transaction.id));
    const stamped = ['chargedAt', 'fulfilledAt'].filter((f) => trx[f] != null);
    const times = Object.fromEntries(stamped.map((f) => [f, at.toISOString()]));
    await transactions.update(appId, { id: trx.id as string }, { set: times, backdate: at });
  }
}

/** The economy area's behaviour that its demo data runs. */
export const economyDemoSteps: DemoSteps = {
  /** Gives each demo buyer their gold and gems, then buys the products for them. */
  async demoPurchases({ ctx, appId, actor }: DemoRun, { players, products }: Data) {
    const models = economyModels(ctx);
    const productIds = products as string[];
    for (const [i, { persona: personaId, gold, gem }] of (players as DemoBuyer[]).entries()) {
      await ctx.db.transaction(async (q) => {
        await lockPersona(q, models, { appId, personaId });
        const amounts = [{ resource: 'gold', amount: gold }, { resource: 'gem', amount: gem }];
        await credit(q, models, { appId, personaId }, amounts);
      });
      await buyAll(ctx, appId, actor, i, personaId, productIds);
    }
  },
};
