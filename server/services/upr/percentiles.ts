/**
 * Percentiles of a sample, linearly interpolated between the closest ranks (Hyndman and Fan's type 7, the default
 * of R, NumPy and spreadsheets' PERCENTILE.INC): the p-th percentile of n sorted values lies at rank (n - 1) * p / 100.
 */
export function percentile(sorted: readonly number[], p: number): number {
  if (!sorted.length) throw new Error('no values');
  if (!(p >= 0 && p <= 100)) throw new Error(`percentile ${p} is not within 0..100`);
  const rank = ((sorted.length - 1) * p) / 100;
  const below = Math.floor(rank);
  const above = Math.min(below + 1, sorted.length - 1);
  return sorted[below] + (sorted[above] - sorted[below]) * (rank - below);
}

/** Several percentiles of unsorted values, sorting them once. */
export function percentiles(values: readonly number[], ps: readonly number[]): number[] {
  const sorted = [...values].sort((a, b) => a - b);
  return ps.map((p) => percentile(sorted, p));
}
