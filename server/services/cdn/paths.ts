import type { FieldError } from '../../engine/errors';

/** Longest entry path, as the schema says. */
export const MAX_PATH = 1024;

/**
 * Why an entry path is refused, or undefined: a path is relative to its bucket, `/`-separated, with no empty, `.`
 * or `..` segment, no backslash and no control character (NUL included), so it can never leave the bucket.
 */
export function pathProblem(path: string): string | undefined {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(path)) return 'path may not contain control characters';
  if (path.startsWith('/')) return 'path must be relative to the bucket (no leading /)';
  if (path.includes('\\')) return 'path may not contain a backslash';
  const segments = path.split('/');
  if (segments.some((s) => s === '..' || s === '.')) return 'path may not contain . or .. segments';
  if (segments.some((s) => s === '')) return 'path may not have empty segments';
  return undefined;
}

export const pathErrors = (path: string, field = '/path'): FieldError[] => {
  const problem = pathProblem(path);
  return problem ? [{ field, message: problem }] : [];
};

/** A directory as a prefix of its entries' paths: `''` for the root, else `a/b/`. */
export function directoryPrefix(dir: string | undefined): string {
  const trimmed = (dir ?? '').replace(/^\/+|\/+$/g, '');
  return trimmed ? `${trimmed}/` : '';
}
