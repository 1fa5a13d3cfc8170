import type { Readable } from 'node:stream';
import type { JsonSchema } from '../../resources/types';
import type { Ctx } from '../context';
import { Api, errorSchema, type RouteDef } from '../engine/api';
import { ApiError, badRequest, forbidden, notFound } from '../engine/errors';
import { recordOperation } from '../audit';
import { appOfKey, isValidKey, MAX_KEY_LENGTH } from './keys';
import { openBlob, writeBlob } from './local-files';
import type { Signer } from './signing';
import { downloadParts, uploadParts } from './store';

const signedQuery = {
  expires: { type: 'integer', minimum: 0, maximum: 1e11 },
  sig: { type: 'string', minLength: 1, maxLength: 100 },
} as const;

const uploadQuery: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['key', 'expires', 'size', 'type', 'sig'],
  properties: {
    key: { type: 'string', minLength: 1, maxLength: MAX_KEY_LENGTH },
    size: { type: 'integer', minimum: 1, maximum: 1e13 },
    type: { type: 'string', minLength: 3, maxLength: 100 },
    ...signedQuery,
  },
};

const error = (description: string) => ({ description, schema: errorSchema });
const tooLarge = () => new ApiError(413, 'PAYLOAD_TOO_LARGE', 'payload too large');

/** The media type of a Content-Type header, without parameters, lower-case. */
const mediaType = (header: string | undefined) => (header ?? '').split(';')[0].trim().toLowerCase();

/** Checks a link's signature first (nothing else is said about a forged link), then its expiry. */
async function checkLink(signer: Signer, parts: string[], sig: string, expires: number): Promise<void> {
  if (!(await signer.verify(parts, sig))) throw forbidden('invalid signature');
  if (expires * 1000 < Date.now()) throw forbidden('link expired');
}

/** A route whose body is the raw bytes, whatever their type: its own scope, so JSON parsing elsewhere is untouched. */
export function rawBodyRoute(api: Api, def: RouteDef): void {
  api.routes.push(def);
  void api.app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, payload, done) => done(null, payload));
    new Api(scope).route(def);
  });
}

/** The local blob store's signed upload and download links (S3-compatible stores serve their own). */
export function mountBlob(api: Api, ctx: Ctx, signer: Signer): void {
  rawBodyRoute(api, {
    method: 'PUT',
    url: '/blob/upload',
    summary: 'Upload the bytes of a granted file (body: the raw bytes, with the granted Content-Type); see POST /api/cos-token',
    tag: 'uploads',
    auth: 'none',
    querystring: uploadQuery,
    responses: {
      200: { description: 'stored', schema: { type: 'object', properties: { Key: { type: 'string' }, Size: { type: 'integer' } } } },
      400: error('the key, the content type or the size differs from the grant'),
      403: error('the link is forged or expired'),
      413: error('more bytes than granted'),
    },
    handler: async (req) => {
      const q = req.query as { key: string; expires: number; size: number; type: string; sig: string };
      await checkLink(signer, uploadParts(q.key, q.expires, q.size, q.type), q.sig, q.expires);
      if (!isValidKey(q.key)) throw badRequest([{ field: 'query.key', message: 'invalid key' }]);
      if (mediaType(req.headers['content-type']) !== mediaType(q.type)) {
        throw badRequest([{ field: 'headers.content-type', message: 'content type does not match the upload grant' }]);
      }
      if (q.size > ctx.config.uploadLimitBytes) throw tooLarge();
      const declared = req.headers['content-length'];
      if (declared !== undefined && Number(declared) > q.size) throw tooLarge();
      const outcome = await writeBlob(ctx.config.blobDir, q.key, req.body as Readable, q.size);
      if (outcome === 'too-large') throw tooLarge();
      if (outcome === 'size-mismatch') throw badRequest([{ field: 'headers.content-length', message: 'size does not match the upload grant' }]);
      await ctx.db.transaction(async (tx) => {
        const res = await tx.query<{ granted_by: string }>(
          `UPDATE blobs SET status = 'stored', stored_at = now() WHERE key = $1 RETURNING granted_by`,
          [q.key],
        );
        await recordOperation(tx, {
          actor: res.rows[0]?.granted_by ?? 'guest:upload-link',
          appId: appOfKey(q.key),
          action: 'blob.upload',
          target: q.key,
          after: { Size: q.size, ContentType: q.type },
        });
      });
      return { Key: q.key, Size: q.size };
    },
  });

  api.route({
    method: 'GET',
    url: '/blob/*',
    summary: 'Download a stored file with a signed link (handed out with its upload grant)',
    tag: 'uploads',
    auth: 'none',
    params: { type: 'object', required: ['*'], properties: { '*': { type: 'string', minLength: 1, maxLength: MAX_KEY_LENGTH } } },
    querystring: { type: 'object', additionalProperties: false, required: ['expires', 'sig'], properties: signedQuery },
    responses: { 200: { description: 'the bytes' }, 403: error('the link is forged or expired'), 404: error('nothing stored under this key') },
    handler: async (req, reply) => {
      const key = (req.params as { '*': string })['*'];
      const q = req.query as { expires: number; sig: string };
      await checkLink(signer, downloadParts(key, q.expires), q.sig, q.expires);
      const file = await openBlob(ctx.config.blobDir, key);
      if (!file) throw notFound();
      const meta = await ctx.db.query<{ content_type: string; file_name: string }>('SELECT content_type, file_name FROM blobs WHERE key = $1', [key]);
      const { content_type = 'application/octet-stream', file_name = key.split('/').pop()! } = meta.rows[0] ?? {};
      reply
        .header('content-type', content_type)
        .header('content-length', file.size)
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file_name)}`)
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, max-age=3600');
      return reply.send(file.stream);
    },
  });
}
