import type { LightMyRequestResponse } from 'fastify';

/** What is wrong with an error answer's shape — JSON `{ message, code, details? }` and nothing else — if anything. */
export function errorShapeProblem(res: LightMyRequestResponse): string | undefined {
  const type = String(res.headers['content-type'] ?? '');
  if (!type.startsWith('application/json')) return `error answered as '${type}'`;
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return 'error answer is not JSON';
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'error answer is not an object';
  const b = body as Record<string, unknown>;
  const extra = Object.keys(b).filter((k) => !['message', 'code', 'details'].includes(k));
  if (extra.length) return `error answer has ${extra.join(', ')}`;
  if (typeof b.message !== 'string' || !b.message) return 'error answer without a message';
  if (typeof b.code !== 'string' || !b.code) return 'error answer without a code';
  if (b.details !== undefined) {
    const ok = Array.isArray(b.details) && b.details.every((d) => typeof d === 'object' && d !== null && typeof d.field === 'string' && typeof d.message === 'string');
    if (!ok) return 'error details are not a list of { field, message }';
  }
  return undefined;
}
