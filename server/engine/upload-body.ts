import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { ApiError } from './errors';

const tooLarge = () => new ApiError(413, 'PAYLOAD_TOO_LARGE', 'payload too large');

/**
 * A declared upload's bytes (`CallDecl.upload`): its Content-Type one of `types` or `application/octet-stream`
 * (415 otherwise), read up to `limit` bytes (413 beyond, or when the declared length says so before reading).
 */
export async function uploadOf(req: FastifyRequest, types: string[], limit: number): Promise<Buffer> {
  const type = String(req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (![...types, 'application/octet-stream'].includes(type)) throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'unsupported media type');
  if (Number(req.headers['content-length'] ?? 0) > limit) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req.body as Readable) {
    size += (chunk as Buffer).length;
    if (size > limit) throw tooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
