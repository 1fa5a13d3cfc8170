/** A profiling session's samples as the record keeps them (`series`): read by the server's summary and the console's charts. */

/** One array per measure, in time order; `null` where a sample did not say the measure. */
export interface SessionSeries {
  /** Milliseconds since the session started. */
  t: number[];
  frameMs: number[];
  memoryMb: (number | null)[];
  gcMs: (number | null)[];
}
