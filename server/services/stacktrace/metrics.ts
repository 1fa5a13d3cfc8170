/** `metrics/aggregation` and `metrics/topk`: crash records over a range of days, per day, per state and by signature. */
import { USAGE_ZONE } from '../../usage';
import type { Ctx } from '../../context';
import type { CallHandlers } from '../../engine/declared-calls';
import { dayRange } from '../../engine/day-range';
import { records, type Where } from '../../engine/query';
import { stacktraceModels } from './models';

/** The latest time of a group (output names are lower case in SQL: `last_at`), as the database answers it as text (`2026-11-27 00:58:00.12+00`), in ISO form. */
const isoOf = (v: unknown) => (v instanceof Date ? v : new Date(String(v).replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00'))).toISOString();

const RULE = { zone: USAGE_ZONE, defaultDays: 30, maxDays: 400, field: 'query.from' };

export function metricsCalls(ctx: Ctx): CallHandlers {
  const m = stacktraceModels(ctx);
  const inRange = (input: Record<string, unknown>) => {
    const r = dayRange(input.from as string | undefined, input.to as string | undefined, RULE);
    return { r, where: { createdAt: { $gte: r.from, $lt: r.to } } as Where };
  };
  const signatures = async (appId: string, where: Where, limit: number) => {
    const rows = await records(ctx.db, m.records).aggregate(appId, {
      where,
      groupBy: { signature: 'signature' },
      measures: { crashes: ['count'], title: ['max', 'title'], last_at: ['max', 'createdAt'] },
      orderBy: ['-crashes', 'signature'],
      limit,
    });
    return rows.map((g) => ({ signature: g.signature, title: g.title, crashes: Number(g.crashes), lastAt: isoOf(g.last_at) }));
  };
  return {
    'metrics.aggregation': async ({ scopeId, input }) => {
      const { r, where } = inRange(input);
      const q = records(ctx.db, m.records);
      const perDay = await q.aggregate(scopeId, { where, groupBy: { day: { field: 'createdAt', day: USAGE_ZONE } }, measures: { crashes: ['count'] } });
      const byDay = new Map(perDay.map((d) => [d.day, Number(d.crashes)]));
      const states = await q.aggregate(scopeId, { where, groupBy: { status: 'status' }, measures: { crashes: ['count'] } });
      const groups = await q.aggregate(scopeId, { where, measures: { groups: ['countDistinct', 'signature'] } });
      const days = r.days.map((day) => ({ day, crashes: byDay.get(day) ?? 0 }));
      return {
        from: r.first,
        to: r.last,
        crashes: days.reduce((s, d) => s + d.crashes, 0),
        groups: Number(groups[0]?.groups ?? 0),
        byStatus: Object.fromEntries(states.map((s) => [s.status, Number(s.crashes)])),
        days,
        signatures: await signatures(scopeId, where, 50),
      };
    },
    'metrics.topk': async ({ scopeId, input }) => {
      const { where } = inRange(input);
      return { items: await signatures(scopeId, where, Number(input.k ?? 10)) };
    },
  };
}
