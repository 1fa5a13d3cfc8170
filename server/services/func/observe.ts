/**
 * CPU use, aggregation and top functions, read from the servers' records (what was reserved) and the driver (use now);
 * the servers' logs searched and downloaded — the driver's output of a running server, the kept tail of an ended one
 * — and log retention switched (`resources/func/observe.ts`).
 */
import type { Ctx } from '../../context';
import { recordOperation } from '../../audit';
import type { CallHandlers, CallInput } from '../../engine/declared-calls';
import { records } from '../../engine/query';
import type { Data } from '../../engine/store';
import { funcModels, SERVICE } from './models';
import { LIVE, type FuncSupervisor } from './supervisor';

const SERVERS_READ = 10_000;

interface Use {
  functionId: string;
  name: string;
  level: string;
  servers: number;
  players: number;
  coreSeconds: number;
  cpuPercent?: number;
}

async function usesOf(ctx: Ctx, sup: FuncSupervisor, scopeId: string, functionId?: string): Promise<Use[]> {
  const m = funcModels(ctx);
  const fns = await records(ctx.db, m.functions).find(scopeId, { where: functionId ? { id: functionId } : {}, orderBy: 'createdAt', limit: 1000 });
  const servers = await records(ctx.db, m.servers).find(scopeId, { where: functionId ? { functionId } : {}, orderBy: '-createdAt', limit: SERVERS_READ });
  const out: Use[] = [];
  for (const fn of fns) {
    const mine = servers.filter((s) => s.functionId === fn.id);
    const live = mine.filter((s) => LIVE.includes(String(s.status)));
    const cpu: number[] = [];
    for (const s of live) {
      const now = await sup.metrics(String(s.id));
      if (now) cpu.push(now.cpuPercent / (Number(s.millicores) / 1000));
    }
    out.push({
      functionId: String(fn.id),
      name: String(fn.name),
      level: String(fn.level ?? ''),
      servers: live.length,
      players: live.reduce((n, s) => n + Number(s.playerCount ?? 0), 0),
      coreSeconds: Number(mine.reduce((n, s) => n + Number(s.cpuSeconds ?? 0), 0).toFixed(6)),
      ...(cpu.length ? { cpuPercent: Number((cpu.reduce((a, b) => a + b, 0) / cpu.length).toFixed(2)) } : {}),
    });
  }
  return out;
}

interface LogQuery {
  start?: string;
  end?: string;
  text?: string;
  serverId?: string;
  limit?: number;
}

async function searchLogs(ctx: Ctx, sup: FuncSupervisor, call: CallInput): Promise<{ items: Data[]; total: number }> {
  const m = funcModels(ctx);
  const fn = await records(ctx.db, m.functions).get(call.scopeId, call.params.id, { message: 'no such function' });
  const { start, end, text, serverId, limit = 500 } = call.input as LogQuery;
  const servers = await records(ctx.db, m.servers).find(call.scopeId, { where: { functionId: String(fn.id), ...(serverId ? { id: serverId } : {}) }, orderBy: '-createdAt', limit: 200 });
  const needle = text?.toLowerCase();
  const lines = servers
    .flatMap((s) => sup.logs(String(s.id), s, 1000).map((l) => ({ ...l, serverId: String(s.id) })))
    .filter((l) => (!start || l.at >= start) && (!end || l.at < end) && (!needle || l.line.toLowerCase().includes(needle)))
    .sort((a, b) => a.at.localeCompare(b.at));
  return { items: lines.slice(-limit), total: lines.length };
}

export function observeCalls(ctx: Ctx, sup: FuncSupervisor): CallHandlers {
  return {
    'metrics.cpuUsage': async (call) => ({ items: await usesOf(ctx, sup, call.scopeId, (call.input as { functionId?: string }).functionId) }),
    'metrics.aggregation': async (call) => {
      const m = funcModels(ctx);
      const fns = await records(ctx.db, m.functions).find(call.scopeId, { limit: 1000 });
      const servers = await records(ctx.db, m.servers).find(call.scopeId, { orderBy: '-createdAt', limit: SERVERS_READ });
      const byState: Record<string, number> = {};
      for (const s of servers) byState[String(s.status)] = (byState[String(s.status)] ?? 0) + 1;
      const live = servers.filter((s) => LIVE.includes(String(s.status)));
      return {
        functions: fns.length,
        enabled: fns.filter((f) => f.status === 'enabled').length,
        servers: byState,
        players: live.reduce((n, s) => n + Number(s.playerCount ?? 0), 0),
        coreSeconds: Number(servers.reduce((n, s) => n + Number(s.cpuSeconds ?? 0), 0).toFixed(6)),
      };
    },
    'metrics.topk': async (call) => {
      const { by = 'coreSeconds', k = 10 } = call.input as { by?: 'coreSeconds' | 'players' | 'servers'; k?: number };
      const uses = await usesOf(ctx, sup, call.scopeId);
      return { items: uses.sort((a, b) => b[by] - a[by] || a.name.localeCompare(b.name)).slice(0, k) };
    },
    'logs.search': (call) => searchLogs(ctx, sup, call),
    'logs.download': async (call) => {
      const { items } = await searchLogs(ctx, sup, call);
      call.reply.header('content-type', 'text/plain; charset=utf-8').header('content-disposition', `attachment; filename="function-${call.params.id}-logs.txt"`);
      return items.map((l) => `${l.at} ${l.serverId} ${l.stream} ${l.line}`).join('\n') + (items.length ? '\n' : '');
    },
    'logs.retention': async (call) => {
      const enabled = (call.input as { enabled: boolean }).enabled;
      const [hit] = await records(ctx.db, funcModels(ctx).functions).update(call.scopeId, { id: String(call.record!.id) }, { set: { clsEnabled: enabled } });
      await recordOperation(ctx.db, { actor: call.actor, appId: call.scopeId, action: `${SERVICE}.functions.enable-cls`, target: String(call.record!.id), after: { clsEnabled: enabled } });
      return hit.record;
    },
  };
}
