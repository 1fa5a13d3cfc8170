/**
 * UPR's bounds, as data read by the report calls' schemas, the server and the documentation's figures: how many
 * samples one report carries and one session keeps, and how long one sample's measures may be.
 */
export const UPR_LIMITS = {
  /** Samples in one report (a larger batch is refused whole, 400 at `/samples`). */
  samplesPerReport: 1000,
  /** Samples one session keeps; a report that would pass it is refused (400), nothing of it kept. */
  samplesPerSession: 20000,
  /** The longest frame, GC pause or sample time a sample may say, in milliseconds (ten minutes). */
  longestMs: 600_000,
  /** The largest memory a sample may say, in megabytes (1 TB). */
  largestMemoryMb: 1_000_000,
} as const;

/** The percentiles of frame time a session's summary gives. */
export const FRAME_PERCENTILES = [50, 95, 99] as const;
