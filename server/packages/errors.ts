/**
 * Why a file could not be read as a package. `message` is an English key of `resources/messages/` (the server answers
 * it with `status`); `field` is where the caller sent the file.
 */
export class PackageError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 413 = 400,
  ) {
    super(message);
  }
}

export const NOT_A_PACKAGE = 'not an installation package';
export const PACKAGE_TOO_LARGE = 'the package unpacks to more than the limit';
export const PACKAGE_RATIO = 'the package is compressed beyond the allowed ratio';
