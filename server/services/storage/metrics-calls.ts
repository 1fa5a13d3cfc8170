/**
 * Storage's metrics calls: a database's samples, the metrics each engine gives, the app's databases created and in
 * existence per day (from the `databases` counter and the count now), and its databases ranked by a metric's latest
 * sample.
 */
import { METRICS, SAMPLE_KEEP_DAYS } from '../../../resources/storage/metrics';
import { storage } from '../../../resources/storage';
import type { Ctx } from '../../context';
import { counterOf, sumCounts } from '../../engine/counters';
import type { CallHandlers } from '../../engine/declared-calls';
import { dayRange } from '../../engine/day-range';
import { USAGE_ZONE } from '../../usage';
import { samplesOf, sampleSeconds } from './metrics-sample';
import { databasesOf } from './runtime';

const RULE = { zone: USAGE_ZONE, defaultDays: 30, maxDays: 366, field: 'query.from' };
const HOUR_MS = 3_600_000;

/** The metrics a database's server gives. */
const metricsOf = (db: Record<string, unknown>): string[] => {
  const engine = db.server === 'embedded' ? 'embedded' : String(db.engine);
  return METRICS.filter((m) => engine in m.from).map((m) => m.name);
};

export function metricsCallHandlers(ctx: Ctx): CallHandlers {
  const counted = counterOf(storage, 'databases');
  const perDay = async (scopeId: string, input: Record<string, unknown>) => {
    const r = dayRange(input.from as string | undefined, input.to as string | undefined, RULE);
    const sums = await sumCounts(ctx.db, counted, scopeId, { from: r.from, to: r.to, per: 'day', by: ['engine', 'event'] });
    return { r, sums };
  };
  return {
    'databases.metrics': async (call) => {
      const db = call.record!;
      const since = new Date(Date.now() - Number(call.input.hours ?? 24) * HOUR_MS).toISOString();
      const samples = await samplesOf(ctx).find(call.scopeId, { where: { databaseId: String(db.id), at: { $gte: since } }, orderBy: 'at', limit: 20_000 });
      const items = samples.map((s) => ({
        at: s.at,
        connections: s.connections,
        ...(s.sizeBytes === undefined ? {} : { sizeBytes: s.sizeBytes }),
        ...(s.operations === undefined ? {} : { operations: s.operations }),
        ...(s.keys === undefined ? {} : { keys: s.keys }),
      }));
      return { databaseId: String(db.id), engine: String(db.engine), intervalSeconds: sampleSeconds(ctx), metrics: metricsOf(db), items };
    },
    'databases.supportedMetrics': async () => ({ intervalSeconds: sampleSeconds(ctx), keepDays: SAMPLE_KEEP_DAYS, items: METRICS }),
    'databases.dailyNew': async (call) => {
      const { r, sums } = await perDay(call.scopeId, call.input);
      const created = sums.filter((s) => s.keys.event === 'created');
      const days = r.days.map((day) => ({ day, count: created.filter((s) => s.day === day).reduce((n, s) => n + s.n, 0) }));
      const byEngine = created.map((s) => ({ day: s.day!, engine: s.keys.engine, count: s.n }));
      return { from: r.first, to: r.last, days, byEngine };
    },
    'databases.dailyPit': async (call) => {
      const { r, sums } = await perDay(call.scopeId, call.input);
      // Counted back from now: the end of a day held what the next day's end held, less what that day made, plus what it removed.
      const after = await sumCounts(ctx.db, counted, call.scopeId, { from: r.to, to: new Date(Date.now() + 86_400_000), by: ['event'] });
      const later = (event: string) => after.find((s) => s.keys.event === event)?.n ?? 0;
      let count = (await databasesOf(ctx).count(call.scopeId)) - later('created') + later('deleted');
      const of = (day: string, event: string) => sums.filter((s) => s.day === day && s.keys.event === event).reduce((n, s) => n + s.n, 0);
      const days = [...r.days].reverse().map((day) => {
        const item = { day, count: Math.max(0, count), created: of(day, 'created'), deleted: of(day, 'deleted') };
        count = count - item.created + item.deleted;
        return item;
      });
      return { from: r.first, to: r.last, days: days.reverse() };
    },
    'databases.topk': async (call) => {
      const metric = String(call.input.metric ?? 'sizeBytes');
      const k = Number(call.input.k ?? 10);
      const dbs = await databasesOf(ctx).find(call.scopeId, { limit: 10_000 });
      const since = new Date(Date.now() - HOUR_MS).toISOString();
      const ranked = [];
      for (const db of dbs) {
        const databaseId = String(db.id);
        const latest = await samplesOf(ctx).first(call.scopeId, { where: { databaseId }, orderBy: '-at' });
        if (!latest || typeof latest[metric] !== 'number') continue;
        let value = Number(latest[metric]);
        if (metric === 'operations') {
          const hour = await samplesOf(ctx).find(call.scopeId, { where: { databaseId, at: { $gte: since } } });
          value = hour.reduce((n, s) => n + Number(s.operations ?? 0), 0);
        }
        ranked.push({ databaseId, name: String(db.name), engine: String(db.engine), value, at: String(latest.at) });
      }
      ranked.sort((a, b) => b.value - a.value || a.name.localeCompare(b.name));
      return { metric, items: ranked.slice(0, k) };
    },
  };
}
