import Decimal from 'decimal.js';
import type { Queryable } from '../../../db';
import { badRequest } from '../../../engine/errors';
import { records } from '../../../engine/query';
import { loadResources } from './catalog';
import type { EconomyModels } from './models';

/** Days are Shanghai calendar days (UTC+8 all year). */
const ZONE_OFFSET = '+08:00';
const DAY_MS = 86_400_000;
export const MAX_METRIC_DAYS = 366;
export const DEFAULT_METRIC_DAYS = 30;

/** States in which a purchase was paid for: it counts as a purchase and a real-money one as revenue. */
export const PAID_STATES = ['Charged', 'Fulfilled', 'FulfillFailed'];

export interface DayRange {
  from: string;
  to: string;
}

const dayOf = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 10);
const startOf = (day: string) => Date.parse(`${day}T00:00:00${ZONE_OFFSET}`);

/** The days asked for (inclusive, Shanghai calendar), by default the last 30 days up to today. */
export function dayRange(from: string | undefined, to: string | undefined, now = new Date()): DayRange {
  const end = to ?? dayOf(now.getTime());
  const start = from ?? dayOf(startOf(end) - (DEFAULT_METRIC_DAYS - 1) * DAY_MS);
  const span = (startOf(end) - startOf(start)) / DAY_MS + 1;
  if (Number.isNaN(span) || span < 1) throw badRequest([{ field: '/from', message: 'must not be after end' }]);
  if (span > MAX_METRIC_DAYS) throw badRequest([{ field: '/from', message: `the range may span at most ${MAX_METRIC_DAYS} days` }]);
  return { from: start, to: end };
}

export function daysOf(range: DayRange): string[] {
  const out: string[] = [];
  for (let t = startOf(range.from); t <= startOf(range.to); t += DAY_MS) out.push(dayOf(t));
  return out;
}

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
    where: { createdAt: { $gte: new Date(startOf(range.from)), $lt: new Date(startOf(range.to) + DAY_MS) } },
    groupBy: { day: { field: 'createdAt', day: 'Asia/Shanghai' }, type: 'type', status: 'status', product_id: 'productId', currency: 'currencyCode' },
    measures: { product_name: ['max', 'productName'], n: ['count'], amount: ['sum', 'priceAmount'] },
  })) as unknown as Group[];
  const daily = new Map(daysOf(range).map((d) => [d, { date: d, realMoney: 0, virtual: 0 }]));
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
    ...range,
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
