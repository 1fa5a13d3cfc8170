/**
 * Tickets in and out: a player's (or the game's server's) ticket checked against its config, polled, released; a
 * running match's backfill ticket; the releases of the spec's `release-tickets` and `release-backfills`. Each ticket
 * submitted is billed (meter `ticket`) and counted.
 */
import type { Ctx } from '../../context';
import { recordOperation } from '../../audit';
import type { CallHandlers, CallInput } from '../../engine/declared-calls';
import { addCount } from '../../engine/counters';
import { ApiError, badRequest, conflict, notFound, type FieldError } from '../../engine/errors';
import { records, type Where } from '../../engine/query';
import type { Data } from '../../engine/store';
import { recordUsage } from '../../usage';
import { multiverseModels } from '../multiverse/models';
import type { Rule } from './matchmaker';
import { matchModels, SERVICE, TICKET_COUNTER, type TicketEvent } from './models';

export const countTickets = (ctx: Ctx, appId: string, configId: string, event: TicketEvent, n = 1) =>
  n > 0 ? addCount(ctx.db, TICKET_COUNTER, appId, { configId, event }, { n }) : Promise.resolve(0);

/** The config a ticket names, in the caller's app: 404 when there is none, 409 when it is disabled. */
async function configOf(ctx: Ctx, appId: string, configId: string): Promise<Data> {
  const config = await records(ctx.db, matchModels(ctx).configs).maybe(appId, configId);
  if (!config) throw notFound('no such match config');
  if (config.enabled === false) throw conflict('INVALID_TRANSITION', 'the match config is disabled');
  return config;
}

/** A ticket's attributes and regions against its config's rules and regions. */
export function ticketErrors(config: Data, input: { attributes?: Record<string, unknown>; regions?: string[] }): FieldError[] {
  const errors: FieldError[] = [];
  for (const r of (config.rules ?? []) as Rule[]) {
    const v = input.attributes?.[r.attribute];
    if (v === undefined) errors.push({ field: `/attributes/${r.attribute}`, message: "the config's rules need this attribute" });
    else if (r.kind === 'difference' && typeof v !== 'number') errors.push({ field: `/attributes/${r.attribute}`, message: 'must be a number' });
  }
  const regions = (config.regions ?? []) as string[];
  (input.regions ?? []).forEach((region, i) => {
    if (!regions.includes(region)) errors.push({ field: `/regions/${i}`, message: 'not a region of the match config' });
  });
  return errors;
}

/** Submits a ticket (searching) for `playerId`. */
export async function submitTicket(ctx: Ctx, appId: string, actor: string, input: Record<string, unknown>, playerId: string): Promise<Data> {
  const m = matchModels(ctx);
  const configId = String(input.configId);
  const config = await configOf(ctx, appId, configId);
  const errors = ticketErrors(config, input as { attributes?: Record<string, unknown>; regions?: string[] });
  if (errors.length) throw badRequest(errors);
  if (await records(ctx.db, m.tickets).exists(appId, { configId, playerId, status: { $in: ['searching', 'matched'] } })) {
    throw new ApiError(409, 'DUPLICATE', 'the player already has a ticket waiting');
  }
  const data: Data = { appId, configId, playerId, attributes: input.attributes ?? {}, ...(input.regions ? { regions: input.regions } : {}) };
  const ticket = await records(ctx.db, m.tickets).insert(appId, data, { parentId: appId });
  await recordUsage(ctx.db, appId, SERVICE, 'ticket');
  await countTickets(ctx, appId, configId, 'submitted');
  await recordOperation(ctx.db, { actor, appId, action: `${SERVICE}.tickets.create`, target: String(ticket.id), after: { configId, playerId } });
  return ticket;
}

/** Moves waiting tickets to released; answers those moved. */
async function release(ctx: Ctx, appId: string, where: Where): Promise<Data[]> {
  const moved = await records(ctx.db, matchModels(ctx).tickets).update(appId, { ...where, status: 'searching' }, { status: 'released', set: { reason: 'released' } });
  const byConfig = new Map<string, number>();
  for (const { record } of moved) byConfig.set(String(record.configId), (byConfig.get(String(record.configId)) ?? 0) + 1);
  for (const [configId, n] of byConfig) await countTickets(ctx, appId, configId, 'released', n);
  return moved.map((c) => c.record);
}

const playerTicket = async (ctx: Ctx, call: CallInput): Promise<Data> => {
  const t = await records(ctx.db, matchModels(ctx).tickets).maybe(call.scopeId, call.params.ticketId);
  if (!t || t.playerId !== call.player!.userId) throw notFound('no such ticket');
  return t;
};

export function ticketCalls(ctx: Ctx): CallHandlers {
  const m = matchModels(ctx);
  return {
    'apps.create': async ({ scopeId, actor, input }) => {
      const found = await records(ctx.db, m.apps).maybe(scopeId, scopeId);
      if (found) return found;
      const name = typeof input.name === 'string' ? input.name : '';
      const [made] = await records(ctx.db, m.apps).insertMany(scopeId, [{ id: scopeId, data: { name, enabledAt: new Date().toISOString() } }], { skipConflicts: true });
      if (!made) return records(ctx.db, m.apps).get(scopeId, scopeId);
      await recordOperation(ctx.db, { actor, appId: scopeId, action: `${SERVICE}.apps.create`, target: scopeId, after: made });
      return made;
    },
    'tickets.create': (call) => submitTicket(ctx, call.scopeId, call.actor, call.input, String(call.input.playerId)),
    'player.submit': (call) => submitTicket(ctx, call.scopeId, call.actor, call.input, call.player!.userId),
    'player.get': (call) => playerTicket(ctx, call),
    'player.release': async (call) => {
      const t = await playerTicket(ctx, call);
      const [moved] = await release(ctx, call.scopeId, { id: String(t.id) });
      if (!moved) throw conflict('INVALID_TRANSITION', 'only a waiting ticket can be released');
      return moved;
    },
    releaseTickets: async ({ scopeId, actor, input }) => {
      const where: Where = {};
      if (input.ticketIds) where.id = { $in: input.ticketIds as string[] };
      if (input.playerId) where.playerId = String(input.playerId);
      if (input.configId) where.configId = String(input.configId);
      const moved = await release(ctx, scopeId, where);
      await recordOperation(ctx.db, { actor, appId: scopeId, action: `${SERVICE}.tickets.release`, target: scopeId, after: { released: moved.length } });
      return { released: moved.length, ids: moved.map((t) => t.id) };
    },
    releaseBackfills: async ({ scopeId, actor, input }) => {
      const where: Where = { status: 'open' };
      if (input.backfillIds) where.id = { $in: input.backfillIds as string[] };
      if (input.configId) where.configId = String(input.configId);
      if (input.matchId) where.matchId = String(input.matchId);
      const moved = await records(ctx.db, m.backfills).update(scopeId, where, { status: 'released' });
      await recordOperation(ctx.db, { actor, appId: scopeId, action: `${SERVICE}.backfills.release`, target: scopeId, after: { released: moved.length } });
      return { released: moved.length, ids: moved.map((c) => c.record.id) };
    },
    'backfills.create': async ({ scopeId, actor, input }) => {
      const config = await configOf(ctx, scopeId, String(input.configId));
      const regions = (config.regions ?? []) as string[];
      const region = typeof input.region === 'string' ? input.region : regions[0];
      const errors: FieldError[] = [];
      if (!regions.includes(region)) errors.push({ field: '/region', message: 'not a region of the match config' });
      const teams = ((config.teams ?? []) as { name: string }[]).map((t) => t.name);
      ((input.openSlots ?? []) as { team: string }[]).forEach((s, i) => {
        if (!teams.includes(s.team)) errors.push({ field: `/openSlots/${i}/team`, message: 'not a team of the match config' });
      });
      let host = input.host as string | undefined;
      let port = input.port as number | undefined;
      if (input.serverId && (!host || !port)) {
        const server = await records(ctx.db, multiverseModels(ctx).servers).maybe(scopeId, String(input.serverId));
        if (!server) errors.push({ field: '/serverId', message: 'no such server' });
        else {
          host ??= server.address as string | undefined;
          port ??= server.port as number | undefined;
        }
      }
      if (!host || !port) errors.push({ field: '/host', message: 'give the address tickets get, or a running server' });
      if (errors.length) throw badRequest(errors);
      const made = await records(ctx.db, m.backfills).insert(scopeId, { ...input, appId: scopeId, region, host, port, tickets: [] }, { parentId: scopeId });
      await recordOperation(ctx.db, { actor, appId: scopeId, action: `${SERVICE}.backfills.create`, target: String(made.id), after: { configId: input.configId } });
      return made;
    },
  };
}
