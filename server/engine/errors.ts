/** The one error shape: HTTP status plus `{ message, code, details? }`. Messages are English dictionary keys. */
export interface FieldError {
  field: string;
  message: string;
}

/** A name as one segment of a field error's JSON pointer (`~` and `/` escaped, RFC 6901). */
export const escapePointer = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: FieldError[],
  ) {
    super(message);
  }

  toJSON() {
    return this.details ? { message: this.message, code: this.code, details: this.details } : { message: this.message, code: this.code };
  }
}

export const badRequest = (details: FieldError[], message = 'invalid parameters') =>
  new ApiError(400, 'INVALID_PARAMETERS', message, details);
export const unauthorized = (message = 'unauthorized') => new ApiError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = 'permission denied') => new ApiError(403, 'PERMISSION_DENIED', message);
export const notFound = (message = 'not found') => new ApiError(404, 'NOT_FOUND', message);
export const conflict = (code: 'INVALID_TRANSITION' | 'VERSION_CONFLICT' | 'DUPLICATE', message: string, details?: FieldError[]) =>
  new ApiError(409, code, message, details);
export const locked = () => new ApiError(423, 'ACCOUNT_LOCKED', 'the account violated the terms of use and cannot log in');
export const tooManyRequests = () => new ApiError(429, 'TOO_MANY_REQUESTS', 'too many requests');

/**
 * The errors the engine itself answers with each status, for the API document of a call that does not name its own
 * (`ResponseDef.errors`): the checks every mounted call goes through (input, credential, access, the record, its
 * version and unique fields, states, the body's size and type, the rate limits).
 */
export const STATUS_ERRORS: Record<number, { code: string; message: string }[]> = {
  400: [{ code: 'INVALID_PARAMETERS', message: 'invalid parameters' }],
  401: [{ code: 'UNAUTHORIZED', message: 'unauthorized' }],
  403: [{ code: 'PERMISSION_DENIED', message: 'permission denied' }],
  404: [{ code: 'NOT_FOUND', message: 'not found' }],
  409: [
    { code: 'VERSION_CONFLICT', message: 'version conflict' },
    { code: 'DUPLICATE', message: 'duplicate value' },
    { code: 'INVALID_TRANSITION', message: 'action not allowed from the current state' },
  ],
  413: [{ code: 'PAYLOAD_TOO_LARGE', message: 'payload too large' }],
  415: [{ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'unsupported media type' }],
  // A game's player (or the persona they play) who is banned; the console's sign-in names its own (ACCOUNT_LOCKED).
  423: [
    { code: 'PLAYER_BANNED', message: 'the player is banned' },
    { code: 'PERSONA_BANNED', message: 'the persona is banned' },
  ],
  429: [{ code: 'TOO_MANY_REQUESTS', message: 'too many requests' }],
  503: [{ code: 'DATABASE_UNAVAILABLE', message: 'database unavailable' }],
};
