import { describe, expect, it } from 'vitest';
import { passport } from '../../resources/passport';
import { passSlotsView, passStandingRow, passStandingSchema, personaSlotRows, personaSlotsView, slotsPersonaFilter } from '../../resources/passport/battle-pass-views';
import { answerFieldSpecs } from '../../src/engine/detail-fields';
import { heldRows, viewCell, viewColumnSpecs, viewRowKey } from '../../src/engine/view-columns';

const t = (key: string) => key;
const slots = [
  { level: 1, exp: 0, freeRewards: [{ resource: 'gold', amount: 100 }], premiumRewards: [{ resource: 'gem', amount: 10 }] },
  { level: 2, exp: 1000, freeRewards: [{ resource: 'gold', amount: 2500 }], premiumRewards: [] },
  { level: 3, exp: 3000 },
];
const standing = {
  exp: 1200,
  level: 2,
  premium: true,
  claims: [
    { level: 1, track: 'free', claimedAt: '2026-01-02T03:04:05.000Z' },
    { level: 2, track: 'premium', claimedAt: '2026-01-03T00:00:00.000Z' },
  ],
};

describe("a battle pass's levels as a view", () => {
  it("are the pass's own slots, told apart by level, paged by the table", () => {
    const state = heldRows(slots);
    expect(state).toMatchObject({ rows: slots, total: 3, loading: false, error: null, page: 1 });
    expect(state.rows.map((row) => viewRowKey(passSlotsView, row))).toEqual(['1', '2', '3']);
    expect(passSlotsView.paging.mode).toBe('client');
  });

  it('show each track\'s rewards as gold tags, "None" where a level grants nothing', () => {
    const specs = viewColumnSpecs(passport, passSlotsView, 'en', t);
    expect(specs.map((s) => s.title)).toEqual(['Level', 'Experience needed (total)', 'Free rewards', 'Premium rewards']);
    const premium = specs.find((s) => s.field === 'premiumRewards')!;
    expect(viewCell(premium, slots[0], 'en')).toEqual({ kind: 'tags', items: ['gem × 10'], color: 'gold', collapsed: undefined });
    expect(viewCell(premium, slots[1], 'zh-CN')).toEqual({ kind: 'empty', text: '无' });
    expect(viewCell(premium, slots[2], 'en')).toEqual({ kind: 'empty', text: 'None' });
  });

  it('on a persona, say which levels the experience reaches and when each track was claimed', () => {
    const rows = personaSlotRows(slots, standing);
    expect(rows.map((r) => [r.level, r.reached, r.freeClaimedAt, r.premiumClaimedAt])).toEqual([
      [1, true, '2026-01-02T03:04:05.000Z', undefined],
      [2, true, undefined, '2026-01-03T00:00:00.000Z'],
      [3, false, undefined, undefined],
    ]);
    expect(personaSlotRows(slots, { ...standing, exp: 1000 }).map((r) => r.reached)).toEqual([true, true, false]);
    const reached = viewColumnSpecs(passport, personaSlotsView, 'en', t).find((s) => s.field === 'reached')!;
    expect(viewCell(reached, rows[0], 'en')).toEqual({ kind: 'label', text: 'Yes', color: 'green' });
    expect(viewCell(reached, rows[2], 'zh-CN')).toEqual({ kind: 'label', text: '否', color: 'default' });
  });

  it('read the standing as experience out of the last level, the level out of the levels, and the premium track', () => {
    const pass = { slots, startTime: '2026-01-01T00:00:00.000Z', endTime: '2026-03-01T00:00:00.000Z' };
    const row = passStandingRow(pass, { ...standing, exp: 3000, premium: false });
    const specs = answerFieldSpecs(passStandingSchema, 'en');
    const cell = (field: string) => viewCell(specs.find((s) => s.field === field)!, row, 'en');
    expect(cell('exp')).toEqual({ kind: 'progress', value: 3000, of: 3000 });
    expect(cell('level')).toEqual({ kind: 'progress', value: 3, of: 3 });
    expect(cell('premium')).toEqual({ kind: 'label', text: 'Locked', color: 'default' });
    expect(passStandingRow({ ...pass, slots: [] }, standing)).toMatchObject({ level: 0, maxLevel: 0, topExp: 0 });
  });

  it("open a persona chosen among the app's personas by name", () => {
    expect(slotsPersonaFilter).toMatchObject({ name: 'personaId', kind: 'reference', optionsFrom: { resource: 'personas', value: 'id', label: 'name' } });
    expect(passport.resources.some((r) => r.name === slotsPersonaFilter.optionsFrom?.resource)).toBe(true);
  });
});
