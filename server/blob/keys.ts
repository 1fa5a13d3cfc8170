import { randomBytes } from 'node:crypto';
import { resolve, sep } from 'node:path';

/**
 * Blob keys: `apps/<appId>/<date>/<random>/<file name>`. Every segment is plain letters, digits, `.`, `_` and
 * `-`, and none starts with a dot, so a key can never climb out of its directory.
 */
const KEY = /^apps\/[A-Za-z0-9_-]{1,64}(\/[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}){1,6}$/;

export const MAX_KEY_LENGTH = 512;

export function isValidKey(key: string): boolean {
  return key.length <= MAX_KEY_LENGTH && KEY.test(key);
}

/** A file name reduced to the key's alphabet (the original is kept in the blob's metadata). */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(-100);
  return cleaned || 'file';
}

export function newKey(appId: string, fileName: string, now = new Date()): string {
  const day = now.toISOString().slice(0, 10);
  return `apps/${appId}/${day}/${randomBytes(12).toString('hex')}/${safeFileName(fileName)}`;
}

/** The app a key belongs to. */
export const appOfKey = (key: string) => key.split('/')[1];

/** Where a key lives under the blob directory; undefined for a key that is not one of ours or would leave it. */
export function localPath(root: string, key: string): string | undefined {
  if (!isValidKey(key)) return undefined;
  const base = resolve(root);
  const path = resolve(base, key);
  return path.startsWith(base + sep) ? path : undefined;
}
