import { describe, expect, it } from 'vitest';
import { levelLine, MAX_POINTS, pointsOf } from '../../src/pages/upr/session-series';

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
