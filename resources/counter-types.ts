/** What a service counts as it runs (`ServiceDecl.counters`, `server/engine/counters.ts`). */

/**
 * A count the service keeps per app and minute or day (days of the usage zone), apart by the keys it names (an
 * operation, a player, an entry): each count holds how many times (`n`) and a summed quantity (`amount`, e.g. bytes).
 */
export interface CounterDecl {
  grain: 'minute' | 'day';
  /** The names of the keys a count is kept apart by, in order (none: one count per app and minute or day). */
  keys?: string[];
  /** How many days counts are kept. */
  keepDays: number;
}
