/**
 * A package a call received (`CallDecl.upload`), read: what is not a package answers 400 with the reader's message at
 * `body`, a zip bomb 413 — the answer every service that takes packages gives.
 */
import { ApiError, badRequest } from '../engine/errors';
import { PackageError, readPackage, type PackageReading } from './index';

export function readUploadedPackage(file: Buffer | undefined): PackageReading {
  try {
    return readPackage(file ?? Buffer.alloc(0));
  } catch (e) {
    if (!(e instanceof PackageError)) throw e;
    if (e.status === 413) throw new ApiError(413, 'PAYLOAD_TOO_LARGE', e.message);
    throw badRequest([{ field: 'body', message: e.message }], e.message);
  }
}
