/**
 * Live-ops rules the server and the console both apply (pure functions over records; no I/O).
 */

const DAY_MS = 24 * 3600_000;

/** A billboard's timing fields as stored. */
export interface BillboardTiming {
  expiry?: unknown;
  customExpiresAt?: unknown;
  publishAt?: unknown;
}

/**
 * When a billboard that goes live at `liveAt` stops showing (spec 002 §9): 1, 3, 7, 14 or 30 days after going live,
 * or at its custom end time.
 */
export function billboardEnd(b: BillboardTiming, liveAt: Date): Date | null {
  if (b.expiry === 'custom') return typeof b.customExpiresAt === 'string' ? new Date(b.customExpiresAt) : null;
  const days = Number(b.expiry);
  return Number.isFinite(days) ? new Date(liveAt.getTime() + days * DAY_MS) : null;
}

/** Whether a billboard shows to players at `now`: published or scheduled, its time come, its end not yet. */
export function billboardLive(b: BillboardTiming & { status?: unknown }, now: Date): boolean {
  if ((b.status !== 'billboardPublished' && b.status !== 'billboardScheduled') || typeof b.publishAt !== 'string') return false;
  const liveAt = new Date(b.publishAt);
  const end = billboardEnd(b, liveAt);
  return liveAt.getTime() <= now.getTime() && (end === null || now.getTime() < end.getTime());
}

/** A battle pass slot: the total experience a level needs and its rewards per track. */
export interface PassSlot {
  level: number;
  exp: number;
  freeRewards?: { resource: string; amount: number }[];
  premiumRewards?: { resource: string; amount: number }[];
}

/** The level a persona with `exp` experience has reached on a pass: the highest slot whose experience it has (0 if none). */
export function passLevel(slots: PassSlot[], exp: number): number {
  return slots.reduce((level, s) => (exp >= s.exp && s.level > level ? s.level : level), 0);
}
