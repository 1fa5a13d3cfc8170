import Decimal from 'decimal.js';
import type { Queryable } from '../../../db';
import type { DayRange, DayRangeRule } from '../../../engine/day-range';
import { records } from '../../../engine/query';
import { loadResources } from './catalog';
import type { EconomyModels } from './models';

/** The days the purchase metrics cover: Shanghai calendar days, by default the last 30 up to today, at most 366. */
export const METRIC_DAYS: DayRangeRule = { zone: 'Asia/Shanghai', defaultDays: 30, maxDays: 366, field: '/from' };

/** States in which a purchase was paid for: it counts as a purchase and a real-money one as revenue. */
export const PAID_STATES = ['Charged', 'Fulfilled', 'FulfillFailed'];

interface Money {
  currencyCode: string;
  amount: string;
}

/** Adds an amount into a per-currency list (decimal arithmetic, 2 decimals). */
function addMoney(list: Money[], currencyCode: string, amount: string): void {
  const hit = list.find((m) => m.currencyCode === currencyCode);
  if (hit) hit.amount = new Decimal(hit.amount).plus(amount).toFixed(2);
  else list.push({ currencyCode, amount: new Decimal(amount).toFixed(2) });
}

/** One group of purchases: a day, type, state, product and currency, how many and for how much. */
interface Group {
  day: string;
  type: string;
  status: string;
  product_id: string;
  product_name: string;
  currency: string | null;
  n: number;
  amount: string;
}

/** Purchases and revenue per day, purchases by state, totals and the ten most bought products over a range. */
export async function transactionMetrics(q: Queryable, models: EconomyModels, appId: string, range: DayRange) {
  const groups = (await records(q, models.transactions).aggregate(appId, {
    where: { createdAt: { $gte: range.from, $lt: range.to } },
    groupBy: { day: { field: 'createdAt', day: 'Asia/Shanghai' }, type: 'type', status: 'status', product_id: 'productId', currency: 'currencyCode' },
    measures: { product_name: ['max', 'productName'], n: ['count'], amount: ['sum', 'priceAmount'] },
  })) as unknown as Group[];
  const daily = new Map(range.days.map((d) => [d, { date: d, realMoney: 0, virtual: 0 }]));
  const dailyRevenue = new Map<string, Money[]>();
  const byStatus = new Map<string, number>();
  const totals = { purchases: 0, realMoney: 0, virtual: 0, revenue: [] as Money[] };
  const products = new Map<string, { productId: string; productName: string; purchases: number; revenue: Money[] }>();
  for (const g of groups) {
    const n = Number(g.n);
    byStatus.set(g.status, (byStatus.get(g.status) ?? 0) + n);
    if (!PAID_STATES.includes(g.status)) continue;
    const real = g.type === 'RealMoneyPurchase';
    const day = daily.get(g.day);
    if (day) day[real ? 'realMoney' : 'virtual'] += n;
    totals.purchases += n;
    totals[real ? 'realMoney' : 'virtual'] += n;
    const product = products.get(g.product_id) ?? { productId: g.product_id, productName: g.product_name, purchases: 0, revenue: [] };
    product.purchases += n;
    products.set(g.product_id, product);
    if (real && g.currency) {
      addMoney(totals.revenue, g.currency, g.amount);
      addMoney(product.revenue, g.currency, g.amount);
      dailyRevenue.set(g.day, dailyRevenue.get(g.day) ?? []);
      addMoney(dailyRevenue.get(g.day)!, g.currency, g.amount);
    }
  }
  return {
    from: range.first,
    to: range.last,
    daily: [...daily.values()],
    dailyRevenue: [...dailyRevenue]
      .flatMap(([date, list]) => list.map((m) => ({ date, ...m })))
      .sort((a, b) => a.date.localeCompare(b.date) || a.currencyCode.localeCompare(b.currencyCode)),
    byStatus: [...byStatus].map(([status, count]) => ({ status, count })).sort((a, b) => a.status.localeCompare(b.status)),
    totals,
    topProducts: [...products.values()].sort((a, b) => b.purchases - a.purchases || a.productName.localeCompare(b.productName)).slice(0, 10),
  };
}

/** What the app's personas hold: entries and holders overall, and per resource how many hold it and how much. */
export async function inventoryMetrics(q: Queryable, models: EconomyModels, appId: string) {
  const inventory = records(q, models.inventory);
  const [[overall], perResource] = await Promise.all([
    inventory.aggregate(appId, { measures: { entries: ['count'], personas: ['countDistinct', 'personaId'] } }),
    inventory.aggregate(appId, { groupBy: { resource: 'resource' }, measures: { holders: ['count'], total: ['sum', 'amount'] }, orderBy: ['-holders', 'resource'], limit: 100 }),
  ]);
  const known = await loadResources(q, models, appId, perResource.map((r) => String(r.resource)));
  return {
    entries: Number(overall.entries),
    personas: Number(overall.personas),
    resources: perResource.map((r) => {
      const resource = String(r.resource);
      const info = known.get(resource);
      return { resource, name: info?.name ?? resource, type: info?.type ?? null, holders: Number(r.holders), total: new Decimal(String(r.total)).toFixed() };
    }),
  };
}
