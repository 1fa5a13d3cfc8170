/**
 * The calls on a function's servers (`resources/func/calls.ts`): start one, change its note, delete it, its players,
 * the tags and player counts of the live ones, the app's functions, and the server a player is sent to by the
 * function's endpoint selection (RANDOM, LATEST, LEAST).
 */
import { randomInt } from 'node:crypto';
import type { Ctx } from '../../context';
import { recordOperation } from '../../audit';
import type { CallHandlers, CallInput } from '../../engine/declared-calls';
import { conflict, notFound } from '../../engine/errors';
import { records } from '../../engine/query';
import type { Data } from '../../engine/store';
import { codeOf } from './code';
import { funcModels, SERVICE } from './models';
import { LIVE, type FuncSupervisor } from './supervisor';

/** The function the path names (calls whose path is not under the function's own, such as its players'). */
const functionOf = async (ctx: Ctx, call: CallInput): Promise<Data> =>
  call.record ?? (await records(ctx.db, funcModels(ctx).functions).get(call.scopeId, call.params.id, { message: 'no such function' }));

const serverOf = async (ctx: Ctx, call: CallInput): Promise<Data> => {
  const q = records(ctx.db, funcModels(ctx).servers);
  const fn = await functionOf(ctx, call);
  const [server] = await q.find(call.scopeId, { where: { id: call.params.serverId, functionId: String(fn.id) }, limit: 1 });
  if (!server) throw notFound('no such server');
  return server;
};

export const liveServers = (ctx: Ctx, scopeId: string, functionId: string, status: string[] = LIVE) =>
  records(ctx.db, funcModels(ctx).servers).find(scopeId, { where: { functionId, status: { $in: status } }, orderBy: 'createdAt', limit: 10_000 });

/** The server a player is sent to: RANDOM any running one, LATEST the last Ready, LEAST the one with fewest players. */
export function pickServer(running: Data[], selection: string): Data | undefined {
  if (!running.length) return undefined;
  if (selection === 'LATEST') return [...running].sort((a, b) => String(b.readyAt ?? '').localeCompare(String(a.readyAt ?? '')))[0];
  if (selection === 'LEAST') return [...running].sort((a, b) => Number(a.playerCount ?? 0) - Number(b.playerCount ?? 0) || String(a.readyAt ?? '').localeCompare(String(b.readyAt ?? '')))[0];
  return running[randomInt(running.length)];
}

/** Starts a server of an enabled function with code; 409 otherwise. */
export async function startServerOf(sup: FuncSupervisor, scopeId: string, fn: Data, input: { note?: string; tags?: Record<string, string> } = {}): Promise<Data> {
  if (fn.status !== 'enabled') throw conflict('INVALID_TRANSITION', 'the function is disabled');
  const code = await codeOf(sup.settings, scopeId, fn);
  if (!code) throw conflict('INVALID_TRANSITION', 'the function has no code');
  return sup.start(scopeId, { fn, code, tags: input.tags, note: input.note });
}

export function serverCalls(ctx: Ctx, sup: FuncSupervisor): CallHandlers {
  const q = () => records(ctx.db, funcModels(ctx).servers);
  return {
    'servers.create': async (call) => {
      const server = await startServerOf(sup, call.scopeId, call.record!, call.input as { note?: string; tags?: Record<string, string> });
      await recordOperation(ctx.db, { actor: call.actor, appId: call.scopeId, action: `${SERVICE}.servers.create`, target: String(server.id) });
      return server;
    },
    'servers.update': async (call) => {
      const server = await serverOf(ctx, call);
      const [hit] = await q().update(call.scopeId, { id: String(server.id) }, { set: { note: (call.input as { note: string }).note } });
      return hit.record;
    },
    'servers.delete': async (call) => {
      const server = await serverOf(ctx, call);
      const id = String(server.id);
      const { graceSeconds = 5, wait = true } = call.input as { graceSeconds?: number; wait?: boolean };
      if (LIVE.includes(String(server.status))) {
        const { exited } = await sup.remove(call.scopeId, id, graceSeconds * 1000);
        if (wait) await exited;
        else exited.catch(() => undefined);
        await recordOperation(ctx.db, { actor: call.actor, appId: call.scopeId, action: `${SERVICE}.servers.delete`, target: id });
      }
      return (await q().maybe(call.scopeId, id)) ?? server;
    },
    serverTags: async (call) => {
      const counts = new Map<string, { key: string; value: string; servers: number }>();
      for (const s of await liveServers(ctx, call.scopeId, String(call.record!.id))) {
        for (const [key, value] of Object.entries((s.tags ?? {}) as Record<string, string>)) {
          const row = counts.get(`${key}\0${value}`) ?? { key, value, servers: 0 };
          row.servers += 1;
          counts.set(`${key}\0${value}`, row);
        }
      }
      return { items: [...counts.values()].sort((a, b) => a.key.localeCompare(b.key) || a.value.localeCompare(b.value)) };
    },
    players: async (call) => {
      const server = await serverOf(ctx, call);
      const players = (server.players ?? []) as string[];
      return { items: players.map((playerId) => ({ playerId, serverId: String(server.id) })), playerCount: players.length };
    },
    playerCountSum: async (call) => {
      const live = await liveServers(ctx, call.scopeId, String((await functionOf(ctx, call)).id), ['running']);
      const servers = live.map((s) => ({ serverId: String(s.id), playerCount: Number(s.playerCount ?? 0) }));
      return { playerCount: servers.reduce((n, s) => n + s.playerCount, 0), servers };
    },
    endpoint: async (call) => {
      const fn = call.record!;
      const selection = String(fn.endpointSelection ?? 'RANDOM');
      const chosen = pickServer(await liveServers(ctx, call.scopeId, String(fn.id), ['running']), selection);
      if (!chosen) throw conflict('INVALID_TRANSITION', 'the function has no running server');
      return { serverId: String(chosen.id), address: chosen.address, port: chosen.port, selection, playerCount: Number(chosen.playerCount ?? 0) };
    },
    'functions.ofApp': async (call) => {
      const { status, level, name, page = 1, pageSize = 20 } = call.input as { status?: string; level?: string; name?: string; page?: number; pageSize?: number };
      const where = { ...(status ? { status } : {}), ...(level ? { level } : {}), ...(name ? { name } : {}) };
      return records(ctx.db, funcModels(ctx).functions).page(call.scopeId, { where, orderBy: '-createdAt', limit: pageSize, offset: (page - 1) * pageSize });
    },
  };
}
