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
