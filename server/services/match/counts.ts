/**
 * Ticket counts and metrics: the app's tickets now by state (`query-ticket-count`), a config's per-minute counts
 * (`tickets-count-metrics`), the tickets per day (`ticket-sum`) and the configs with the most (`ticket-topk`), read
 * from the service's counter; the regions; and the rule test.
 */
import type { Ctx } from '../../context';
import type { CallHandlers } from '../../engine/declared-calls';
import { sumCounts } from '../../engine/counters';
import { dayRange, type DayRangeRule } from '../../engine/day-range';
import { records, type Where } from '../../engine/query';
import { USAGE_ZONE } from '../../usage';
import { supervisorOf } from '../multiverse/supervisors';
import type { MatchConfig } from './matchmaker';
import { matchModels, TICKET_COUNTER } from './models';
import { simulate, type ConfigTestInput } from './simulate';

const RULE: DayRangeRule = { zone: USAGE_ZONE, defaultDays: 30, maxDays: 30, field: '/from' };
const EVENTS = ['submitted', 'matched', 'timedOut', 'released'] as const;

export function countCalls(ctx: Ctx): CallHandlers {
  const m = matchModels(ctx);
  return {
    queryTicketCount: async ({ scopeId, input }) => {
      const where: Where = input.configId ? { configId: String(input.configId) } : {};
      const rows = await records(ctx.db, m.tickets).aggregate(scopeId, { where, groupBy: { config: 'configId', state: 'status' }, measures: { tickets: ['count'] }, orderBy: ['config', 'state'] });
      const states: Record<string, number> = {};
      for (const r of rows) states[String(r.state)] = (states[String(r.state)] ?? 0) + Number(r.tickets);
      return { total: Object.values(states).reduce((a, b) => a + b, 0), states, configs: rows.map((r) => ({ configId: r.config, state: r.state, tickets: Number(r.tickets) })) };
    },
    'configs.ticketsCountMetrics': async ({ scopeId, record, input }) => {
      const minutes = Number(input.minutes ?? 60);
      const to = new Date(Date.now() + 60_000);
      const from = new Date(to.getTime() - (minutes + 1) * 60_000);
      const sums = await sumCounts(ctx.db, TICKET_COUNTER, scopeId, { from, to, per: 'minute', by: ['event'], where: { configId: String(record!.id) } });
      const perMinute = new Map<string, Record<string, number>>();
      const totals: Record<string, number> = Object.fromEntries(EVENTS.map((e) => [e, 0]));
      for (const s of sums) {
        const row = perMinute.get(s.at!) ?? Object.fromEntries(EVENTS.map((e) => [e, 0]));
        row[s.keys.event] = (row[s.keys.event] ?? 0) + s.n;
        totals[s.keys.event] = (totals[s.keys.event] ?? 0) + s.n;
        perMinute.set(s.at!, row);
      }
      const waiting = await records(ctx.db, m.tickets).count(scopeId, { configId: String(record!.id), status: 'searching' });
      return { waiting, ...totals, minutes: [...perMinute].map(([minute, row]) => ({ minute, ...row })) };
    },
    ticketSum: async ({ scopeId, input }) => {
      const r = dayRange(input.from as string | undefined, input.to as string | undefined, RULE);
      const sums = await sumCounts(ctx.db, TICKET_COUNTER, scopeId, { from: r.from, to: r.to, per: 'day', where: { event: 'submitted' } });
      const byDay = new Map(sums.map((s) => [s.day!, s.n]));
      const days = r.days.map((day) => ({ day, tickets: byDay.get(day) ?? 0 }));
      return { from: r.first, to: r.last, tickets: days.reduce((a, d) => a + d.tickets, 0), days };
    },
    ticketTopk: async ({ scopeId, input }) => {
      const r = dayRange(input.from as string | undefined, input.to as string | undefined, RULE);
      const sums = await sumCounts(ctx.db, TICKET_COUNTER, scopeId, { from: r.from, to: r.to, by: ['configId'], where: { event: 'submitted' }, largest: 'n', limit: Number(input.k ?? 10) });
      const configs = await records(ctx.db, m.configs).find(scopeId, { where: { id: { $in: sums.map((s) => s.keys.configId) } }, limit: 100 });
      const names = new Map(configs.map((c) => [String(c.id), String(c.name)]));
      return { items: sums.map((s) => ({ configId: s.keys.configId, name: names.get(s.keys.configId) ?? '', tickets: s.n })) };
    },
    refreshRegionsCache: async () => ({ regions: supervisorOf(ctx).settings.regions.map((r) => r.name) }),
    'configs.test': async ({ record, input }) => simulate(record as unknown as MatchConfig, input as unknown as ConfigTestInput),
  };
}
