import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BAR_TOOLTIP_ITEMS_PER_COLUMN,
  CHART_PALETTE,
  PIE_RADIUS,
  PIE_RADIUS_OPTIONS,
  seriesColor,
  tooltipColumns,
} from '../../src/lib/charts';
import { profileColorIndex } from '../../src/lib/profileColor';

// Spec 000 §9: "Charts: 13-colour palette; bar tooltip splits 15 per column; pie radius 50 to 100."
describe('chart constants', () => {
  it('has 13 distinct colours', () => {
    expect(CHART_PALETTE).toHaveLength(13);
    for (const c of CHART_PALETTE) expect(c).toMatch(/^#[0-9a-f]{6}$/);
    expect(new Set(CHART_PALETTE.map((c) => c.toLowerCase())).size).toBe(13);
  });

  it('gives series their colours in order and starts again after the 13th', () => {
    expect(seriesColor(0)).toBe(CHART_PALETTE[0]);
    expect(seriesColor(12)).toBe(CHART_PALETTE[12]);
    expect(seriesColor(13)).toBe(CHART_PALETTE[0]);
    expect(seriesColor(27)).toBe(CHART_PALETTE[1]);
    expect(seriesColor(-1)).toBe(CHART_PALETTE[12]);
  });

  it('splits bar tooltips into columns of 15', () => {
    expect(BAR_TOOLTIP_ITEMS_PER_COLUMN).toBe(15);
    const items = (n: number) => Array.from({ length: n }, (_, i) => i);
    expect(tooltipColumns(items(0))).toEqual([]);
    expect(tooltipColumns(items(15)).map((c) => c.length)).toEqual([15]);
    expect(tooltipColumns(items(16)).map((c) => c.length)).toEqual([15, 1]);
    expect(tooltipColumns(items(31)).map((c) => c.length)).toEqual([15, 15, 1]);
    expect(tooltipColumns(items(31)).flat()).toEqual(items(31));
    expect(tooltipColumns(items(16))[1]).toEqual([15]);
  });

  it('draws pies as rings from 50 to 100 percent of the radius', () => {
    expect(PIE_RADIUS).toEqual({ inner: 50, outer: 100 });
    expect(PIE_RADIUS_OPTIONS).toEqual({ innerRadius: 0.5, radius: 1 });
  });
});

// Spec 000 §9: "Profile colour index 1 to 10 from a character sum, default 10."
describe('profileColorIndex', () => {
  it('gives 10 when there is no name', () => {
    expect(profileColorIndex('')).toBe(10);
    expect(profileColorIndex(null)).toBe(10);
    expect(profileColorIndex(undefined)).toBe(10);
  });

  it('is the character sum modulo 10, plus one', () => {
    // 'a' = 97 → 7 → 8; 'ab' = 97 + 98 = 195 → 5 → 6; 'Z' = 90 → 0 → 1; '张' = U+5F20 = 24352 → 2 → 3.
    expect(profileColorIndex('a')).toBe(8);
    expect(profileColorIndex('ab')).toBe(6);
    expect(profileColorIndex('Z')).toBe(1);
    expect(profileColorIndex('张')).toBe(3);
    // 'demo' = 100 + 101 + 109 + 111 = 421 → 1 → 2.
    expect(profileColorIndex('demo')).toBe(2);
  });

  it('counts a character outside the basic plane once, by its code point', () => {
    // U+1F600 = 128512 → 2 → 3 (its two UTF-16 halves would sum to 112189 → 10).
    expect(profileColorIndex('😀')).toBe(3);
  });

  it('always lands on 1 to 10 and depends only on the characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (name) => {
        const index = profileColorIndex(name);
        expect(Number.isInteger(index)).toBe(true);
        expect(index).toBeGreaterThanOrEqual(1);
        expect(index).toBeLessThanOrEqual(10);
        expect(profileColorIndex([...name].reverse().join(''))).toBe(index);
      }),
    );
  });
});
