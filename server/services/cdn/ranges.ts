import type { Range } from './content-store';

/**
 * A `Range` header's one byte range within `size` bytes: `bytes=a-b`, `bytes=a-`, `bytes=-n` (the last n). Undefined
 * when there is none to honour (absent, another unit, several ranges: the whole content is sent);
 * `unsatisfiable` when it starts past the end.
 */
export function parseRange(header: string | undefined, size: number): Range | 'unsatisfiable' | undefined {
  const m = /^bytes=(\d*)-(\d*)$/.exec((header ?? '').trim());
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  if (m[1] === '') {
    const last = Number(m[2]);
    if (last === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - last), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}
