import { match } from '../../../resources/match';
import { counterOf } from '../../engine/counters';
import { modelOf, type Ctx } from '../../context';

export const SERVICE = match.name;

/** Matchmaking's record models. */
export const matchModels = (ctx: Ctx) => ({
  apps: modelOf(ctx, SERVICE, 'apps'),
  configs: modelOf(ctx, SERVICE, 'configs'),
  tickets: modelOf(ctx, SERVICE, 'tickets'),
  matches: modelOf(ctx, SERVICE, 'matches'),
  backfills: modelOf(ctx, SERVICE, 'backfills'),
});

export type MatchModels = ReturnType<typeof matchModels>;

/** Tickets counted per minute by config and event: submitted, matched, timedOut, released. */
export const TICKET_COUNTER = counterOf(match, 'tickets');
export type TicketEvent = 'submitted' | 'matched' | 'timedOut' | 'released';

/** How often the matchmaker runs (`MATCH_TICK_MS`, default 1000). */
export const tickMsOf = (ctx: Ctx) => Math.max(20, Number(ctx.config.env.MATCH_TICK_MS ?? 1000));
