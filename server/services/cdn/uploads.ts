import type { Readable } from 'node:stream';
import { assetStreaming } from '../../../resources/asset-streaming';
import { MD5_HEX, SHA256_HEX } from '../../../resources/cdn/calls';
import type { Ctx } from '../../context';
import { requestOrigin } from '../../auth/callers';
import { rawBodyRoute } from '../../blob/routes';
import { errorSchema, type Api } from '../../engine/api';
import type { CallHandlers } from '../../engine/declared-calls';
import { ApiError, badRequest, forbidden } from '../../engine/errors';
import { cdnSigner } from './access-tokens';
import { blobKeyOf, contentStoreFor } from './content-store';
import { contentOf, storeContentRow } from './contents';

/** How long an upload grant stays usable. */
export const UPLOAD_GRANT_SECONDS = 15 * 60;
export const UPLOAD_PATH = `${assetStreaming.base}/uploads/:hash`;

const tooLarge = () => new ApiError(413, 'PAYLOAD_TOO_LARGE', 'content larger than the upload limit');
const grantParts = (hash: string, size: number, md5: string, expires: number) => ['cdn-upload', hash, String(size), md5, String(expires)];


/** `uploadtoken/{hash}`: already stored anywhere in the deployment, or a signed grant for exactly this hash and size. */
export function uploadCalls(ctx: Ctx): CallHandlers {
  return {
    'entries.uploadToken': async ({ req, params, input }) => {
      const { size, md5 = '' } = input as { size: number; md5?: string };
      const stored = await contentOf(ctx.db, params.hash);
      if (stored) return { stored: true, contentHash: stored.hash, contentSize: stored.size };
      if (size > ctx.config.uploadLimitBytes) throw tooLarge();
      const expires = Math.floor(Date.now() / 1000) + UPLOAD_GRANT_SECONDS;
      const sig = await cdnSigner(ctx).sign(grantParts(params.hash, size, md5, expires));
      const query = new URLSearchParams({ size: String(size), ...(md5 ? { md5 } : {}), expires: String(expires), sig });
      return {
        stored: false,
        contentHash: params.hash,
        contentSize: size,
        uploadUrl: `${requestOrigin(req)}${UPLOAD_PATH.replace(':hash', params.hash)}?${query}`,
        expiresAt: new Date(expires * 1000).toISOString(),
      };
    },
  };
}

const uploadQuery = {
  type: 'object',
  additionalProperties: false,
  required: ['size', 'expires', 'sig'],
  properties: {
    size: { type: 'integer', minimum: 0, maximum: 1e15 },
    md5: MD5_HEX,
    expires: { type: 'integer', minimum: 0, maximum: 1e12 },
    sig: { type: 'string', minLength: 1, maxLength: 200 },
  },
};

const error = (description: string) => ({ description, schema: errorSchema });

/** The upload a grant allows: the raw bytes, checked against the granted hashes and size before anything is kept. */
export function mountContentUpload(api: Api, ctx: Ctx): void {
  rawBodyRoute(api, {
    method: 'PUT',
    url: UPLOAD_PATH,
    summary: 'Upload content granted by uploadtoken (body: the raw bytes); kept only when its size, SHA-256 and MD5 match the grant',
    tag: assetStreaming.name,
    auth: 'none',
    params: { type: 'object', additionalProperties: false, required: ['hash'], properties: { hash: SHA256_HEX } },
    querystring: uploadQuery,
    responses: {
      200: { description: 'stored', schema: { type: 'object', properties: { contentHash: SHA256_HEX, contentMd5: MD5_HEX, contentSize: { type: 'integer' } } } },
      400: error('the bytes do not match the granted hash or size'),
      403: error('the grant is forged or expired'),
      413: error('more bytes than granted, or over the upload limit'),
    },
    handler: async (req) => {
      const { hash } = req.params as { hash: string };
      const q = req.query as { size: number; md5?: string; expires: number; sig: string };
      const valid = await cdnSigner(ctx).verify(grantParts(hash, q.size, q.md5 ?? '', q.expires), q.sig);
      if (!valid || q.expires * 1000 < Date.now()) throw forbidden('upload grant invalid or expired');
      if (q.size > ctx.config.uploadLimitBytes) throw tooLarge();
      const known = await contentOf(ctx.db, hash);
      if (known) return { contentHash: known.hash, contentMd5: known.md5, contentSize: known.size };
      const outcome = await contentStoreFor(ctx.config).put(req.body as Readable, { hash, size: q.size, md5: q.md5 });
      if (!outcome.ok) {
        if (outcome.problem === 'too-large') throw tooLarge();
        const field = outcome.problem === 'size' ? 'headers.content-length' : `body.${outcome.problem}`;
        const message = outcome.problem === 'size' ? 'size does not match the upload grant' : `${outcome.problem === 'md5' ? 'MD5' : 'SHA-256'} of the content does not match`;
        throw badRequest([{ field, message }]);
      }
      await storeContentRow(ctx.db, { hash, md5: outcome.md5, size: q.size, blobKey: blobKeyOf(hash) });
      return { contentHash: hash, contentMd5: outcome.md5, contentSize: q.size };
    },
  });
}
