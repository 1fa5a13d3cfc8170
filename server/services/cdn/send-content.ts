import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Ctx } from '../../context';
import { errorSchema } from '../../engine/api';
import { ApiError } from '../../engine/errors';
import { contentStoreFor } from './content-store';
import { CACHE_ENTRY_MAX_BYTES, proxyCacheOf } from './proxy-cache';
import { parseRange } from './ranges';

/** One stored content at a path: what a content address answers. */
export interface ServedContent {
  contentHash: string;
  contentSize: number;
  contentType: string;
  blobKey: string;
}

export interface SendOptions {
  cacheControl: string;
  /** Where the content is served from (`<bucket or mod>`, the path), as the proxy cache shows it. */
  servedFrom: { scope: string; path: string };
  /** Counts the delivery: the bytes sent (0 for a 304). */
  count: (bytes: number) => void;
}

/**
 * Sends one content: a strong ETag (its SHA-256), `If-None-Match` → 304, `Range` → 206 (416 past the end), from the
 * proxy cache or streamed from the content store, never buffered whole beyond the proxy cache's entry size.
 */
export async function sendContent(ctx: Ctx, req: FastifyRequest, reply: FastifyReply, row: ServedContent, o: SendOptions) {
  const etag = `"${row.contentHash}"`;
  reply.header('etag', etag).header('cache-control', o.cacheControl).header('accept-ranges', 'bytes');
  const match = req.headers['if-none-match'];
  if (match && (match.trim() === '*' || match.split(',').some((m) => m.trim().replace(/^W\//, '') === etag))) {
    o.count(0);
    return reply.code(304).send();
  }
  const range = parseRange(req.headers.range, row.contentSize);
  if (range === 'unsatisfiable') {
    reply.header('content-range', `bytes */${row.contentSize}`);
    throw new ApiError(416, 'RANGE_NOT_SATISFIABLE', 'range not satisfiable');
  }
  const length = range ? range.end - range.start + 1 : row.contentSize;
  reply.header('content-type', row.contentType).header('content-length', length);
  if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${row.contentSize}`);
  o.count(length);
  const cache = proxyCacheOf(ctx);
  const { scope, path } = o.servedFrom;
  const cached = cache.get(row.contentHash, scope, path);
  if (cached) return reply.send(range ? cached.subarray(range.start, range.end + 1) : cached);
  const store = contentStoreFor(ctx.config);
  if (!range && row.contentSize <= CACHE_ENTRY_MAX_BYTES) {
    const chunks: Buffer[] = [];
    for await (const chunk of await store.open(row.blobKey)) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    cache.put(row.contentHash, scope, path, bytes);
    return reply.send(bytes);
  }
  return reply.send(await store.open(row.blobKey, range));
}

const error = (description: string) => ({ description, schema: errorSchema });

/** What a content address answers, documented: the content, a range, not modified, and its refusals. */
export const contentResponses = (served: string, refusals: Record<number, string>) => ({
  200: { description: served },
  206: { description: 'the range asked for' },
  304: { description: 'not modified (If-None-Match matched the ETag)' },
  400: error('the path is not a safe relative path'),
  ...Object.fromEntries(Object.entries(refusals).map(([status, description]) => [status, error(description)])),
  416: { ...error('the range lies outside the content'), errors: [{ code: 'RANGE_NOT_SATISFIABLE', message: 'range not satisfiable' }] },
});
