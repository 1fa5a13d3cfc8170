import { describe, it, expect } from 'vitest';
import { evaluateSettings, type ConfigItem, type OverrideItem, type PlayerContext } from '../../server/services/config/evaluate';
import { rolloutBucket } from '../../server/services/config/bucket';

const configs: ConfigItem[] = [
  { id: 'c1', key: 'maxLevel', type: 'INT', value: '50' },
  { id: 'c2', key: 'greeting', type: 'STRING', value: 'hello' },
  { id: 'c3', key: 'dropRate', type: 'FLOAT', value: '1.5' },
  { id: 'c4', key: 'eventOn', type: 'BOOL', value: 'false' },
  { id: 'c5', key: 'shop', type: 'JSON', value: '{"items":[1,2]}', variableType: 'json' },
  { id: 'c6', key: 'bigNumber', type: 'LONG', value: '9007199254740991' },
];

const DEFAULTS = { maxLevel: 50, greeting: 'hello', dropRate: 1.5, eventOn: false, shop: { items: [1, 2] }, bigNumber: 9007199254740991 };

const cnPlayer: PlayerContext = { user: { id: 'p1', country: 'CN' }, app: { version: '1.10.0', platform: 'Ios' } };
const usPlayer: PlayerContext = { user: { id: 'p2', country: 'US' }, app: { version: '1.0.0', platform: 'Android' } };
const at = new Date('2025-06-15T12:00:00Z');

function override(partial: Partial<OverrideItem> & { id: string }): OverrideItem {
  return { name: `override ${partial.id}`, status: 'enable', variants: [{ name: 'variant 1', weight: 100, values: {} }], ...partial };
}

function only(values: Record<string, string>) {
  return [{ name: 'variant 1', weight: 100, values }];
}

const run = (overrides: OverrideItem[], context: PlayerContext = cnPlayer, when: Date = at) => evaluateSettings({ configs, overrides, context, at: when });

describe('evaluateSettings', () => {
  it('gives every config its default value in its type when no override exists', () => {
    const result = run([]);
    expect(result.settings).toEqual(DEFAULTS);
    expect(result.overrides).toEqual([]);
    expect(result.configs).toEqual(configs.map((c) => ({ key: c.key, type: c.type, value: DEFAULTS[c.key as keyof typeof DEFAULTS], source: 'default' })));
  });

  it('applies an override whose rule matches, and says where each value came from', () => {
    const boost = override({ id: 'o1', name: 'CN boost', rule: 'user.country == "CN"', variants: only({ maxLevel: '80', eventOn: 'true', shop: '{"items":[]}' }) });
    const result = run([boost]);
    expect(result.settings).toEqual({ ...DEFAULTS, maxLevel: 80, eventOn: true, shop: { items: [] } });
    expect(result.configs.find((c) => c.key === 'maxLevel')).toEqual({
      key: 'maxLevel',
      type: 'INT',
      value: 80,
      source: 'override',
      overrideId: 'o1',
      overrideName: 'CN boost',
      variant: 'variant 1',
    });
    expect(result.configs.find((c) => c.key === 'greeting')).toEqual({ key: 'greeting', type: 'STRING', value: 'hello', source: 'default' });
    expect(result.overrides).toEqual([
      { id: 'o1', name: 'CN boost', priority: 100, applied: true, reason: 'applied', bucket: rolloutBucket('o1', 'p1'), variant: 'variant 1' },
    ]);

    const other = run([boost], usPlayer);
    expect(other.settings).toEqual(DEFAULTS);
    expect(other.overrides[0]).toMatchObject({ applied: false, reason: 'rule-false' });
    expect(other.overrides[0].bucket).toBeUndefined();
  });

  it('lets the lower priority number win, key by key', () => {
    const strong = override({ id: 'strong', priority: 10, variants: only({ maxLevel: '70' }) });
    const weak = override({ id: 'weak', priority: 200, variants: only({ maxLevel: '90', greeting: 'hi' }) });
    const middle = override({ id: 'middle', variants: only({ maxLevel: '60', dropRate: '2' }) });
    const result = run([weak, middle, strong]);
    expect(result.settings).toMatchObject({ maxLevel: 70, greeting: 'hi', dropRate: 2 });
    expect(result.overrides.map((o) => [o.id, o.priority])).toEqual([
      ['strong', 10],
      ['middle', 100],
      ['weak', 200],
    ]);
    expect(result.overrides.every((o) => o.applied)).toBe(true);
    expect(result.configs.find((c) => c.key === 'greeting')).toMatchObject({ source: 'override', overrideId: 'weak' });
  });

  it('breaks priority ties by id, whatever the input order', () => {
    const a = override({ id: 'a', priority: 5, variants: only({ greeting: 'from a' }) });
    const b = override({ id: 'b', priority: 5, variants: only({ greeting: 'from b' }) });
    expect(run([a, b]).settings.greeting).toBe('from a');
    expect(run([b, a]).settings.greeting).toBe('from a');
    expect(run([b, a]).overrides.map((o) => o.id)).toEqual(['a', 'b']);
  });

  it('follows the schedule: from the start time inclusive to the end time exclusive', () => {
    const timed = override({ id: 't', startTime: '2025-06-01T00:00:00Z', endTime: '2025-07-01T00:00:00Z', variants: only({ greeting: 'summer' }) });
    const at = (iso: string) => run([timed], cnPlayer, new Date(iso));

    expect(at('2025-05-31T23:59:59Z').overrides[0]).toMatchObject({ applied: false, reason: 'not-started' });
    expect(at('2025-05-31T23:59:59Z').settings.greeting).toBe('hello');
    expect(at('2025-06-01T00:00:00Z').overrides[0]).toMatchObject({ applied: true, reason: 'applied' });
    expect(at('2025-06-15T00:00:00Z').settings.greeting).toBe('summer');
    expect(at('2025-07-01T00:00:00Z').overrides[0]).toMatchObject({ applied: false, reason: 'ended' });
    expect(at('2025-08-01T00:00:00Z').settings.greeting).toBe('hello');

    const openEnded = override({ id: 'open', startTime: '2025-06-01T00:00:00Z', variants: only({ greeting: 'open' }) });
    expect(run([openEnded], cnPlayer, new Date('2030-01-01T00:00:00Z')).settings.greeting).toBe('open');
  });

  it('skips a disabled override', () => {
    const off = override({ id: 'off', status: 'disable', variants: only({ maxLevel: '99' }) });
    const result = run([off]);
    expect(result.settings.maxLevel).toBe(50);
    expect(result.overrides[0]).toMatchObject({ id: 'off', applied: false, reason: 'disabled' });
  });

  it('skips an override whose rule cannot be evaluated, and reports the error', () => {
    const broken = override({ id: 'broken', rule: 'user.country === "CN"', variants: only({ maxLevel: '99' }) });
    const failing = override({ id: 'failing', rule: 'user.missing["x"] == 1', variants: only({ maxLevel: '98' }) });
    const result = run([broken, failing]);
    expect(result.settings.maxLevel).toBe(50);
    for (const entry of result.overrides) {
      expect(entry.applied).toBe(false);
      expect(entry.reason).toBe('rule-error');
      expect(entry.error).toEqual(expect.any(String));
    }
    expect(result.overrides.find((o) => o.id === 'broken')?.error).toContain('column 16');
  });

  it('admits nobody at rollout 0 and everybody at rollout 100, even without a player id', () => {
    const none = override({ id: 'none', rolloutPercentage: 0, variants: only({ maxLevel: '60' }) });
    const noneResult = run([none]);
    expect(noneResult.settings.maxLevel).toBe(50);
    expect(noneResult.overrides[0]).toMatchObject({ applied: false, reason: 'outside-rollout', bucket: rolloutBucket('none', 'p1') });

    const all = override({ id: 'all', rolloutPercentage: 100, variants: only({ maxLevel: '60' }) });
    expect(run([all]).settings.maxLevel).toBe(60);
    const anonymous = run([all], { app: { version: '1.0.0' } });
    expect(anonymous.settings.maxLevel).toBe(60);
    expect(anonymous.overrides[0]).toMatchObject({ applied: true, reason: 'applied' });
    expect(anonymous.overrides[0].bucket).toBeUndefined();

    const half = override({ id: 'half', rolloutPercentage: 50, variants: only({ maxLevel: '60' }) });
    expect(run([half], { app: {} }).overrides[0]).toMatchObject({ applied: false, reason: 'outside-rollout' });
  });

  it('admits a player to a partial rollout exactly when their bucket is below the percentage', () => {
    const partial = override({ id: 'partial', rolloutPercentage: 30, variants: only({ maxLevel: '60' }) });
    let admitted = 0;
    for (let i = 0; i < 2000; i++) {
      const id = `player-${i}`;
      const result = run([partial], { user: { id } });
      const inside = rolloutBucket('partial', id) < 30;
      expect(result.overrides[0]).toMatchObject({ applied: inside, reason: inside ? 'applied' : 'outside-rollout', bucket: rolloutBucket('partial', id) });
      expect(result.settings.maxLevel).toBe(inside ? 60 : 50);
      if (inside) admitted++;
    }
    expect(admitted / 2000).toBeGreaterThan(0.26);
    expect(admitted / 2000).toBeLessThan(0.34);
  });

  it('ignores a value that does not fit the config type, keeping the default', () => {
    const bad = override({ id: 'bad', variants: only({ maxLevel: '12.5', bigNumber: '9007199254740992', dropRate: 'fast', shop: '{items:1}', greeting: 'ok' }) });
    const result = run([bad]);
    expect(result.settings).toEqual({ ...DEFAULTS, greeting: 'ok' });
    expect(result.configs.find((c) => c.key === 'maxLevel')).toMatchObject({ source: 'default', value: 50 });
    expect(result.overrides[0]).toMatchObject({ applied: true });
  });

  it('takes an ignored key from the next applied override that sets it validly', () => {
    const first = override({ id: 'first', priority: 1, variants: only({ maxLevel: 'lots' }) });
    const second = override({ id: 'second', priority: 2, variants: only({ maxLevel: '75' }) });
    expect(run([first, second]).configs.find((c) => c.key === 'maxLevel')).toMatchObject({ value: 75, overrideId: 'second' });
  });

  it('ignores values for keys that have no config', () => {
    const ghost = override({ id: 'ghost', variants: only({ ghostKey: '1', constructor: '2' }) });
    const result = run([ghost]);
    expect(result.settings).toEqual(DEFAULTS);
    expect(Object.keys(result.settings)).not.toContain('ghostKey');
  });

  it('reads variant values as own keys only', () => {
    const protoConfigs: ConfigItem[] = [
      { id: 'k1', key: 'constructor', type: 'STRING', value: 'plain' },
      { id: 'k2', key: '__proto__', type: 'INT', value: '1' },
    ];
    const o = override({ id: 'o', variants: only({}) });
    const result = evaluateSettings({ configs: protoConfigs, overrides: [o], context: cnPlayer, at });
    expect(result.settings.constructor).toBe('plain');
    expect(Object.hasOwn(result.settings, '__proto__')).toBe(true);
    expect(JSON.parse(JSON.stringify(result.settings))).toEqual(JSON.parse('{"constructor":"plain","__proto__":1}'));
  });

  it('keeps a player on the same variant across calls, and splits players between variants', () => {
    const ab = override({
      id: 'ab-test',
      variants: [
        { name: 'A', weight: 50, values: { greeting: 'Hi A' } },
        { name: 'B', weight: 50, values: { greeting: 'Hi B' } },
      ],
    });
    const seen = new Set<string>();
    for (let i = 0; i < 40; i++) {
      const context = { user: { id: `player-${i}` } };
      const first = run([ab], context);
      const variant = first.overrides[0].variant!;
      expect(first.settings.greeting).toBe(`Hi ${variant}`);
      for (let again = 0; again < 3; again++) {
        const later = run([ab], context, new Date(at.getTime() + again * 86_400_000));
        expect(later.overrides[0].variant).toBe(variant);
        expect(later.settings.greeting).toBe(`Hi ${variant}`);
      }
      seen.add(variant);
    }
    expect(seen).toEqual(new Set(['A', 'B']));
  });

  it('reports no-variant when no variant can be picked', () => {
    const empty = override({ id: 'empty', variants: [] });
    const zero = override({ id: 'zero', variants: [{ name: 'z', weight: 0, values: { maxLevel: '1' } }] });
    const result = run([empty, zero]);
    expect(result.overrides.map((o) => [o.id, o.applied, o.reason])).toEqual([
      ['empty', false, 'no-variant'],
      ['zero', false, 'no-variant'],
    ]);
    expect(result.settings.maxLevel).toBe(50);
  });

  it('does not change its inputs', () => {
    const list = [override({ id: 'z', priority: 300 }), override({ id: 'y', priority: 1 })];
    const context: PlayerContext = { user: { id: 'p1', country: 'CN' } };
    const before = JSON.stringify({ list, context });
    run(list, context);
    expect(JSON.stringify({ list, context })).toBe(before);
  });
});
