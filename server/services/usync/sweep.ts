/**
 * The relay's clock, every second on each instance for the rooms it hosts (never another's, ADR 0036): a room past its time to live is closed,
 * and one no player has been connected to for its profile's idle time; a seat not taken within its reservation
 * expires, and one whose player did not come back within the grace ends. Bytes relayed are recorded as usage every
 * few seconds. `sweep` takes the time, so a test can run it at a later one.
 */
import type { Ctx } from '../../context';
import { runtimeOf } from './models';
import { fence } from './owners';
import { closeRoom } from './rooms';
import { endSeat } from './seats';
import { flushUsage } from './usage';

const EVERY_MS = 1000;
const FLUSH_EVERY = 5;

export async function sweep(ctx: Ctx, now = Date.now()): Promise<void> {
  if (await fence(ctx, now)) return;
  for (const live of [...runtimeOf(ctx).hub.rooms.values()]) {
    if (now >= live.expiresAt) await closeRoom(ctx, live.appId, live.id, 'the room reached its time to live');
    else if (live.emptySince !== undefined && now - live.emptySince >= live.limits.idleMs) await closeRoom(ctx, live.appId, live.id, 'the room was idle');
    else {
      for (const seat of [...live.seats.values()]) {
        if (seat.state === 'reserved' && now > seat.until) await endSeat(ctx, live, seat, 'expired', 'the seat was not taken in time');
        else if (seat.state === 'away' && now > seat.until) await endSeat(ctx, live, seat, 'left', 'the player did not come back in time');
      }
    }
  }
}

/** Starts the clock (once per server); answers how to stop it. */
export function startSweep(ctx: Ctx): () => void {
  const rt = runtimeOf(ctx);
  let busy = false;
  let ticks = 0;
  rt.timer = setInterval(() => {
    if (busy) return;
    busy = true;
    ticks += 1;
    const flush = ticks % FLUSH_EVERY === 0;
    void sweep(ctx)
      .then(() => (flush ? flushUsage(ctx) : undefined))
      .catch((err: unknown) => rt.report(err, 'sync sweep failed'))
      .finally(() => (busy = false));
  }, EVERY_MS);
  rt.timer.unref();
  return () => clearInterval(rt.timer);
}
