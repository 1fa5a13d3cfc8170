import type { JsonSchema, ViewDecl, ViewFilterDecl } from '../types';
import { passLevel, type PassSlot } from './liveops-rules';
import { personaFilter } from './page-views';
import slotSchema from '../../schemas/passport/liveops/views/battle-pass-slot.json' with { type: 'json' };
import standingSchema from '../../schemas/passport/liveops/views/battle-pass-standing.json' with { type: 'json' };

/**
 * The lists of a battle pass's levels: on the pass's page (its `passportBattlePassSlots` panel) and on a persona's
 * page of the pass. The rows are the record's own `slots` (no call of their own), drawn by the engine's view table.
 */
type SlotList = Pick<ViewDecl, 'name' | 'label' | 'row' | 'columns' | 'rowKey' | 'empty' | 'paging'>;

/** A pass's levels at a glance, paged by the table beyond 20. */
export const passSlotsView: SlotList = {
  name: 'passSlots',
  label: { 'zh-CN': '等级与奖励', en: 'Levels and rewards' },
  row: slotSchema,
  columns: ['level', 'exp', 'freeRewards', 'premiumRewards'],
  rowKey: 'level',
  empty: { 'zh-CN': '还没有设置等级', en: 'No levels yet' },
  paging: { mode: 'client', pageSize: 20 },
};

/** The levels as one persona stands on them: reached or not, and when each track's rewards were claimed. */
export const personaSlotsView: SlotList = {
  ...passSlotsView,
  name: 'personaSlots',
  columns: ['level', 'exp', 'reached', 'freeRewards', 'freeClaimedAt', 'premiumRewards', 'premiumClaimedAt'],
  paging: { mode: 'client', pageSize: 200 },
};

/** The persona whose standing on the pass is opened from the pass's page. */
export const slotsPersonaFilter: ViewFilterDecl = { name: 'personaId', ...personaFilter };

/** How a persona's standing reads on its page, field by field. */
export const passStandingSchema: JsonSchema = standingSchema;

/** A persona's standing on a pass, as `GET /personas/:id/battle-pass` answers it for one pass. */
export interface PassStanding {
  exp: number;
  level: number;
  premium: boolean;
  claims: { level: number; track: string; claimedAt: string }[];
}

/**
 * The rows of `personaSlotsView`: each level of the pass with whether `standing`'s experience reaches it and when
 * its free and premium rewards were claimed.
 */
export function personaSlotRows(slots: PassSlot[], standing: PassStanding): Record<string, unknown>[] {
  const claimedAt = (level: number, track: string) => standing.claims.find((c) => c.level === level && c.track === track)?.claimedAt;
  return slots.map((slot) => ({
    ...slot,
    reached: standing.exp >= slot.exp,
    freeClaimedAt: claimedAt(slot.level, 'free'),
    premiumClaimedAt: claimedAt(slot.level, 'premium'),
  }));
}

/**
 * The standing as `passStandingSchema` reads it: experience out of the last level's, the level reached out of the
 * pass's levels, the premium track and the season.
 */
export function passStandingRow(pass: { slots?: PassSlot[]; startTime: string; endTime: string }, standing: PassStanding): Record<string, unknown> {
  const slots = pass.slots ?? [];
  const topExp = slots.length ? slots[slots.length - 1].exp : 0;
  return { ...standing, level: passLevel(slots, standing.exp), maxLevel: slots.length, topExp, startTime: pass.startTime, endTime: pass.endTime };
}
