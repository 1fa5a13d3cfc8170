import type { ServiceModule } from '../index';
import { passportPlayerOf } from '../upr/player';
import { countCalls } from './counts';
import { configHooks } from './hooks';
import { SERVICE, tickMsOf } from './models';
import { allocationsSettled, runTick } from './tick';
import { ticketCalls } from './tickets';

/**
 * Matchmaking: match apps and configs (declared in `resources/match/`), tickets from players and game servers, the
 * matchmaker's tick that forms matches and allocates their servers through Multiverse, backfills, counts and the
 * rule test.
 */
export const matchModule: ServiceModule = {
  service: SERVICE,
  hooks: { configs: configHooks },
  player: passportPlayerOf(SERVICE),
  jobs: (ctx) => [{ name: 'match.tick', everyMs: tickMsOf(ctx), run: () => runTick(ctx) }],
  settled: allocationsSettled,
  calls: (ctx) => ({ ...ticketCalls(ctx), ...countCalls(ctx) }),
};
