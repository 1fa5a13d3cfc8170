import type { Queryable } from './types';

/** How long a health check waits for the database before calling it unavailable. */
export const HEALTH_PROBE_MS = 2_000;

/**
 * Whether the database answers a trivial query within `timeoutMs`. A database that hangs (rather than refusing
 * connections) makes this false after the wait, so health checks themselves answer promptly.
 */
export async function databaseAnswers(db: Queryable, timeoutMs = HEALTH_PROBE_MS): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const probe = db.query('SELECT 1').then(
    () => true,
    () => false,
  );
  const expired = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([probe, expired]);
  } finally {
    clearTimeout(timer);
  }
}
