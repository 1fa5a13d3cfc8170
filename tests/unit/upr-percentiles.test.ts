import { describe, expect, it } from 'vitest';
import { percentile, percentiles } from '../../server/services/upr/percentiles';
import { summaryOf, withSamples, emptySeries } from '../../server/services/upr/summary';

describe('percentiles (linear between closest ranks)', () => {
  it('interpolates as R, NumPy and PERCENTILE.INC do', () => {
    // The textbook example: the 40th percentile of 15, 20, 35, 40, 50 lies 0.6 of the way from 20 to 35.
    expect(percentile([15, 20, 35, 40, 50], 40)).toBeCloseTo(29, 10);
    expect(percentile([1, 2, 3, 4], 50)).toBe(2.5);
    expect(percentile([1, 2, 3, 4], 25)).toBe(1.75);
    expect(percentile([1, 2, 3, 4], 0)).toBe(1);
    expect(percentile([1, 2, 3, 4], 100)).toBe(4);
    expect(percentile([7], 99)).toBe(7);
  });

  it('sorts unsorted values once for several percentiles, and refuses what has no answer', () => {
    expect(percentiles([4, 1, 3, 2], [0, 50, 100])).toEqual([1, 2.5, 4]);
    expect(() => percentile([], 50)).toThrow();
    expect(() => percentile([1], 101)).toThrow();
  });
});

describe("a session's summary", () => {
  it('keeps samples in time order and counts only GC runs that took time', () => {
    const series = withSamples(withSamples(emptySeries(), [{ t: 20, frameMs: 20, gcMs: 5 }]), [{ t: 0, frameMs: 10, memoryMb: 300 }, { t: 10, frameMs: 30, gcMs: 0 }]);
    expect(series).toEqual({ t: [0, 10, 20], frameMs: [10, 30, 20], memoryMb: [300, null, null], gcMs: [null, 0, 5] });
    // Three frames in 60 ms: 50 FPS.
    expect(summaryOf(series)).toMatchObject({ sampleCount: 3, durationMs: 20, frameP50: 20, averageFps: 50, memoryPeakMb: 300, gcCount: 1, gcTotalMs: 5 });
  });
});
