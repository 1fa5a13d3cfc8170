import { describe, expect, it } from 'vitest';
import { levelLine, MAX_POINTS, MOST_TICKS, pointsOf, secondTicks } from '../../src/pages/upr/session-series';

const series = (n: number, frame: (i: number) => number) => ({
  t: Array.from({ length: n }, (_, i) => i * 100),
  frameMs: Array.from({ length: n }, (_, i) => frame(i)),
  memoryMb: Array.from({ length: n }, (_, i) => (i % 2 ? null : 300)),
  gcMs: Array.from({ length: n }, () => null),
});

describe("a session's chart points", () => {
  it('draws each sample at its second, leaving out samples that did not say the measure', () => {
    const s = series(4, (i) => 10 + i);
    expect(pointsOf(s, 'frameMs', 'F')).toEqual([0, 1, 2, 3].map((i) => ({ x: i / 10, series: 'F', value: 10 + i })));
    expect(pointsOf(s, 'memoryMb', 'M').map((p) => p.x)).toEqual([0, 0.2]);
    expect(pointsOf(s, 'gcMs', 'G')).toEqual([]);
  });

  it('thins a long series to stretches drawn as their worst frame, so a spike stays', () => {
    const s = series(MAX_POINTS * 3, (i) => (i === 1000 ? 250 : 16));
    const points = pointsOf(s, 'frameMs', 'F');
    expect(points).toHaveLength(MAX_POINTS);
    expect(points.filter((p) => p.value === 250)).toEqual([{ x: 100, series: 'F', value: 250 }]);
  });

  it('draws a percentile as a line from the first sample to the last', () => {
    expect(levelLine(series(3, () => 16), 20, 'P95')).toEqual([{ x: 0, series: 'P95', value: 20 }, { x: 0.2, series: 'P95', value: 20 }]);
    expect(levelLine(series(3, () => 16), undefined, 'P95')).toEqual([]);
  });
});

describe("a session chart's time axis", () => {
  it('is labelled at whole seconds, ten labels at most, on a step a reader counts in', () => {
    // A 72-second session sampled every 1.2 s: every 10 s, not a label per sample.
    expect(secondTicks(0, 72)).toEqual([0, 10, 20, 30, 40, 50, 60, 70]);
    expect(secondTicks(0, 9)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(secondTicks(0.4, 5.6)).toEqual([1, 2, 3, 4, 5]);
    expect(secondTicks(3, 47)).toEqual([5, 10, 15, 20, 25, 30, 35, 40, 45]);
    for (const end of [1, 11, 59, 61, 300, 1234, 3601, 20_000, 200_000]) {
      const ticks = secondTicks(0, end);
      expect(ticks.length, String(end)).toBeLessThanOrEqual(MOST_TICKS);
      expect(ticks.length, String(end)).toBeGreaterThanOrEqual(2);
      expect(ticks.every(Number.isInteger), String(end)).toBe(true);
    }
  });

  it('labels a session shorter than a second only at a whole second inside it', () => {
    expect(secondTicks(0, 0.5)).toEqual([0]);
    expect(secondTicks(0.2, 0.7)).toEqual([]);
  });
});
