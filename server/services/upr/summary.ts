import { FRAME_PERCENTILES } from '../../../resources/upr/limits';
import type { SessionSeries } from '../../../resources/upr/series';
import { percentiles } from './percentiles';

/** A session's samples as stored. */
export type Series = SessionSeries;

export interface Sample {
  t: number;
  frameMs: number;
  memoryMb?: number;
  gcMs?: number;
}

export const emptySeries = (): Series => ({ t: [], frameMs: [], memoryMb: [], gcMs: [] });

/** The series with the samples added, all kept in time order (a report may arrive out of order). */
export function withSamples(series: Series, samples: Sample[]): Series {
  const rows = series.t.map((t, i) => ({ t, frameMs: series.frameMs[i], memoryMb: series.memoryMb[i], gcMs: series.gcMs[i] }));
  for (const s of samples) rows.push({ t: s.t, frameMs: s.frameMs, memoryMb: s.memoryMb ?? null, gcMs: s.gcMs ?? null });
  rows.sort((a, b) => a.t - b.t);
  return { t: rows.map((r) => r.t), frameMs: rows.map((r) => r.frameMs), memoryMb: rows.map((r) => r.memoryMb), gcMs: rows.map((r) => r.gcMs) };
}

const round = (n: number, places = 2) => Math.round(n * 10 ** places) / 10 ** places;
const given = (xs: (number | null)[]): number[] => xs.filter((x): x is number => x !== null);

/**
 * What a session's page and list show of its samples: frame time p50 / p95 / p99, the average FPS over the frames'
 * total time, the memory peak, how many samples had a GC run and their GC time, and how long the session lasted.
 */
export function summaryOf(series: Series) {
  const [frameP50, frameP95, frameP99] = percentiles(series.frameMs, FRAME_PERCENTILES);
  const frameTotal = series.frameMs.reduce((s, x) => s + x, 0);
  const memory = given(series.memoryMb);
  const gc = given(series.gcMs).filter((x) => x > 0);
  return {
    sampleCount: series.t.length,
    durationMs: series.t[series.t.length - 1] - series.t[0],
    frameP50: round(frameP50),
    frameP95: round(frameP95),
    frameP99: round(frameP99),
    averageFps: round((1000 * series.frameMs.length) / frameTotal, 1),
    ...(memory.length ? { memoryPeakMb: memory.reduce((a, b) => Math.max(a, b)) } : {}),
    gcCount: gc.length,
    gcTotalMs: round(gc.reduce((s, x) => s + x, 0)),
  };
}
