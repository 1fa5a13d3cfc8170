/**
 * The database could not be reached or dropped the connection: nothing the caller sent is wrong, and the same
 * request may succeed once the database is back. The server answers 503 for it.
 */
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super('database unavailable', { cause });
    this.name = 'DatabaseUnavailableError';
  }
}

/** Socket errors of a server that is down, unreachable or went away. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * SQLSTATEs that say the server cannot serve the session (not that the statement is wrong): connection exceptions
 * (class 08), shutdown and start-up (57P01–57P03), too many connections (53300).
 */
const SERVER_GONE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** What the pg driver and its pool throw when a connection fails, times out or is cut. */
const DRIVER_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /is not queryable$/,
  /^Query read timeout$/,
];

/** Whether an error from the driver means the database is unavailable rather than the statement failing. */
export function isUnavailable(err: unknown): boolean {
  if (err instanceof DatabaseUnavailableError) return true;
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_GONE_STATES.has(code) || code.startsWith('08'))) return true;
  if (code === undefined && DRIVER_MESSAGES.some((re) => re.test(err.message))) return true;
  // A connection that could not be opened is sometimes reported as an AggregateError of each address tried.
  if (err instanceof AggregateError) return err.errors.some(isUnavailable);
  return false;
}

/** Rethrows a driver error as DatabaseUnavailableError when that is what it means. */
export function classify(err: unknown): unknown {
  return isUnavailable(err) && !(err instanceof DatabaseUnavailableError) ? new DatabaseUnavailableError(err) : err;
}
