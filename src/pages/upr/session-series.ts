/** A profiling session's stored series, as the session page's charts draw them. Pure functions only. */
import type { SessionSeries } from '../../../resources/upr/series';

export type StoredSeries = SessionSeries;

export interface SeriesPoint {
  /** Seconds since the session started. */
  x: number;
  series: string;
  value: number;
}

/** The most points one line draws: longer series are thinned to every n-th sample, keeping each stretch's worst. */
export const MAX_POINTS = 600;

/**
 * One measure's points, `null` samples left out; a series longer than `MAX_POINTS` is cut into that many stretches
 * and each drawn as its largest value, so a spike is never thinned away.
 */
export function pointsOf(series: StoredSeries, measure: 'frameMs' | 'memoryMb' | 'gcMs', name: string): SeriesPoint[] {
  const all: SeriesPoint[] = [];
  series.t.forEach((t, i) => {
    const v = series[measure][i];
    if (v !== null && v !== undefined) all.push({ x: t / 1000, series: name, value: v });
  });
  if (all.length <= MAX_POINTS) return all;
  const size = Math.ceil(all.length / MAX_POINTS);
  const out: SeriesPoint[] = [];
  for (let i = 0; i < all.length; i += size) {
    const stretch = all.slice(i, i + size);
    out.push(stretch.reduce((worst, p) => (p.value > worst.value ? p : worst)));
  }
  return out;
}

/** A horizontal line across the session at `value` (a percentile beside the frame times). */
export function levelLine(series: StoredSeries, value: number | undefined, name: string): SeriesPoint[] {
  if (value === undefined || !series.t.length) return [];
  const last = series.t[series.t.length - 1] / 1000;
  return [{ x: series.t[0] / 1000, series: name, value }, { x: last, series: name, value }];
}

/** The most labels a session chart's time axis shows. */
export const MOST_TICKS = 10;

/** Whole-second steps a time axis is labelled at, smallest first. */
const STEPS = [1, 2, 5, 10, 15, 20, 30, 60, 120, 300, 600, 900, 1800, 3600];

/**
 * Where the time axis of a session from `start` to `end` seconds is labelled: whole seconds, the smallest step of
 * `STEPS` (else a multiple of the largest) that needs at most `most` labels across the session; none when no whole
 * second falls inside it.
 */
export function secondTicks(start: number, end: number, most = MOST_TICKS): number[] {
  const from = Math.ceil(start);
  const to = Math.floor(end);
  if (to < from) return [];
  const span = to - from;
  const step = STEPS.find((s) => Math.floor(span / s) + 1 <= most) ?? Math.ceil(span / (most - 1) / 3600) * 3600;
  const first = Math.ceil(from / step) * step;
  const ticks: number[] = [];
  for (let s = first; s <= to; s += step) ticks.push(s);
  return ticks;
}
